import { CUSTOMER_LANGUAGES, type CustomerDisplaySettings } from '../../shared/customer-view'

/** No customer display until a manager chooses one; Arabic; the clerk alone confirms the name. */
export const DEFAULT_CUSTOMER_DISPLAY_SETTINGS: CustomerDisplaySettings = {
  display: null,
  language: 'ar',
  customerConfirms: false,
}

/** The customer display's settings from a stored file: known values only, defaults for the rest. */
export function sanitizeCustomerDisplaySettings(raw: unknown): CustomerDisplaySettings {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}
  const d = r.display && typeof r.display === 'object' ? (r.display as Record<string, unknown>) : null
  const display =
    d && typeof d.id === 'number' && Number.isFinite(d.id)
      ? { id: d.id, label: typeof d.label === 'string' ? d.label.slice(0, 200) : '' }
      : null
  return {
    display,
    language: (CUSTOMER_LANGUAGES as readonly unknown[]).includes(r.language)
      ? (r.language as CustomerDisplaySettings['language'])
      : DEFAULT_CUSTOMER_DISPLAY_SETTINGS.language,
    customerConfirms: r.customerConfirms === true,
  }
}
