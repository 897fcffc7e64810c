import { describe, expect, it } from 'vitest'
import { codeOf, say } from '../../../contract/say'
import { countryName } from '../../../src/lib/country'
import { currentLang, i18n, renderingIn, translateCode } from '../../../src/lib/i18n'
import { partsOf } from '../../../src/lib/i18n-sw'

describe('the parts of the app a page loads in Kiswahili', () => {
  it("loads a page's own parts with the buyer's, never a seller's or the admin's on a buyer's page", () => {
    expect(partsOf('/')).toEqual(expect.arrayContaining(['marketing', 'catalog', 'checkout']))
    expect(partsOf('/kanga-brushes')).toEqual(expect.arrayContaining(['catalog', 'checkout']))
    expect(partsOf('/p')).toEqual(expect.arrayContaining(['invoicePay', 'checkout']))
    expect(partsOf('/book/coaching')).toEqual(expect.arrayContaining(['bookings', 'checkout']))
    expect(partsOf('/download/8d3f3c9e-8a0b-4a43-9a8e-2f1c7d2e4b10')).toContain('downloads')
    for (const page of ['/', '/explore', '/kanga-brushes', '/login', '/downloads'])
      expect(partsOf(page)).not.toEqual(expect.arrayContaining(['admin']))
    expect(partsOf('/admin/payouts')).toContain('admin')
    expect(partsOf('/account/withdraw')).toContain('payouts')
  })
})

describe('messages the server names by code', () => {
  it('shows the English as the server wrote it on an English page', () => {
    expect(currentLang()).toBe('en')
    expect(translateCode('checkout.phone', { x: 1 }, 'Enter an M-Pesa number')).toBe('Enter an M-Pesa number')
  })

  it("shows the catalog's words with the values filled in, and the English for a code it does not know", () => {
    i18n.load('sw', { 'test.code': ['Lipa ', ['amount'], ' sasa'] })
    renderingIn('sw', () => {
      expect(translateCode('test.code', { amount: 'KES 100' }, 'Pay KES 100 now')).toBe('Lipa KES 100 sasa')
      expect(translateCode('test.unknown', undefined, 'Something new')).toBe('Something new')
      // A contract message checked in the browser is found by its English.
      say(/*i18n*/ { id: 'test.code', message: 'Pay {amount} now' })
      expect(codeOf('Pay {amount} now')).toBe('test.code')
    })
    expect(currentLang()).toBe('en')
  })
})

describe('country names', () => {
  it('are written in the page’s language, and the code stands where there is no name', () => {
    expect(countryName('US')).toBe('United States')
    renderingIn('sw', () => {
      expect(countryName('US')).toBe('Marekani')
      expect(countryName('KE')).toBe('Kenya')
    })
    expect(countryName('ZZZ')).toBe('ZZZ')
  })
})
