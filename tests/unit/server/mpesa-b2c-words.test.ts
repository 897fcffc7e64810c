import { describe, expect, it } from 'vitest'
import { B2C_FAILURES, B2C_NOT_FOUND, B2C_QUEUE_TIMEOUT, b2cFailure } from '../../../contract/mpesa-b2c'

describe('what a B2C result code tells the seller', () => {
  it.each([
    ['1', 'we-retry'],
    ['2', 'smaller-or-later'],
    ['3', 'smaller-or-later'],
    ['4', 'smaller-or-later'],
    ['8', 'smaller-or-later'],
    ['10', 'fix-destination'],
    ['2040', 'fix-destination'],
    ['7', 'fix-destination'],
    ['14', 'fix-destination'],
    ['15', 'ask-status'],
    ['17', 'we-retry'],
    ['26', 'we-retry'],
    ['20', 'admins'],
    ['2001', 'admins'],
    ['1037', 'ask-status'],
    [B2C_QUEUE_TIMEOUT, 'ask-status'],
    [B2C_NOT_FOUND, 'we-retry'],
  ])('code %s: %s', (code, action) => {
    expect(b2cFailure(code).action).toBe(action)
  })

  it('tells the seller they need do nothing when Soko retries or asks M-Pesa', () => {
    for (const code of ['1', '17', '26', '15', '1037', B2C_QUEUE_TIMEOUT, B2C_NOT_FOUND])
      expect(b2cFailure(code).text).toMatch(/you need do nothing/)
    expect(b2cFailure('1').text).toMatch(/not your doing/)
  })

  it('sends the seller to the payout settings when the number cannot receive', () => {
    for (const code of ['10', '2040', '7', '14']) expect(b2cFailure(code).text).toMatch(/payout settings/)
    expect(b2cFailure('2040').title).toBe('Number not registered on M-Pesa')
  })

  it('shows only that the team is looking into a configuration error, never what it is', () => {
    for (const code of ['20', '2001']) {
      const words = b2cFailure(code)
      expect(words.text).toMatch(/team .* looking into it/)
      expect(`${words.title} ${words.text}`).not.toMatch(/initiator|credential|password|configur/i)
    }
  })

  it('reads a code however M-Pesa wrote it, and answers an unknown one in general words', () => {
    expect(b2cFailure(' 0017 ')).toEqual(b2cFailure('17'))
    for (const code of ['9999', 'SFC_IC0003', '', 'constructor', 'toString']) {
      const words = b2cFailure(code)
      expect(words).toEqual({
        title: 'M-Pesa could not send the payout',
        text: expect.stringMatching(/no money left Soko/),
        action: 'admins',
        titleCode: 'payouts.mpesa.unknown.title',
        textCode: 'payouts.mpesa.unknown.text',
      })
    }
  })

  it('uses no provider jargon, and only characters an SMS sends as plain text', () => {
    const all = [...Object.values(B2C_FAILURES), b2cFailure('9999')]
    for (const { title, text } of all) {
      const words = `${title} ${text}`
      expect(words).not.toMatch(
        /B2C|ResultCode|short ?code|OriginatorConversationID|initiator|credential|float|queue|wallet|\bcode\b/i,
      )
      // ’ “ ” – … would turn a message into UCS-2.
      expect(words).not.toMatch(/[\u2018\u2019\u201C\u201D\u2013\u2014\u2026]/)
      expect(text.length).toBeLessThanOrEqual(240)
    }
  })
})
