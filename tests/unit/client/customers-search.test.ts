import { describe, expect, it } from 'vitest'
import { listInput } from '../../../src/features/customers/customers.queries'
import { validateCustomersSearch } from '../../../src/features/customers/customers-search'

describe('the client book’s URL', () => {
  it('keeps only what is set and well-formed', () => {
    expect(
      validateCustomersSearch({
        view: 'orders',
        q: '  Amina ',
        sort: 'spent',
        product: '0190F000-0000-7000-8000-000000000001',
        over: '2,000',
        currency: 'usd',
        before: '2026-11-01',
      }),
    ).toEqual({
      view: 'orders',
      q: 'Amina',
      sort: 'spent',
      product: '0190f000-0000-7000-8000-000000000001',
      over: '2000',
      currency: 'USD',
      before: '2026-11-01',
    })
    // A hand-edited URL sends the server nothing it would refuse.
    expect(
      validateCustomersSearch({
        view: 'everything',
        sort: 'recent',
        product: 'not-a-product',
        over: '-5',
        currency: 'XYZ',
        before: '1 Nov',
      }),
    ).toEqual({})
    expect(validateCustomersSearch({ over: '0', q: ['a'] })).toEqual({})
  })

  it('asks the server in minor units of the chosen currency, else the seller’s own', () => {
    expect(listInput({ over: '49.50', currency: 'USD', sort: 'name' }, 'KES')).toEqual({
      query: '',
      sort: 'name',
      currency: 'USD',
      spentOver: { amount: 4950, currency: 'USD' },
    })
    expect(listInput({ q: 'otieno', over: '2000', before: '2026-01-31' }, 'KES')).toEqual({
      query: 'otieno',
      sort: 'recent',
      currency: 'KES',
      spentOver: { amount: 200_000, currency: 'KES' },
      lastBefore: '2026-01-31',
    })
  })
})
