import type { PayoutFailure } from './payout-failure'

/**
 * What a PayPal payout that did not arrive means for its seller, by PayPal's error name (an item's
 * `errors.name`, a refused batch's name) or, when PayPal gave none, by the item's status (BLOCKED,
 * RETURNED, …). No zod here: the seller's pages import this in the browser. The page showing a failure says
 * once where the money is; these words do not repeat it, except for RETURNED, whose money went out and
 * came back.
 */

const WITHDRAW_AGAIN = 'then withdraw again'

export const PAYPAL_PAYOUT_FAILURES: Readonly<Record<string, PayoutFailure>> = {
  RECEIVER_UNREGISTERED: {
    title: 'No PayPal account uses that e-mail address',
    text: `PayPal has no account with the e-mail address you gave. Check it, or use the address you sign in to PayPal with, ${WITHDRAW_AGAIN}.`,
    action: 'fix-destination',
  },
  RECEIVER_UNCONFIRMED: {
    title: 'Your PayPal e-mail address is not confirmed',
    text: `The PayPal account with that e-mail address has not confirmed it yet. Confirm it in PayPal (look for PayPal's e-mail asking you to), ${WITHDRAW_AGAIN}.`,
    action: 'fix-destination',
  },
  RECEIVER_ACCOUNT_LOCKED: {
    title: 'That PayPal account cannot receive money',
    text: `PayPal has locked or limited the account with that e-mail address. Sort it out with PayPal, or give the e-mail address of another PayPal account, ${WITHDRAW_AGAIN}.`,
    action: 'fix-destination',
  },
  RECEIVING_LIMIT_EXCEEDED: {
    title: 'Your PayPal account reached its receiving limit',
    text: 'The PayPal account has received as much as PayPal allows it for now. Lift the limit in PayPal (it may ask you to verify the account), or withdraw a smaller amount later.',
    action: 'smaller-or-later',
  },
  CURRENCY_NOT_SUPPORTED_FOR_RECEIVER: {
    title: 'Your PayPal account does not take this currency',
    text: `The PayPal account with that e-mail address cannot receive payments in this currency. Add the currency in your PayPal settings, or let PayPal convert payments, ${WITHDRAW_AGAIN}.`,
    action: 'fix-destination',
  },
  INSUFFICIENT_FUNDS: {
    title: 'Delayed on our side',
    text: "Soko's PayPal balance was too low to send your payout. This is not your doing: Soko sends it again by itself once the balance is topped up.",
    action: 'we-retry',
  },
  RETURNED: {
    title: 'Nobody claimed the payment, so it came back',
    text: `PayPal sent the money to that e-mail address, but no PayPal account claimed it (usually because none uses that address), so PayPal returned it: the money is back in your Soko balance. Check the address, or open a PayPal account with it, ${WITHDRAW_AGAIN}.`,
    action: 'fix-destination',
  },
  BLOCKED: {
    title: 'PayPal blocked this payout',
    text: 'PayPal stopped this payment to your account, for reasons of its own. Ask PayPal about your account, or choose another way to be paid.',
    action: 'fix-destination',
  },
  DENIED: {
    title: 'PayPal refused this payout',
    text: 'PayPal would not send this payment to your account. Ask PayPal about your account, or choose another way to be paid.',
    action: 'fix-destination',
  },
  REFUNDED: {
    title: 'The payment was sent back from PayPal',
    text: `The PayPal account you withdrew to sent the payment back to Soko. If that was a mistake, check your PayPal e-mail address, ${WITHDRAW_AGAIN}.`,
    action: 'fix-destination',
  },
  REVERSED: {
    title: 'PayPal reversed this payout',
    text: 'PayPal took this payment back after sending it. Ask PayPal about your account, or choose another way to be paid.',
    action: 'fix-destination',
  },
}

/** For any name PayPal may add: nothing the seller can usefully change on their own, so people look. */
const UNKNOWN: PayoutFailure = {
  title: 'PayPal could not send your payout',
  text: 'PayPal did not send this payment and gave a reason Soko does not know. Soko has been told and is looking into it.',
  action: 'admins',
}

/** A PayPal payout's failure in the seller's words, by PayPal's error name or the item's status. */
export function paypalPayoutFailure(name: string): PayoutFailure {
  return Object.hasOwn(PAYPAL_PAYOUT_FAILURES, name) ? (PAYPAL_PAYOUT_FAILURES[name] ?? UNKNOWN) : UNKNOWN
}

/**
 * For a payout still on its way as UNCLAIMED (not a failure yet): the money waits at PayPal for an account
 * to claim the address, and comes back by itself after 30 days.
 */
export const PAYPAL_UNCLAIMED_TEXT =
  'PayPal sent the money to your e-mail address, but no PayPal account has claimed it yet. Sign up to PayPal with that address (or add it to your account) within 30 days to receive it; otherwise it comes back to your Soko balance.'
