import { z } from 'zod'
import { MPESA_PHONE_HINT, normalizeKenyanMobile, PHONE_HINT } from './phone'
import { normalizePhone } from './phone-number'

/**
 * A Kenyan mobile number field, normalised to 2547XXXXXXXX. Apart from phone.ts so the browser's checkout can
 * use the normaliser without loading zod.
 */
export const kenyanMobile = z.string({ error: MPESA_PHONE_HINT }).transform((value, ctx) => {
  const normalized = normalizeKenyanMobile(value)
  if (!normalized) {
    ctx.addIssue({ code: 'custom', message: MPESA_PHONE_HINT })
    return z.NEVER
  }
  return normalized
})

/** Any mobile number an SMS can reach, normalised to its digits with the country code. */
export const mobilePhone = z.string({ error: PHONE_HINT }).transform((value, ctx) => {
  const normalized = normalizePhone(value)
  if (!normalized) {
    ctx.addIssue({ code: 'custom', message: PHONE_HINT })
    return z.NEVER
  }
  return normalized
})
