/**
 * The manager tools' calls (people and sessions, attention resolution, reports, exports, backups), spread into
 * DESK_METHODS. Names only, so the preload can build `window.api` without bundling the schemas.
 */
export const MANAGER_METHODS = [
  'getSession',
  'touchSession',
  'createManager',
  'signIn',
  'signOut',
  'listPeople',
  'addClerk',
  'updateClerk',
  'resolveEntry',
  'annotateEntry',
  'getReport',
  'getXReport',
  'closeDay',
  'listZReports',
  'getZReport',
  'printReport',
  'exportReport',
  'getExportProgress',
  'backupNow',
] as const

export type ManagerMethod = (typeof MANAGER_METHODS)[number]
