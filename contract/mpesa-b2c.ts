import type { Message } from './i18n'
import type { PayoutFailure } from './payout-failure'

/**
 * What an M-Pesa B2C result means for the seller being paid out, in plain words (docs/payments.md, "M-Pesa
 * payouts"). The codes are the ResultCode of the B2C result, as a string, plus Soko's own two: the queue
 * timeout (M-Pesa never said) and "not found" (M-Pesa's status answer has no record of the payout).
 * Each title and text is a message with its id, so the seller reads it in their language (the ids are
 * stored beside the English, server/features/payouts/notes.ts). No zod here: the seller's pages import this
 * in the browser.
 */

/** The code of a payout whose request timed out in M-Pesa's queue: whether it was sent is not known. */
export const B2C_QUEUE_TIMEOUT = 'queue-timeout'
/** The code of a payout M-Pesa's status answer has no record of: it was never sent, so no money moved. */
export const B2C_NOT_FOUND = 'not-found'

/** A failure's words by their ids: the English as stored, and the ids to read it in another language. */
export type WrittenFailure = PayoutFailure & { titleCode: string; textCode: string }

const failure = (title: Message, text: Message, action: PayoutFailure['action']): WrittenFailure => ({
  title: title.message,
  text: text.message,
  action,
  titleCode: title.id,
  textCode: text.id,
})

export const B2C_MESSAGES = {
  notRegisteredTitle: /*i18n*/ {
    id: 'payouts.mpesa.not-registered.title',
    message: 'Number not registered on M-Pesa',
  },
  notRegisteredText: /*i18n*/ {
    id: 'payouts.mpesa.not-registered.text',
    message:
      'This phone number has no M-Pesa account that can receive this payout. Check the M-Pesa number in your payout settings, or register the number for M-Pesa at a Safaricom shop, then withdraw again.',
  },
  receiverUnknownTitle: /*i18n*/ {
    id: 'payouts.mpesa.receiver-unknown.title',
    message: 'M-Pesa could not find the receiver',
  },
  receiverUnknownText: /*i18n*/ {
    id: 'payouts.mpesa.receiver-unknown.text',
    message:
      'M-Pesa could not find an account for this phone number. Check the M-Pesa number in your payout settings, then withdraw again.',
  },
  busyTitle: /*i18n*/ { id: 'payouts.mpesa.busy.title', message: 'M-Pesa was busy' },
  busyText: /*i18n*/ {
    id: 'payouts.mpesa.busy.text',
    message:
      'M-Pesa could not take the payout just now. Soko will send your payout again by itself: you need do nothing.',
  },
  ourSideTitle: /*i18n*/ { id: 'payouts.mpesa.our-side.title', message: 'Payout held up on our side' },
  ourSideText: /*i18n*/ {
    id: 'payouts.mpesa.our-side.text',
    message:
      "Something on Soko's side stopped this payout. Our team has been told and is looking into it: you need do nothing.",
  },
  askingTitle: /*i18n*/ { id: 'payouts.mpesa.asking.title', message: 'Waiting for M-Pesa to confirm' },
  askingText: /*i18n*/ {
    id: 'payouts.mpesa.asking.text',
    message:
      'M-Pesa did not tell us in time whether your payout was sent. Soko is asking M-Pesa and will never send it twice: you need do nothing.',
  },
  toppingUpTitle: /*i18n*/ {
    id: 'payouts.mpesa.topping-up.title',
    message: 'Payout delayed: Soko is topping up',
  },
  toppingUpText: /*i18n*/ {
    id: 'payouts.mpesa.topping-up.text',
    message:
      "Soko's M-Pesa account for payouts is short of money right now, which is not your doing. Soko will send your payout again by itself: you need do nothing.",
  },
  tooSmallTitle: /*i18n*/ { id: 'payouts.mpesa.too-small.title', message: 'Amount below the M-Pesa minimum' },
  tooSmallText: /*i18n*/ {
    id: 'payouts.mpesa.too-small.text',
    message:
      'M-Pesa does not send an amount this small. Withdraw again once more of your earnings are available.',
  },
  tooLargeTitle: /*i18n*/ { id: 'payouts.mpesa.too-large.title', message: 'More than M-Pesa sends at once' },
  tooLargeText: /*i18n*/ {
    id: 'payouts.mpesa.too-large.text',
    message:
      'M-Pesa limits how much one payment can be. Withdraw a smaller amount, and the rest in another withdrawal.',
  },
  dailyLimitTitle: /*i18n*/ { id: 'payouts.mpesa.daily-limit.title', message: 'M-Pesa daily limit reached' },
  dailyLimitText: /*i18n*/ {
    id: 'payouts.mpesa.daily-limit.text',
    message:
      'M-Pesa limits how much can be sent in one day. Withdraw a smaller amount, or try again tomorrow.',
  },
  fullTitle: /*i18n*/ { id: 'payouts.mpesa.account-full.title', message: 'Your M-Pesa account is full' },
  fullText: /*i18n*/ {
    id: 'payouts.mpesa.account-full.text',
    message:
      'This payout would take your M-Pesa balance over the most it may hold. Spend or move some money out of it, or withdraw a smaller amount, then try again.',
  },
  alreadySentTitle: /*i18n*/ {
    id: 'payouts.mpesa.already-sent.title',
    message: 'Already sent: checking with M-Pesa',
  },
  alreadySentText: /*i18n*/ {
    id: 'payouts.mpesa.already-sent.text',
    message:
      'M-Pesa says this payout was already sent. Soko is asking M-Pesa where it stands and will never send it twice: you need do nothing.',
  },
  notFoundTitle: /*i18n*/ { id: 'payouts.mpesa.not-found.title', message: 'Payout not sent yet' },
  notFoundText: /*i18n*/ {
    id: 'payouts.mpesa.not-found.text',
    message:
      'M-Pesa has no record of this payout, so no money left Soko. Soko will send your payout again by itself: you need do nothing.',
  },
  unknownTitle: /*i18n*/ { id: 'payouts.mpesa.unknown.title', message: 'M-Pesa could not send the payout' },
  unknownText: /*i18n*/ {
    id: 'payouts.mpesa.unknown.text',
    message:
      'M-Pesa did not send this payout, so no money left Soko. Our team has been told and is looking into it: you need do nothing.',
  },
} as const satisfies Record<string, Message>

const m = B2C_MESSAGES
const notRegistered = failure(m.notRegisteredTitle, m.notRegisteredText, 'fix-destination')
const receiverUnknown = failure(m.receiverUnknownTitle, m.receiverUnknownText, 'fix-destination')
const busy = failure(m.busyTitle, m.busyText, 'we-retry')
// Never the reason to the seller: it is Soko's own set-up (the initiator's name or password).
const ourSide = failure(m.ourSideTitle, m.ourSideText, 'admins')
const askingMpesa = failure(m.askingTitle, m.askingText, 'ask-status')

export const B2C_FAILURES: Readonly<Record<string, WrittenFailure>> = {
  1: failure(m.toppingUpTitle, m.toppingUpText, 'we-retry'),
  2: failure(m.tooSmallTitle, m.tooSmallText, 'smaller-or-later'),
  3: failure(m.tooLargeTitle, m.tooLargeText, 'smaller-or-later'),
  4: failure(m.dailyLimitTitle, m.dailyLimitText, 'smaller-or-later'),
  8: failure(m.fullTitle, m.fullText, 'smaller-or-later'),
  10: notRegistered,
  2040: notRegistered,
  7: receiverUnknown,
  14: receiverUnknown,
  15: failure(m.alreadySentTitle, m.alreadySentText, 'ask-status'),
  17: busy,
  26: busy,
  20: ourSide,
  2001: ourSide,
  1037: askingMpesa,
  [B2C_QUEUE_TIMEOUT]: askingMpesa,
  [B2C_NOT_FOUND]: failure(m.notFoundTitle, m.notFoundText, 'we-retry'),
}

const UNKNOWN = failure(m.unknownTitle, m.unknownText, 'admins')

/** The words for a B2C result code (a number as M-Pesa sends it, given as a string) or Soko's own codes. */
export function b2cFailure(code: string): WrittenFailure {
  const trimmed = code.trim()
  // "0017" and "17" are one code; an own key only, so that "constructor" is no code at all.
  const key = /^\d+$/.test(trimmed) ? String(Number(trimmed)) : trimmed
  const known = Object.hasOwn(B2C_FAILURES, key) ? B2C_FAILURES[key] : undefined
  return known ?? UNKNOWN
}
