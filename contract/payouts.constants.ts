/** The words of payouts that the server's tables and the app's pages share. */
import { say } from './say'

/** Where a payout goes: an M-Pesa number (B2C), a PayPal e-mail (Payouts), a bank account (by hand). */
export const PAYOUT_RAILS = ['mpesa', 'paypal', 'bank'] as const
export type PayoutRail = (typeof PAYOUT_RAILS)[number]

/** `instant`: sent now, for a fee. `standard`: joins the next scheduled run (06:00 the seller's time), free. */
export const PAYOUT_SPEEDS = ['instant', 'standard'] as const
export type PayoutSpeed = (typeof PAYOUT_SPEEDS)[number]

/**
 * A payout's life. `approval`: waits for an admin (a seller's first payout, or a large one). `scheduled`:
 * waits for its run. `sending`: committed, the provider being asked (or asked again after a restart).
 * `processing`: the provider took it; its result will say. `paid`, `failed` (the money is back in the
 * balance), `returned` (it reached the provider and came back), `cancelled` by the seller before it went.
 */
export const PAYOUT_STATUSES = [
  'approval',
  'scheduled',
  'sending',
  'processing',
  'paid',
  'failed',
  'returned',
  'cancelled',
] as const
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number]

/** A payout can still be called off: it has not gone to a provider. */
export const CANCELLABLE_PAYOUT: readonly PayoutStatus[] = ['approval', 'scheduled']

export const PAYOUT_FREQUENCIES = ['manual', 'daily', 'weekly', 'monthly'] as const
export type PayoutFrequency = (typeof PAYOUT_FREQUENCIES)[number]

/**
 * How long the Soko team's approval of a payout usually takes (a seller's first, or one above the approval
 * amount): the withdraw page says it before the seller confirms, and the payout's timeline after.
 */
export const APPROVAL_TAKES = 'usually within a working day'

/** The hour (in the seller's time zone) scheduled payouts are sent. */
export const PAYOUT_RUN_HOUR = 6

/** The currencies PayPal pays out in, of those Soko sells in. */
export const PAYPAL_PAYOUT_CURRENCIES = ['USD', 'EUR', 'GBP'] as const

/**
 * The statuses' English, the reference copy: the seller's pages write each in the page's language by their
 * own ids (src/features/payouts/withdraw-model.ts).
 */
export const PAYOUT_STATUS_TEXT: Record<PayoutStatus, string> = {
  // i18n-ignore: the English reference copy, translated by the app's own ids
  approval: 'Waiting for approval',
  scheduled: 'Scheduled',
  sending: 'Sending',
  // i18n-ignore: the English reference copy, translated by the app's own ids
  processing: 'On the way',
  paid: 'Paid',
  // i18n-ignore: the English reference copy, translated by the app's own ids
  failed: 'Failed — money back in your balance',
  // i18n-ignore: the English reference copy, translated by the app's own ids
  returned: 'Returned — money back in your balance',
  cancelled: 'Cancelled',
}

/** The smallest amount a rail sends, in minor units: M-Pesa sends whole shillings, the others any cent. */
export function railStep(rail: PayoutRail): number {
  return rail === 'mpesa' ? 100 : 1
}

/**
 * The fee of an instant payout: basis points of the amount, rounded up to the rail's step, so that what
 * arrives can be sent (KES 500 to M-Pesa at 1.5% costs KES 8, and KES 492 arrives).
 */
export function instantFeeOf(amount: number, feeBps: number, rail: PayoutRail): number {
  const step = railStep(rail)
  return Math.ceil(Math.ceil((amount * feeBps) / 10_000) / step) * step
}

/** The message of a reject without its reason. */
export const REJECT_REASON_MESSAGE = /*i18n*/ {
  id: 'payouts.rejectReason',
  message: 'Tell the seller why it is not approved (at least 5 characters)',
}

/** An admin who does not approve a payout says why: the seller reads it on the payout (and it is logged). */
export const REJECT_REASON = {
  min: 5,
  max: 300,
  message: say(REJECT_REASON_MESSAGE),
} as const
