import type { PayoutFailure } from './payout-failure'

/**
 * What an M-Pesa B2C result means for the seller being paid out, in plain words (docs/payments.md, "M-Pesa
 * payouts"). The codes are the ResultCode of the B2C result, as a string, plus Soko's own two: the queue
 * timeout (M-Pesa never said) and "not found" (M-Pesa's status answer has no record of the payout).
 * No zod here: the seller's pages import this in the browser.
 */

/** The code of a payout whose request timed out in M-Pesa's queue: whether it was sent is not known. */
export const B2C_QUEUE_TIMEOUT = 'queue-timeout'
/** The code of a payout M-Pesa's status answer has no record of: it was never sent, so no money moved. */
export const B2C_NOT_FOUND = 'not-found'

const NUMBER_SETTINGS = 'Check the M-Pesa number in your payout settings'
const NOTHING_TO_DO = 'you need do nothing'

const retried = (title: string, why: string): PayoutFailure => ({
  title,
  text: `${why} Soko will send your payout again by itself: ${NOTHING_TO_DO}.`,
  action: 'we-retry',
})

const notRegistered: PayoutFailure = {
  title: 'Number not registered on M-Pesa',
  text: `This phone number has no M-Pesa account that can receive this payout. ${NUMBER_SETTINGS}, or register the number for M-Pesa at a Safaricom shop, then withdraw again.`,
  action: 'fix-destination',
}

const receiverUnknown: PayoutFailure = {
  title: 'M-Pesa could not find the receiver',
  text: `M-Pesa could not find an account for this phone number. ${NUMBER_SETTINGS}, then withdraw again.`,
  action: 'fix-destination',
}

const busy = retried('M-Pesa was busy', 'M-Pesa could not take the payout just now.')

// Never the reason to the seller: it is Soko's own set-up (the initiator's name or password).
const ourSide: PayoutFailure = {
  title: 'Payout held up on our side',
  text: `Something on Soko's side stopped this payout. Our team has been told and is looking into it: ${NOTHING_TO_DO}.`,
  action: 'admins',
}

const askingMpesa: PayoutFailure = {
  title: 'Waiting for M-Pesa to confirm',
  text: `M-Pesa did not tell us in time whether your payout was sent. Soko is asking M-Pesa and will never send it twice: ${NOTHING_TO_DO}.`,
  action: 'ask-status',
}

export const B2C_FAILURES: Readonly<Record<string, PayoutFailure>> = {
  1: retried(
    'Payout delayed: Soko is topping up',
    "Soko's M-Pesa account for payouts is short of money right now, which is not your doing.",
  ),
  2: {
    title: 'Amount below the M-Pesa minimum',
    text: 'M-Pesa does not send an amount this small. Withdraw again once more of your earnings are available.',
    action: 'smaller-or-later',
  },
  3: {
    title: 'More than M-Pesa sends at once',
    text: 'M-Pesa limits how much one payment can be. Withdraw a smaller amount, and the rest in another withdrawal.',
    action: 'smaller-or-later',
  },
  4: {
    title: 'M-Pesa daily limit reached',
    text: 'M-Pesa limits how much can be sent in one day. Withdraw a smaller amount, or try again tomorrow.',
    action: 'smaller-or-later',
  },
  8: {
    title: 'Your M-Pesa account is full',
    text: 'This payout would take your M-Pesa balance over the most it may hold. Spend or move some money out of it, or withdraw a smaller amount, then try again.',
    action: 'smaller-or-later',
  },
  10: notRegistered,
  2040: notRegistered,
  7: receiverUnknown,
  14: receiverUnknown,
  15: {
    title: 'Already sent: checking with M-Pesa',
    text: `M-Pesa says this payout was already sent. Soko is asking M-Pesa where it stands and will never send it twice: ${NOTHING_TO_DO}.`,
    action: 'ask-status',
  },
  17: busy,
  26: busy,
  20: ourSide,
  2001: ourSide,
  1037: askingMpesa,
  [B2C_QUEUE_TIMEOUT]: askingMpesa,
  [B2C_NOT_FOUND]: retried(
    'Payout not sent yet',
    'M-Pesa has no record of this payout, so no money left Soko.',
  ),
}

/** The words for a B2C result code (a number as M-Pesa sends it, given as a string) or Soko's own codes. */
export function b2cFailure(code: string): PayoutFailure {
  const trimmed = code.trim()
  // "0017" and "17" are one code; an own key only, so that "constructor" is no code at all.
  const key = /^\d+$/.test(trimmed) ? String(Number(trimmed)) : trimmed
  const known = Object.hasOwn(B2C_FAILURES, key) ? B2C_FAILURES[key] : undefined
  return (
    known ?? {
      title: 'M-Pesa could not send the payout',
      text: 'M-Pesa did not send this payout, so no money left Soko. Our team has been told and is looking into it: you need do nothing.',
      action: 'admins',
    }
  )
}
