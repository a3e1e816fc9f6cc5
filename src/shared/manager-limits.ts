/**
 * Values of the manager tools that main's schemas and the renderer's forms share, kept apart from the
 * schemas so the renderer never bundles the validation library.
 */
export const PIN_MIN_DIGITS = 4
export const PIN_MAX_DIGITS = 12
export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const
