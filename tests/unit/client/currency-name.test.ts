import { describe, expect, it } from 'vitest'
import { currencies, currencyCodes } from '../../../contract/currencies'
import { currencyName } from '../../../src/lib/currency-name'

describe('a currency named in the page’s language', () => {
  it('in English: the contract’s own names, as the pages wrote them before', () => {
    expect(currencyName('KES', 'en')).toBe('Kenyan shilling')
    for (const code of currencyCodes) expect(currencyName(code, 'en')).toBe(currencies[code].name)
  })

  it('in Kiswahili: the browser’s names, never the code alone', () => {
    expect(currencyName('KES', 'sw')).toBe('Shilingi ya Kenya')
    expect(currencyName('USD', 'sw')).toBe('Dola ya Marekani')
    for (const code of currencyCodes) {
      const name = currencyName(code, 'sw')
      expect(name, code).not.toBe(code)
      expect(name.length, code).toBeGreaterThan(2)
    }
  })
})
