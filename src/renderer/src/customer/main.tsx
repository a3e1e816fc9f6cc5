import '@fontsource-variable/noto-sans-arabic/index.css'
import '../styles/customer.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { CustomerPage } from './CustomerPage'

// Nothing to select, drag, open a menu on or zoom: the customer reads, and presses at most one button.
for (const event of ['contextmenu', 'dragstart', 'selectstart'] as const) {
  document.addEventListener(event, (e) => e.preventDefault())
}

const root = document.getElementById('customer')
if (root)
  createRoot(root).render(
    <StrictMode>
      <CustomerPage />
    </StrictMode>,
  )
