import { MANAGER_METHODS } from './manager-methods'

/**
 * Every call the desk offers the renderer, by name. Kept apart from the schemas so the preload and the
 * renderer can build `window.api` from it without bundling the validation library.
 */
export const DESK_METHODS = [
  'getStatus',
  'configureService',
  'useTraining',
  'useLive',
  'listDenominations',
  'generateVoucher',
  'lookupCustomer',
  'deposit',
  'retryDeposit',
  'recoverNow',
  'listJournal',
  'getEntry',
  'getDailyLimit',
  'listNotices',
  'dismissNotice',
  'getSettings',
  'updateSettings',
  'setLanguage',
  'testConnection',
  'saveDiagnostics',
  'printReceipt',
  'getReceiptPreview',
  'saveReceiptPdf',
  'listPrinters',
  'printTestReceipt',
  ...MANAGER_METHODS,
] as const

export type DeskMethod = (typeof DESK_METHODS)[number]

export function isDeskMethod(name: unknown): name is DeskMethod {
  return typeof name === 'string' && (DESK_METHODS as readonly string[]).includes(name)
}
