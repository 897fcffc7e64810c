import { describe, expect, it } from 'vitest'
import type { Product } from '../../../contract/catalog.contract'
import { isoToZoned, zonedToIso } from '../../../contract/zoned-time'
import { buildProduct, draftOf, emptyDraft } from '../../../src/features/catalog/seller/draft'
import { toMinor } from '../../../src/lib/money'

describe('wall-clock times in an event’s zone', () => {
  it('turns a Nairobi evening into the right instant and back, wherever the browser is', () => {
    expect(zonedToIso('2026-12-24T18:30', 'Africa/Nairobi')).toBe('2026-12-24T15:30:00.000Z')
    expect(isoToZoned('2026-12-24T15:30:00.000Z', 'Africa/Nairobi')).toBe('2026-12-24T18:30')
    // Across a daylight-saving change: London is UTC+1 in July, UTC in December.
    expect(zonedToIso('2027-07-01T09:00', 'Europe/London')).toBe('2027-07-01T08:00:00.000Z')
    expect(zonedToIso('2027-12-01T09:00', 'Europe/London')).toBe('2027-12-01T09:00:00.000Z')
    expect(zonedToIso('24/12/2026', 'Africa/Nairobi')).toBeNull()
  })
})

describe('the product form’s draft', () => {
  it('reads amounts in major units into minor units per currency', () => {
    expect(toMinor('1,500.50', 'KES')).toBe(150050)
    expect(toMinor('3700', 'UGX')).toBe(3700)
    expect(toMinor('12abc', 'KES')).toBeNull()
  })

  it('refuses what cannot be sent, keyed as the server keys its own messages', () => {
    const draft = {
      ...emptyDraft('KES'),
      title: 'Tee',
      price: 'ten',
      variants: [{ size: 'M', colour: '', price: '', stock: '1.5', sku: '' }],
    }
    const built = buildProduct('merch', draft)
    expect(built.errors).toEqual({
      'price.amount': 'Give an amount such as 1500 or 9.99',
      'details.variants.0.price.amount': 'Give an amount such as 1500 or 9.99',
      'details.variants.0.stock': 'Give a whole number',
    })
  })

  it('builds an event priced at its cheapest ticket, and reads it back unchanged', () => {
    const draft = {
      ...emptyDraft('KES'),
      title: 'Meetup',
      whereKind: 'place' as const,
      address: 'The Alchemist, Westlands',
      startsAt: '2027-03-01T18:00',
      tickets: [
        { name: 'Regular', price: '800', capacity: '100', saleStartsAt: '', saleEndsAt: '' },
        { name: 'Early', price: '500', capacity: '20', saleStartsAt: '', saleEndsAt: '2027-02-01T00:00' },
      ],
    }
    const built = buildProduct('event', draft)
    expect(built.product?.price).toEqual({ amount: 500_00, currency: 'KES' })
    expect(built.product?.details).toMatchObject({
      startsAt: '2027-03-01T15:00:00.000Z',
      where: { kind: 'place', address: 'The Alchemist, Westlands' },
      ticketTypes: [
        expect.objectContaining({ capacity: 100 }),
        expect.objectContaining({ saleEndsAt: '2027-01-31T21:00:00.000Z' }),
      ],
    })
    const product = {
      id: 'p',
      kind: 'event',
      slug: 'meetup',
      status: 'draft',
      category: null,
      images: [],
      files: [],
      publishedAt: null,
      createdAt: '',
      updatedAt: '',
      ...built.product,
    } as unknown as Product
    const back = draftOf(product)
    expect(back).toMatchObject({
      startsAt: '2027-03-01T18:00',
      address: 'The Alchemist, Westlands',
      whereKind: 'place',
    })
    expect(back.tickets[1]).toMatchObject({ price: '500.00', saleEndsAt: '2027-02-01T00:00' })
  })
})
