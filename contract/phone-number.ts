import { parsePhoneNumberFromString } from 'libphonenumber-js/min'

/**
 * Phone numbers of any country, for SMS and for showing, through libphonenumber (its small metadata: the
 * lengths and leading digits every country's numbers may have). Kept apart from phone.ts, whose M-Pesa
 * check is all the buy box needs, so that the checkout's code does not carry the metadata.
 */

/**
 * Any phone number as an SMS is sent to it: country code and number, digits only (2547XXXXXXXX,
 * 255754123456). A number typed without its country code is read as Kenyan. Null when it cannot be one.
 */
export function normalizePhone(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'KE')
  return parsed?.isValid() ? parsed.number.slice(1) : null
}

/**
 * A number kept as digits with its country code (2547…, 255…), as people read it, the same on every
 * screen: grouped as its country writes it (+255 754 123 456), and Kenyan numbers in threes as Kenyans
 * write them (+254 712 345 678).
 */
export function displayPhone(digits: string): string {
  const parsed = parsePhoneNumberFromString(`+${digits}`)
  if (!parsed) return `+${digits}`
  const national = parsed.nationalNumber
  if (parsed.countryCallingCode === '254' && national.length === 9)
    return `+254 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`
  return parsed.formatInternational()
}
