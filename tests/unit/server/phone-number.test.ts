import { describe, expect, it } from 'vitest'
import { normalizeKenyanMobile } from '../../../contract/phone'
import { displayPhone, normalizePhone } from '../../../contract/phone-number'

describe('normalizePhone', () => {
  it('reads Kenyan numbers typed the local way or with the country code', () => {
    for (const typed of ['0712 345 678', '+254 712-345-678', '254712345678', '0110 123 456'])
      expect(normalizePhone(typed), typed).toMatch(/^2547\d{8}$|^2541\d{8}$/)
  })

  it('reads the numbers of the neighbours and beyond, with their country code', () => {
    expect(normalizePhone('+255 754 123 456')).toBe('255754123456')
    expect(normalizePhone('+256 772 123 456')).toBe('256772123456')
    expect(normalizePhone('+250 788 123 456')).toBe('250788123456')
    expect(normalizePhone('+234 803 123 4567')).toBe('2348031234567')
  })

  it('refuses what cannot be a number: too short, too long, letters, a country with no such numbers', () => {
    for (const typed of ['0712', '+254 712 345 678 999', 'call me', '+255 12', '+999 1234 5678', ''])
      expect(normalizePhone(typed), typed).toBeNull()
  })
})

describe('displayPhone', () => {
  it('writes a number the way its country groups it, with its country code', () => {
    expect(displayPhone('254712345678')).toBe('+254 712 345 678')
    expect(displayPhone('255754123456')).toBe('+255 754 123 456')
    expect(displayPhone('2348031234567')).toBe('+234 803 123 4567')
  })

  it('keeps what it cannot read as digits after a plus', () => {
    expect(displayPhone('999123')).toBe('+999123')
  })
})

describe('normalizeKenyanMobile (M-Pesa)', () => {
  it('takes Safaricom-style mobiles only', () => {
    expect(normalizeKenyanMobile('0712 345 678')).toBe('254712345678')
    expect(normalizeKenyanMobile('+255 754 123 456')).toBeNull()
  })
})
