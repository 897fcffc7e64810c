import { describe, expect, it } from 'vitest'
import { validateTransactionsSearch } from '../../../src/features/transactions/transactions-search'

describe('transactions search', () => {
  it('keeps the currency of a seller’s books in the URL, with the filters and the role', () => {
    expect(
      validateTransactionsSearch({
        currency: 'USD',
        as: 'seller',
        from: '2026-01-01',
        to: '2026-01-31',
        kind: 'sale',
        method: 'paypal',
      }),
    ).toEqual({
      currency: 'USD',
      as: 'seller',
      from: '2026-01-01',
      to: '2026-01-31',
      kind: 'sale',
      method: 'paypal',
    })
  })

  it('drops a currency Soko does not keep books in, so the server picks the seller’s own', () => {
    for (const currency of ['usd', 'KSH', 'US', '', 840, null, ['USD']])
      expect(validateTransactionsSearch({ currency, as: 'seller' })).toEqual({ as: 'seller' })
  })

  it('leaves out whatever is missing or malformed', () => {
    expect(validateTransactionsSearch({})).toEqual({})
    expect(
      validateTransactionsSearch({ from: '1/1/2026', kind: 'tips', method: 'cash', as: 'admin', page: 2 }),
    ).toEqual({})
  })
})
