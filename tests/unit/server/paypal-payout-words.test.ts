import { describe, expect, it } from 'vitest'
import { PAYPAL_PAYOUT_FAILURES, paypalPayoutFailure } from '../../../contract/paypal-payouts'

describe('PayPal payout failure words', () => {
  it('explain each error name PayPal gives a failed payout, with what the seller does next', () => {
    expect(paypalPayoutFailure('RECEIVER_UNREGISTERED')).toMatchObject({
      title: 'No PayPal account uses that e-mail address',
      action: 'fix-destination',
    })
    expect(paypalPayoutFailure('RECEIVER_UNCONFIRMED').action).toBe('fix-destination')
    expect(paypalPayoutFailure('RECEIVER_ACCOUNT_LOCKED').action).toBe('fix-destination')
    expect(paypalPayoutFailure('RECEIVING_LIMIT_EXCEEDED').action).toBe('smaller-or-later')
    expect(paypalPayoutFailure('CURRENCY_NOT_SUPPORTED_FOR_RECEIVER').action).toBe('fix-destination')
    expect(paypalPayoutFailure('BLOCKED').action).toBe('fix-destination')
  })

  it('tell the seller a shortfall in Soko’s own PayPal balance is not theirs, and that Soko retries', () => {
    const words = paypalPayoutFailure('INSUFFICIENT_FUNDS')
    expect(words.action).toBe('we-retry')
    expect(words.text).toMatch(/not your doing/)
  })

  it('say that a returned payout is back in the Soko balance', () => {
    const words = paypalPayoutFailure('RETURNED')
    expect(words.text).toMatch(/back in your Soko balance/)
    expect(words.action).toBe('fix-destination')
  })

  it('fall back to words that send it to people for a name they do not know, prototype keys included', () => {
    for (const name of ['SOMETHING_NEW', '', 'constructor', '__proto__', 'toString'])
      expect(paypalPayoutFailure(name)).toMatchObject({
        title: 'PayPal could not send your payout',
        action: 'admins',
      })
  })

  it('speak without PayPal’s codes or jargon, and never repeat where the money is except for RETURNED', () => {
    for (const [name, words] of Object.entries(PAYPAL_PAYOUT_FAILURES)) {
      expect(`${words.title} ${words.text}`).not.toMatch(/[A-Z]{2,}_[A-Z]/)
      if (name !== 'RETURNED') expect(words.text, name).not.toMatch(/Soko balance/)
    }
  })
})
