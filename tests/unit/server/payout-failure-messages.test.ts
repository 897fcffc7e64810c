import { describe, expect, it } from 'vitest'
import { B2C_FAILURES, B2C_MESSAGES, b2cFailure } from '../../../contract/mpesa-b2c'
import {
  PAYPAL_PAYOUT_FAILURES,
  PAYPAL_PAYOUT_MESSAGES,
  paypalPayoutFailure,
} from '../../../contract/paypal-payouts'
import { noteIn } from '../../../server/features/payouts/notes'
import { translate } from '../../../server/lib/i18n'

const rails = [
  ['M-Pesa', B2C_MESSAGES, [...Object.values(B2C_FAILURES), b2cFailure('9999')]],
  ['PayPal', PAYPAL_PAYOUT_MESSAGES, [...Object.values(PAYPAL_PAYOUT_FAILURES), paypalPayoutFailure('NEW')]],
] as const

describe.each(rails)('the %s payout failures in the seller’s language', (_rail, messages, failures) => {
  const byId = new Map(Object.values(messages).map((m) => [m.id as string, m.message as string]))

  it('give every code’s title and text a message id whose English is the stored text', () => {
    for (const failure of failures) {
      expect(byId.get(failure.titleCode), failure.titleCode).toBe(failure.title)
      expect(byId.get(failure.textCode), failure.textCode).toBe(failure.text)
    }
  })

  it('have a Kiswahili translation for every title and text, read back by its stored id', () => {
    for (const message of Object.values(messages)) {
      const swahili = translate('sw', message)
      expect(swahili, message.id).not.toBe(message.message)
      expect(swahili.trim(), message.id).not.toBe('')
    }
    for (const failure of failures) {
      const title = { id: failure.titleCode, message: failure.title }
      expect(noteIn('sw', failure.title, failure.titleCode)).toBe(translate('sw', title))
      expect(noteIn('en', failure.text, failure.textCode)).toBe(failure.text)
    }
  })
})
