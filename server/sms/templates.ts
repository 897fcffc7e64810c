import { formatMoney } from '../../contract/format-money'
import { DEFAULT_LANG, intlLocale, type Lang } from '../../contract/i18n'
import { translate } from '../lib/i18n'
import { fitGsm7, gsm7Length, toGsm7 } from './gsm7'

/**
 * Every SMS Soko sends, written to fit one segment: GSM-7 only and at most 160 septets, whatever a
 * seller's title holds (it is transliterated, then shortened). tests/unit/server/sms-templates.test.ts
 * checks each with the longest realistic values.
 */

export const SMS_MAX = 160

function checked(text: string): string {
  const length = gsm7Length(text)
  if (length === null || length > SMS_MAX) throw new Error(`An SMS does not fit one segment: ${text}`)
  return text
}

/** The locale of an SMS's money and dates: Kenya's, in English or in Kiswahili. */
export function smsLocale(lang: Lang): string {
  return intlLocale(lang, undefined, 'en-KE')
}

/** The phone confirmation code. */
export function codeSms(code: string, lang: Lang = DEFAULT_LANG): string {
  return checked(
    toGsm7(
      translate(
        lang,
        /*i18n*/ {
          id: 'sms.code',
          message:
            '{code} is your Soko code. It works for 10 minutes. Never share it: Soko will not ask you for it.',
        },
        { code },
      ),
    ),
  )
}

/**
 * The receipt of a paid order: what was paid for, its reference, and the short link that opens the order
 * (and its downloads) with no account. The title takes what room the rest leaves.
 */
export function receiptSms(p: {
  amount: number
  currency: string
  title: string
  reference: string
  link: string
  lang?: Lang
}): string {
  const lang = p.lang ?? DEFAULT_LANG
  const amount = formatMoney(p.amount, p.currency, smsLocale(lang))
  const head = toGsm7(
    translate(
      lang,
      /*i18n*/ { id: 'sms.receipt.head', message: 'Soko: you paid {amount} for "' },
      { amount },
    ),
  )
  const tail = toGsm7(
    translate(
      lang,
      /*i18n*/ { id: 'sms.receipt.tail', message: '". Ref {reference}. Open or download: {link}' },
      { reference: p.reference, link: p.link },
    ),
  )
  const room = SMS_MAX - (gsm7Length(head) ?? 0) - (gsm7Length(tail) ?? 0)
  return checked(`${head}${fitGsm7(p.title, Math.max(room, 8))}${tail}`)
}

/** An invoice's pay link: who bills, how much, by when. The seller's name takes what room is left. */
export function invoiceSms(p: {
  seller: string
  number: string
  amount: number
  currency: string
  due: string
  link: string
  reminder?: boolean
  lang?: Lang
}): string {
  const lang = p.lang ?? DEFAULT_LANG
  // toGsm7 trims each part, so the spaces between them are put back here.
  const head = p.reminder
    ? `${toGsm7(translate(lang, /*i18n*/ { id: 'sms.invoice.reminder', message: 'Reminder:' }))} `
    : ''
  const tail = ` ${toGsm7(
    translate(
      lang,
      /*i18n*/ { id: 'sms.invoice.tail', message: 'sent invoice {number}: {amount} due {due}. Pay: {link}' },
      {
        number: p.number,
        amount: formatMoney(p.amount, p.currency, smsLocale(lang)),
        due: p.due,
        link: p.link,
      },
    ),
  )}`
  const room = SMS_MAX - (gsm7Length(head) ?? 0) - (gsm7Length(tail) ?? 0)
  return checked(`${head}${fitGsm7(p.seller, Math.max(room, 8))}${tail}`)
}

/**
 * A booking's time, as a reminder before it or its new time after a move, with the short link to the
 * booking. The service's title takes what room is left.
 */
export function bookingSms(p: {
  title: string
  when: string
  link: string
  moved?: boolean
  lang?: Lang
}): string {
  const lang = p.lang ?? DEFAULT_LANG
  const head = toGsm7(
    p.moved
      ? translate(lang, /*i18n*/ { id: 'sms.booking.moved.head', message: 'Soko: your booking "' })
      : translate(lang, /*i18n*/ { id: 'sms.booking.reminder.head', message: 'Soko reminder: "' }),
  )
  const params = { when: p.when, link: p.link }
  const tail = toGsm7(
    p.moved
      ? translate(
          lang,
          /*i18n*/ { id: 'sms.booking.moved.tail', message: '" has moved to {when}. Details: {link}' },
          params,
        )
      : translate(
          lang,
          /*i18n*/ { id: 'sms.booking.reminder.tail', message: '" is on {when}. Details: {link}' },
          params,
        ),
  )
  const room = SMS_MAX - (gsm7Length(head) ?? 0) - (gsm7Length(tail) ?? 0)
  return checked(`${head}${fitGsm7(p.title, Math.max(room, 8))}${tail}`)
}

/**
 * A checkout the buyer left unpaid (sent only when they asked for it at checkout): the link back to it,
 * whose page has the one-tap stop. The title takes what room is left.
 */
export function recoverySms(p: { title: string; link: string; lang?: Lang }): string {
  const lang = p.lang ?? DEFAULT_LANG
  const head = toGsm7(
    translate(lang, /*i18n*/ { id: 'sms.recovery.head', message: 'Soko: your payment for "' }),
  )
  const tail = toGsm7(
    translate(
      lang,
      /*i18n*/ {
        id: 'sms.recovery.tail',
        message: '" did not go through. Finish it (or stop reminders): {link}',
      },
      { link: p.link },
    ),
  )
  const room = SMS_MAX - (gsm7Length(head) ?? 0) - (gsm7Length(tail) ?? 0)
  return checked(`${head}${fitGsm7(p.title, Math.max(room, 8))}${tail}`)
}

/**
 * A new post of a membership, for a member Soko cannot mail (no confirmed e-mail address): which
 * membership, and the link that opens its posts. The membership's title takes what room is left.
 */
export function postSms(p: { membership: string; link: string; lang?: Lang }): string {
  const lang = p.lang ?? DEFAULT_LANG
  const head = toGsm7(
    translate(lang, /*i18n*/ { id: 'sms.post.head', message: 'Soko: a new post for members of "' }),
  )
  const tail = toGsm7(
    translate(lang, /*i18n*/ { id: 'sms.post.tail', message: '". Read it: {link}' }, { link: p.link }),
  )
  const room = SMS_MAX - (gsm7Length(head) ?? 0) - (gsm7Length(tail) ?? 0)
  return checked(`${head}${fitGsm7(p.membership, Math.max(room, 8))}${tail}`)
}
