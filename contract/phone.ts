/**
 * M-Pesa's numbers (Daraja takes Safaricom's Kenyan mobiles only) and the hints of phone fields. Numbers of
 * any country, for SMS and for showing, are in phone-number.ts.
 */

import { say } from './say'

/** A phone number M-Pesa cannot take, and the forms' hint. */
export const MPESA_PHONE = /*i18n*/ {
  id: 'phone.notMpesa',
  message: 'That phone number is not an M-Pesa number: use 07XX XXX XXX or 2547XX XXX XXX',
}
export const MPESA_PHONE_HINT = say(MPESA_PHONE)

/**
 * A Kenyan mobile number in the form Daraja wants, 2547XXXXXXXX or 2541XXXXXXXX, from what people type:
 * 07XX…, 01XX…, +254…, 254…, with spaces or dashes. Null when it is not one.
 */
export function normalizeKenyanMobile(input: string): string | null {
  const digits = input.replace(/[\s().-]/g, '').replace(/^\+/, '')
  const local = digits.match(/^(?:254|0)?([17]\d{8})$/)
  return local ? `254${local[1]}` : null
}

/** A number that is not a mobile number of any country, and the forms' hint. */
export const PHONE = /*i18n*/ {
  id: 'phone.notMobile',
  message: 'Give a mobile number: 07XX XXX XXX in Kenya, or with its country code, e.g. +234 803 123 4567',
}
export const PHONE_HINT = say(PHONE)
