/** The desk's own words about the customer display (the clerk's deposit, the manager's settings card). */
export const customerDeskEn = {
  confirmedByCustomer: 'The customer confirmed the name on their screen.',
  nameConfirmedBy: 'Name confirmed by',
  confirmedBy: { clerk: 'the clerk', customer: 'the customer, on the customer display' },
  title: 'Customer display',
  intro:
    'A second screen facing the customer shows the account holder’s first name, the phone’s last digits and the amount before a deposit is sent, a voucher’s value, and the outcome — never a voucher code. It goes back to Welcome a few seconds after a sale, and at once on sign-out or lock.',
  display: 'Display',
  none: 'None (off)',
  unnamedDisplay: 'Display',
  clerkScreen: 'the clerk’s screen',
  touch: 'touch',
  notConnected: (label: string) => `${label || 'The chosen display'} (not connected)`,
  onClerkScreen:
    'This is the screen the desk itself is on: the customer display will cover it (Alt+Tab brings the desk back). Choose it only to try the display.',
  showing: 'Showing now.',
  notShowing: 'Not showing: the chosen display is not connected. It opens by itself when it is.',
  noWindows:
    'This copy of the desk places no window on a display (browser shell): the customer page has its own address.',
  language: 'Customer’s language',
  languages: { ar: 'Arabic', en: 'English', both: 'Arabic and English side by side' },
  customerConfirms: 'The customer may press “Yes, this is me” (touch screens)',
  customerConfirmsHint:
    'The clerk’s answer still rules: the clerk can go back or stop, and sends the deposit. The journal records who confirmed the name.',
  saved: 'Saved.',
}

export type CustomerDeskMessages = typeof customerDeskEn
