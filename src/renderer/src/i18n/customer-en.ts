import { amountInWords } from './amount-words'

/**
 * What the customer display says, in English: short, large, in words a customer understands — never
 * "unknown", never an error code. The customer page's own small bundle (it loads nothing of the desk's).
 */
export const customerEn = {
  direction: 'ltr' as 'ltr' | 'rtl',
  currency: 'LYD',
  amountInWords: (dinars: number, dirhams: number) => amountInWords('en', dinars, dirhams),
  training: 'TRAINING — no real money',
  welcome: 'Welcome',
  wait: 'Please wait',
  deposit: 'Deposit to your wallet',
  isThisYou: 'Is this you?',
  yesThisIsMe: 'Yes, this is me',
  tellTheClerk: 'Tell the clerk if it is not.',
  amount: 'Amount',
  amountComing: 'The clerk is entering the amount…',
  willSend: 'The clerk will now send this',
  voucher: 'Prepaid voucher',
  codeOnReceipt: 'Your code is on your receipt',
  done: 'Done',
  at: 'at',
  notSent: 'Not sent',
  notSentDeposit: 'The money was not sent. The clerk will tell you what to do.',
  notSentVoucher: 'No voucher was made. The clerk will tell you what to do.',
  checking: 'We are checking with the provider',
  checkingHint: 'The clerk will tell you as soon as we know.',
}

export type CustomerMessages = typeof customerEn
