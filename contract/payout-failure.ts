/**
 * What a failed payout tells its seller: a plain title, what happened in their words, and what happens
 * next. Each rail (M-Pesa B2C result codes, PayPal payout error names) maps its codes onto this.
 */
export type PayoutFailureAction =
  /** The destination is wrong or cannot receive: the seller fixes or changes it, then withdraws again. */
  | 'fix-destination'
  /** A limit on the receiving side: a smaller amount, or later. */
  | 'smaller-or-later'
  /** Not the seller's doing (the platform's float, a busy system): Soko tries again by itself. */
  | 'we-retry'
  /** An operator's configuration error: admins are alerted; the seller only learns it is being looked at. */
  | 'admins'
  /** The result is not known yet: Soko asks the provider where it stands, never sends again blindly. */
  | 'ask-status'

export interface PayoutFailure {
  /** Short, for a status line: "Number not registered on M-Pesa". */
  title: string
  /** One or two sentences for the seller: what happened and what to do, with no provider jargon. */
  text: string
  action: PayoutFailureAction
}
