import '@fontsource-variable/noto-sans-arabic/index.css'
import './styles/app.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { sessionStore } from './app/stores'

// Who is signed in decides the first screen: ask main now, while React renders its first frame.
void sessionStore.getState().load()

const root = document.getElementById('root')
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
