import { formatMoney } from '../../../contract/format-money'
import { intlLocale, type Lang, type Message, type MessageParams } from '../../../contract/i18n'
import { B2C_MESSAGES } from '../../../contract/mpesa-b2c'
import { PAYPAL_PAYOUT_MESSAGES } from '../../../contract/paypal-payouts'
import { english, translate } from '../../lib/i18n'

/**
 * The words Soko stores on a payout (its timeline's steps, the failure it shows) as message ids with their
 * params, so a seller reads them in their language later. The English is stored too: what rows written
 * before the ids (and anything that reads the column) show.
 */

/** A param as stored: a word or number, an amount of money (minor units), or an instant in a time zone. */
export type NoteParam =
  | string
  | number
  | { minor: number; currency: string }
  | { at: string; zone: string }
  /** Another stored text (a failure's title inside a step): its English and, when it has one, its id. */
  | { text: string; code: string | null }
export type NoteParams = Record<string, NoteParam>

/** A stored message: its id, and the params it is written with in every language. */
export interface Note {
  code: string
  params?: NoteParams
}

export const PAYOUT_NOTES = {
  asked: /*i18n*/ { id: 'payouts.step.asked', message: 'Asked: {amount} to {destination}' },
  askedFee: /*i18n*/ {
    id: 'payouts.step.asked-fee',
    message: 'Asked: {amount} to {destination} (fee {fee})',
  },
  approvalLarge: /*i18n*/ {
    id: 'payouts.step.approval-large',
    message: 'A large payout: the Soko team approves it first, usually within a working day.',
  },
  approvalFirst: /*i18n*/ {
    id: 'payouts.step.approval-first',
    message: 'Your first payout: the Soko team approves it first, usually within a working day.',
  },
  cancelled: /*i18n*/ {
    id: 'payouts.step.cancelled',
    message: 'Cancelled by you: the money is back in your available balance.',
  },
  rejected: /*i18n*/ {
    id: 'payouts.step.rejected',
    message: 'Not approved by the Soko team: {reason} The money is back in your available balance.',
  },
  rejectedTitle: /*i18n*/ { id: 'payouts.failure.rejected.title', message: 'Not approved' },
  rejectedText: /*i18n*/ {
    id: 'payouts.failure.rejected.text',
    message: 'The Soko team’s reason: {reason} The money is back in your available balance.',
  },
  approved: /*i18n*/ { id: 'payouts.step.approved', message: 'Approved by the Soko team' },
  scheduledRun: /*i18n*/ { id: 'payouts.step.scheduled-run', message: 'Sent with your scheduled payouts' },
  bankWaiting: /*i18n*/ {
    id: 'payouts.step.bank-waiting',
    message: 'Waiting for the Soko team to make the bank transfer (1–3 working days)',
  },
  paid: /*i18n*/ { id: 'payouts.step.paid', message: 'Paid to {destination}' },
  paidReceipt: /*i18n*/ {
    id: 'payouts.step.paid-receipt',
    message: 'Paid to {destination}: {rail} receipt {receipt}',
  },
  paidBankReceipt: /*i18n*/ {
    id: 'payouts.step.paid-bank-receipt',
    message: 'Paid to {destination}: the bank receipt {receipt}',
  },
  sent: /*i18n*/ { id: 'payouts.step.sent', message: 'Sent to {rail}: waiting for its confirmation' },
  sentBank: /*i18n*/ {
    id: 'payouts.step.sent-bank',
    message: 'Sent to the bank: waiting for its confirmation',
  },
  retrying: /*i18n*/ { id: 'payouts.step.retrying', message: '{title}: sent again at about {when}' },
  moneyBack: /*i18n*/ {
    id: 'payouts.step.money-back',
    message: '{title}. The money is back in your available balance.',
  },
  unsentTitle: /*i18n*/ { id: 'payouts.failure.unsent.title', message: 'The payout could not be sent' },
  unsentText: /*i18n*/ {
    id: 'payouts.failure.unsent.text',
    message: '{message} Soko will try again by itself: you need do nothing.',
  },
  bankFailed: /*i18n*/ { id: 'payouts.failure.bank.default', message: 'The bank transfer failed.' },
  bankTitle: /*i18n*/ { id: 'payouts.failure.bank.title', message: 'The bank transfer failed' },
  bankText: /*i18n*/ {
    id: 'payouts.failure.bank.text',
    message: '{message} Check the bank account details, then withdraw again.',
  },
} as const satisfies Record<string, Message>

/** Every message a payout's columns may name: Soko's notes, and the rails' failures (contract). */
const byId: ReadonlyMap<string, Message> = new Map(
  [PAYOUT_NOTES, B2C_MESSAGES, PAYPAL_PAYOUT_MESSAGES].flatMap((messages) =>
    Object.values(messages).map((m): [string, Message] => [m.id, m]),
  ),
)

/** A stored param in the reader's words: money and instants formatted for the language. */
function shown(value: NoteParam, lang: Lang): string | number {
  if (typeof value !== 'object') return value
  if ('text' in value) return noteIn(lang, value.text, value.code)
  if ('minor' in value)
    return formatMoney(
      value.minor,
      value.currency,
      lang === 'en' ? 'en' : intlLocale(lang, undefined, 'en-KE'),
    )
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : intlLocale(lang, undefined, 'en-KE'), {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: value.zone,
    timeZoneName: 'short',
  }).format(new Date(value.at))
}

function paramsIn(params: NoteParams | undefined, lang: Lang): MessageParams | undefined {
  if (!params) return undefined
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, shown(value, lang)]))
}

/** What to store for a message: its English (the text column) and its id with params. */
export function note(message: Message, params?: NoteParams): Note & { text: string } {
  return { text: english(message, paramsIn(params, 'en')), code: message.id, ...(params ? { params } : {}) }
}

/**
 * A stored text in the reader's language: by its id when it has one Soko knows, else (rows written before
 * the ids, a provider's own words) the stored English as it is. English is always the stored text.
 */
export function noteIn(
  lang: Lang,
  stored: string,
  code: string | null | undefined,
  params?: NoteParams | null,
) {
  const message = code ? byId.get(code) : undefined
  if (lang === 'en' || !message) return stored
  return translate(lang, message, paramsIn(params ?? undefined, lang))
}
