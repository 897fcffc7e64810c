import type { Message } from './i18n'
import type { WrittenFailure } from './mpesa-b2c'
import type { PayoutFailure } from './payout-failure'

/**
 * What a PayPal payout that did not arrive means for its seller, by PayPal's error name (an item's
 * `errors.name`, a refused batch's name) or, when PayPal gave none, by the item's status (BLOCKED,
 * RETURNED, …). No zod here: the seller's pages import this in the browser. The page showing a failure says
 * once where the money is; these words do not repeat it, except for RETURNED, whose money went out and
 * came back. Each title and text is a message with its id, stored beside the English so the seller reads
 * it in their language (server/features/payouts/notes.ts).
 */

export const PAYPAL_PAYOUT_MESSAGES = {
  unregisteredTitle: /*i18n*/ {
    id: 'payouts.paypal.unregistered.title',
    message: 'No PayPal account uses that e-mail address',
  },
  unregisteredText: /*i18n*/ {
    id: 'payouts.paypal.unregistered.text',
    message:
      'PayPal has no account with the e-mail address you gave. Check it, or use the address you sign in to PayPal with, then withdraw again.',
  },
  unconfirmedTitle: /*i18n*/ {
    id: 'payouts.paypal.unconfirmed.title',
    message: 'Your PayPal e-mail address is not confirmed',
  },
  unconfirmedText: /*i18n*/ {
    id: 'payouts.paypal.unconfirmed.text',
    message:
      "The PayPal account with that e-mail address has not confirmed it yet. Confirm it in PayPal (look for PayPal's e-mail asking you to), then withdraw again.",
  },
  lockedTitle: /*i18n*/ {
    id: 'payouts.paypal.locked.title',
    message: 'That PayPal account cannot receive money',
  },
  lockedText: /*i18n*/ {
    id: 'payouts.paypal.locked.text',
    message:
      'PayPal has locked or limited the account with that e-mail address. Sort it out with PayPal, or give the e-mail address of another PayPal account, then withdraw again.',
  },
  limitTitle: /*i18n*/ {
    id: 'payouts.paypal.receiving-limit.title',
    message: 'Your PayPal account reached its receiving limit',
  },
  limitText: /*i18n*/ {
    id: 'payouts.paypal.receiving-limit.text',
    message:
      'The PayPal account has received as much as PayPal allows it for now. Lift the limit in PayPal (it may ask you to verify the account), or withdraw a smaller amount later.',
  },
  currencyTitle: /*i18n*/ {
    id: 'payouts.paypal.currency.title',
    message: 'Your PayPal account does not take this currency',
  },
  currencyText: /*i18n*/ {
    id: 'payouts.paypal.currency.text',
    message:
      'The PayPal account with that e-mail address cannot receive payments in this currency. Add the currency in your PayPal settings, or let PayPal convert payments, then withdraw again.',
  },
  ourSideTitle: /*i18n*/ { id: 'payouts.paypal.our-side.title', message: 'Delayed on our side' },
  ourSideText: /*i18n*/ {
    id: 'payouts.paypal.our-side.text',
    message:
      "Soko's PayPal balance was too low to send your payout. This is not your doing: Soko sends it again by itself once the balance is topped up.",
  },
  returnedTitle: /*i18n*/ {
    id: 'payouts.paypal.returned.title',
    message: 'Nobody claimed the payment, so it came back',
  },
  returnedText: /*i18n*/ {
    id: 'payouts.paypal.returned.text',
    message:
      'PayPal sent the money to that e-mail address, but no PayPal account claimed it (usually because none uses that address), so PayPal returned it: the money is back in your Soko balance. Check the address, or open a PayPal account with it, then withdraw again.',
  },
  blockedTitle: /*i18n*/ { id: 'payouts.paypal.blocked.title', message: 'PayPal blocked this payout' },
  blockedText: /*i18n*/ {
    id: 'payouts.paypal.blocked.text',
    message:
      'PayPal stopped this payment to your account, for reasons of its own. Ask PayPal about your account, or choose another way to be paid.',
  },
  deniedTitle: /*i18n*/ { id: 'payouts.paypal.denied.title', message: 'PayPal refused this payout' },
  deniedText: /*i18n*/ {
    id: 'payouts.paypal.denied.text',
    message:
      'PayPal would not send this payment to your account. Ask PayPal about your account, or choose another way to be paid.',
  },
  refundedTitle: /*i18n*/ {
    id: 'payouts.paypal.refunded.title',
    message: 'The payment was sent back from PayPal',
  },
  refundedText: /*i18n*/ {
    id: 'payouts.paypal.refunded.text',
    message:
      'The PayPal account you withdrew to sent the payment back to Soko. If that was a mistake, check your PayPal e-mail address, then withdraw again.',
  },
  reversedTitle: /*i18n*/ { id: 'payouts.paypal.reversed.title', message: 'PayPal reversed this payout' },
  reversedText: /*i18n*/ {
    id: 'payouts.paypal.reversed.text',
    message:
      'PayPal took this payment back after sending it. Ask PayPal about your account, or choose another way to be paid.',
  },
  unknownTitle: /*i18n*/ { id: 'payouts.paypal.unknown.title', message: 'PayPal could not send your payout' },
  unknownText: /*i18n*/ {
    id: 'payouts.paypal.unknown.text',
    message:
      'PayPal did not send this payment and gave a reason Soko does not know. Soko has been told and is looking into it.',
  },
} as const satisfies Record<string, Message>

const failure = (title: Message, text: Message, action: PayoutFailure['action']): WrittenFailure => ({
  title: title.message,
  text: text.message,
  action,
  titleCode: title.id,
  textCode: text.id,
})

const m = PAYPAL_PAYOUT_MESSAGES

export const PAYPAL_PAYOUT_FAILURES: Readonly<Record<string, WrittenFailure>> = {
  RECEIVER_UNREGISTERED: failure(m.unregisteredTitle, m.unregisteredText, 'fix-destination'),
  RECEIVER_UNCONFIRMED: failure(m.unconfirmedTitle, m.unconfirmedText, 'fix-destination'),
  RECEIVER_ACCOUNT_LOCKED: failure(m.lockedTitle, m.lockedText, 'fix-destination'),
  RECEIVING_LIMIT_EXCEEDED: failure(m.limitTitle, m.limitText, 'smaller-or-later'),
  CURRENCY_NOT_SUPPORTED_FOR_RECEIVER: failure(m.currencyTitle, m.currencyText, 'fix-destination'),
  INSUFFICIENT_FUNDS: failure(m.ourSideTitle, m.ourSideText, 'we-retry'),
  RETURNED: failure(m.returnedTitle, m.returnedText, 'fix-destination'),
  BLOCKED: failure(m.blockedTitle, m.blockedText, 'fix-destination'),
  DENIED: failure(m.deniedTitle, m.deniedText, 'fix-destination'),
  REFUNDED: failure(m.refundedTitle, m.refundedText, 'fix-destination'),
  REVERSED: failure(m.reversedTitle, m.reversedText, 'fix-destination'),
}

/** For any name PayPal may add: nothing the seller can usefully change on their own, so people look. */
const UNKNOWN = failure(m.unknownTitle, m.unknownText, 'admins')

/** A PayPal payout's failure in the seller's words, by PayPal's error name or the item's status. */
export function paypalPayoutFailure(name: string): WrittenFailure {
  return Object.hasOwn(PAYPAL_PAYOUT_FAILURES, name) ? (PAYPAL_PAYOUT_FAILURES[name] ?? UNKNOWN) : UNKNOWN
}
