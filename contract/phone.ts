export const MPESA_PHONE_HINT =
  'That phone number is not an M-Pesa number: use 07XX XXX XXX or 2547XX XXX XXX'

/**
 * A Kenyan mobile number in the form Daraja wants, 2547XXXXXXXX or 2541XXXXXXXX, from what people type:
 * 07XX…, 01XX…, +254…, 254…, with spaces or dashes. Null when it is not one.
 */
export function normalizeKenyanMobile(input: string): string | null {
  const digits = input.replace(/[\s().-]/g, '').replace(/^\+/, '')
  const local = digits.match(/^(?:254|0)?([17]\d{8})$/)
  return local ? `254${local[1]}` : null
}

/** 2547XXXXXXXX as people read it: +254 712 345 678. */
export const displayPhone = (phone: string) =>
  `+${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`

export const PHONE_HINT =
  'Give a mobile number: 07XX XXX XXX in Kenya, or with its country code, e.g. +234 803 123 4567'

/**
 * Any mobile number as an SMS is sent to it: country code and number, digits only (2547XXXXXXXX,
 * 2348031234567). Kenyan numbers may be typed the local way; others need their +country code. Null when
 * it is not one.
 */
export function normalizePhone(input: string): string | null {
  const kenyan = normalizeKenyanMobile(input)
  if (kenyan) return kenyan
  const match = /^\+(\d{8,15})$/.exec(input.replace(/[\s().-]/g, ''))
  return match?.[1] && !match[1].startsWith('0') ? match[1] : null
}
