import type { Message } from './i18n'

/**
 * What an M-Pesa result code means for the buyer, in plain words, each a message with its id so the pages
 * show it in their language (`titleId`, `nextStepId`; src/features/checkout/order-format.ts). The pages that show a failure say
 * "Nothing was charged." themselves, once: these words never repeat it. No zod here: the checkout page imports
 * this in the browser. Codes are those of the STK push callback and query (docs/payments.md).
 */

export interface MpesaResultWords {
  /** What happened, as a heading. */
  title: string
  /** What the buyer can do now. */
  nextStep: string
  /** True when trying the same payment again may work. */
  retry: boolean
  /** The message ids of the title and the next step, and the values the title is said with. */
  titleId: string
  nextStepId: string
  params?: Record<string, string>
}

export const MPESA_MESSAGES = {
  paidTitle: /*i18n*/ { id: 'checkout.mpesa.paid.title', message: 'Paid with M-Pesa' },
  paidNext: /*i18n*/ {
    id: 'checkout.mpesa.paid.next',
    message: 'Your payment went through. M-Pesa will send you a confirmation message.',
  },
  noMoneyTitle: /*i18n*/ {
    id: 'checkout.mpesa.no-money.title',
    message: 'Not enough money in your M-Pesa account',
  },
  noMoneyNext: /*i18n*/ {
    id: 'checkout.mpesa.no-money.next',
    message: 'Top up or use Fuliza, then try again.',
  },
  tooSmallTitle: /*i18n*/ {
    id: 'checkout.mpesa.too-small.title',
    message: 'The amount is below what M-Pesa accepts',
  },
  tooSmallNext: /*i18n*/ {
    id: 'checkout.mpesa.too-small.next',
    message: 'M-Pesa takes at least KES 1: pay by card or PayPal.',
  },
  tooLargeTitle: /*i18n*/ {
    id: 'checkout.mpesa.too-large.title',
    message: 'The amount is more than M-Pesa allows in one payment',
  },
  tooLargeNext: /*i18n*/ {
    id: 'checkout.mpesa.too-large.next',
    message: 'Split the order into smaller ones, or pay by card or PayPal.',
  },
  dailyLimitTitle: /*i18n*/ {
    id: 'checkout.mpesa.daily-limit.title',
    message: 'You have reached your M-Pesa daily limit',
  },
  dailyLimitNext: /*i18n*/ {
    id: 'checkout.mpesa.daily-limit.next',
    message: 'Try again tomorrow, or pay by card or PayPal.',
  },
  accountLimitTitle: /*i18n*/ {
    id: 'checkout.mpesa.account-limit.title',
    message: 'M-Pesa declined the payment: an account limit was reached',
  },
  accountLimitNext: /*i18n*/ {
    id: 'checkout.mpesa.account-limit.next',
    message: 'Try a smaller amount later, or pay by card or PayPal.',
  },
  repeatTitle: /*i18n*/ {
    id: 'checkout.mpesa.repeat.title',
    message: 'M-Pesa stopped what looked like a repeat payment',
  },
  repeatNext: /*i18n*/ {
    id: 'checkout.mpesa.repeat.next',
    message:
      'You paid the same amount moments ago. Check your M-Pesa messages; if that payment did not go through, wait two minutes and try again.',
  },
  openElsewhereTitle: /*i18n*/ {
    id: 'checkout.mpesa.open-elsewhere.title',
    message: 'Another M-Pesa payment is open on your phone',
  },
  openElsewhereNext: /*i18n*/ {
    id: 'checkout.mpesa.open-elsewhere.next',
    message: 'Finish or cancel it on your phone, wait a moment, then try again.',
  },
  expiredTitle: /*i18n*/ { id: 'checkout.mpesa.expired.title', message: 'The M-Pesa prompt expired' },
  expiredNext: /*i18n*/ {
    id: 'checkout.mpesa.expired.next',
    message: 'Try again and answer the prompt as soon as it appears.',
  },
  noPromptTitle: /*i18n*/ {
    id: 'checkout.mpesa.no-prompt.title',
    message: 'M-Pesa could not send the prompt to your phone',
  },
  noPromptNext: /*i18n*/ {
    id: 'checkout.mpesa.no-prompt.next',
    message:
      'Try again in a minute. If no prompt appears, dial *234# to update your M-Pesa menu, or pay by Paybill with the order reference.',
  },
  cancelledTitle: /*i18n*/ {
    id: 'checkout.mpesa.cancelled.title',
    message: 'You cancelled the M-Pesa prompt',
  },
  cancelledNext: /*i18n*/ { id: 'checkout.mpesa.cancelled.next', message: 'Try again when you are ready.' },
  noAnswerTitle: /*i18n*/ {
    id: 'checkout.mpesa.no-answer.title',
    message: 'Your phone did not answer the M-Pesa prompt',
  },
  noAnswerNext: /*i18n*/ {
    id: 'checkout.mpesa.no-answer.next',
    message:
      'Check the phone is on and has signal, then try again — or pay by Paybill with the order reference.',
  },
  wrongPinTitle: /*i18n*/ { id: 'checkout.mpesa.wrong-pin.title', message: 'The M-Pesa PIN was wrong' },
  wrongPinNext: /*i18n*/ {
    id: 'checkout.mpesa.wrong-pin.next',
    message: 'Try again and enter your M-Pesa PIN carefully.',
  },
  pinLockedTitle: /*i18n*/ { id: 'checkout.mpesa.pin-locked.title', message: 'Your M-Pesa PIN is locked' },
  pinLockedNext: /*i18n*/ {
    id: 'checkout.mpesa.pin-locked.next',
    message:
      'Too many wrong PINs were entered. Unlock it through Safaricom (call 100), then try again — or pay by card or PayPal.',
  },
  unknownTitle: /*i18n*/ {
    id: 'checkout.mpesa.unknown.title',
    message: 'M-Pesa could not complete the payment (code {code})',
  },
  unknownNext: /*i18n*/ {
    id: 'checkout.mpesa.unknown.next',
    message:
      'Check your M-Pesa messages: if no money left your account, try again, or pay by card or PayPal.',
  },
} as const satisfies Record<string, Message>

const m = MPESA_MESSAGES

const words = (title: Message, next: Message, retry: boolean): MpesaResultWords => ({
  title: title.message,
  nextStep: next.message,
  retry,
  titleId: title.id,
  nextStepId: next.id,
})

export const MPESA_RESULTS: Readonly<Record<number, MpesaResultWords>> = {
  0: words(m.paidTitle, m.paidNext, false),
  1: words(m.noMoneyTitle, m.noMoneyNext, true),
  2: words(m.tooSmallTitle, m.tooSmallNext, false),
  3: words(m.tooLargeTitle, m.tooLargeNext, false),
  4: words(m.dailyLimitTitle, m.dailyLimitNext, false),
  8: words(m.accountLimitTitle, m.accountLimitNext, false),
  17: words(m.repeatTitle, m.repeatNext, true),
  1001: words(m.openElsewhereTitle, m.openElsewhereNext, true),
  1019: words(m.expiredTitle, m.expiredNext, true),
  1025: words(m.noPromptTitle, m.noPromptNext, true),
  1032: words(m.cancelledTitle, m.cancelledNext, true),
  1037: words(m.noAnswerTitle, m.noAnswerNext, true),
  2001: words(m.wrongPinTitle, m.wrongPinNext, true),
  8006: words(m.pinLockedTitle, m.pinLockedNext, false),
  9999: words(m.noPromptTitle, m.noPromptNext, true),
}

/** The words for a result code as M-Pesa sends it (a number in callbacks, a string in queries). */
export function mpesaResult(code: number | string): MpesaResultWords {
  const known = MPESA_RESULTS[Number(code)]
  if (known && String(code).trim() !== '') return known
  return {
    title: m.unknownTitle.message.replace('{code}', () => String(code)),
    nextStep: m.unknownNext.message,
    retry: true,
    titleId: m.unknownTitle.id,
    nextStepId: m.unknownNext.id,
    params: { code: String(code) },
  }
}
