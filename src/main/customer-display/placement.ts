import type { CustomerDisplaySettings, DisplayInfo } from '../../shared/customer-view'

/**
 * The display the customer window goes on, or null for none: the one the manager chose, found by its id, or —
 * when the system renumbered its displays — by its label. Nothing opens when the chosen display is not there:
 * on a PC with one display that means nothing opens unless the manager chose that very display (asked for it),
 * and a display found by its label alone must be one of several (a lone display is never taken for another).
 */
export function chooseDisplay(
  displays: readonly DisplayInfo[],
  choice: CustomerDisplaySettings['display'],
): DisplayInfo | null {
  if (!choice) return null
  const byId = displays.find((d) => d.id === choice.id)
  if (byId) return byId
  if (choice.label === '' || displays.length < 2) return null
  const byLabel = displays.filter((d) => d.label === choice.label)
  return byLabel.length === 1 ? (byLabel[0] ?? null) : null
}

/** Whether a window's bounds are the display's: a window the system moved is put back. */
export function coversDisplay(bounds: DisplayInfo['bounds'], display: DisplayInfo): boolean {
  const d = display.bounds
  return bounds.x === d.x && bounds.y === d.y && bounds.width === d.width && bounds.height === d.height
}
