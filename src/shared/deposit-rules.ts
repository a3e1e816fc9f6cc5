/**
 * The two rules of a deposit's amount a manager sets (Settings → Limits), and what they are until then: one
 * place for main's stored defaults and for the Deposit screen before the settings have answered.
 */
export interface DepositRules {
  /** Amounts above this are typed twice. */
  doubleEntryAboveDirhams: number
  /** The largest single deposit; anything above is refused (a phone number typed as an amount, a slip). */
  depositMaxDirhams: number
}

/**
 * Above 500 LYD typed twice; 5,000 LYD at most: far above a counter deposit, far below a phone number typed
 * into the amount field (941234567 LYD). A manager changes both in Settings.
 */
export const DEFAULT_DEPOSIT_RULES: DepositRules = {
  doubleEntryAboveDirhams: 500_000,
  depositMaxDirhams: 5_000_000,
}

/** The rules of the settings as main last gave them, or the defaults main starts from. */
export function depositRulesOf(settings: Partial<DepositRules> | null | undefined): DepositRules {
  return {
    doubleEntryAboveDirhams:
      settings?.doubleEntryAboveDirhams ?? DEFAULT_DEPOSIT_RULES.doubleEntryAboveDirhams,
    depositMaxDirhams: settings?.depositMaxDirhams ?? DEFAULT_DEPOSIT_RULES.depositMaxDirhams,
  }
}
