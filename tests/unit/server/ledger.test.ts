import { describe, expect, it } from 'vitest'
import { type Entry, imbalance, postTransaction } from '../../../server/ledger/ledger'
import {
  refundEntries,
  type Sale,
  STANDARD_SALE_TERMS,
  saleEntries,
  saleFee,
} from '../../../server/ledger/postings'

const paidAt = new Date('2026-11-01T09:00:00Z')
const sale = (changes: Partial<Sale> = {}): Sale => ({
  method: 'mpesa',
  sellerId: 'seller-1',
  total: 750_00,
  currency: 'KES',
  chargeAmount: 750_00,
  chargeCurrency: 'KES',
  terms: STANDARD_SALE_TERMS,
  ...changes,
})
const byAccount = (entries: Entry[]) =>
  Object.fromEntries(entries.map((e) => [`${e.account} ${e.currency}`, e.amount]))

/** A transaction that records what it is asked to insert, in place of the database. */
function recorder() {
  const inserted: unknown[] = []
  const tx = { insert: () => ({ values: async (rows: unknown) => void inserted.push(rows) }) }
  return { tx: tx as never, inserted }
}

describe('the ledger', () => {
  it('refuses a transaction that does not sum to zero in each currency, writing nothing', async () => {
    const { tx, inserted } = recorder()
    const entries: Entry[] = [
      { account: 'provider:card', amount: 100, currency: 'USD' },
      { account: 'seller:1', amount: -100, currency: 'KES' },
    ]
    expect(imbalance(entries)).toEqual({ USD: 100, KES: -100 })
    await expect(postTransaction(tx, { kind: 'sale', orderId: 'o', memo: 'm', entries })).rejects.toThrow(
      /unbalanced sale for order o: USD 100/,
    )
    expect(inserted).toEqual([])
  })

  it('refuses an amount that is not a whole number of minor units', () => {
    expect(() => imbalance([{ account: 'a', amount: 0.5, currency: 'KES' }])).toThrow(/whole number/)
  })

  it('writes a balanced transaction and its non-zero entries', async () => {
    const { tx, inserted } = recorder()
    await postTransaction(tx, {
      kind: 'sale',
      orderId: 'o',
      memo: 'Sale',
      entries: saleEntries(sale(), paidAt),
    })
    expect(inserted).toHaveLength(2)
    expect((inserted[1] as unknown[]).length).toBe(3)
  })
})

describe('postings', () => {
  it('a sale: the provider holds the charge, Soko keeps 5%, the seller is owed the rest after 7 days', () => {
    const entries = saleEntries(sale(), paidAt)
    expect(imbalance(entries)).toEqual({})
    expect(byAccount(entries)).toEqual({
      'provider:mpesa KES': 750_00,
      'platform:fees KES': -saleFee(750_00),
      'seller:seller-1 KES': -(750_00 - 37_50),
    })
    const owed = entries.find((e) => e.account === 'seller:seller-1')
    expect(owed?.availableAt?.toISOString()).toBe('2026-11-08T09:00:00.000Z')
  })

  it('a sale charged in another currency converts through fx, each currency balanced', () => {
    const entries = saleEntries(sale({ method: 'paypal', chargeAmount: 5_80, chargeCurrency: 'USD' }), paidAt)
    expect(imbalance(entries)).toEqual({})
    expect(byAccount(entries)).toMatchObject({
      'provider:paypal USD': 5_80,
      'fx USD': -5_80,
      'fx KES': 750_00,
    })
  })

  it('M-Pesa rounding up to whole shillings lands in platform:rounding', () => {
    const entries = saleEntries(sale({ total: 750_50, chargeAmount: 751_00 }), paidAt)
    expect(imbalance(entries)).toEqual({})
    expect(byAccount(entries)['platform:rounding KES']).toBe(-50)
  })

  it('a refund turns the sale around exactly and holds nothing', () => {
    const sold = saleEntries(sale({ method: 'card', chargeAmount: 5_80, chargeCurrency: 'USD' }), paidAt)
    const back = refundEntries(sale({ method: 'card', chargeAmount: 5_80, chargeCurrency: 'USD' }), paidAt)
    expect(imbalance([...sold, ...back])).toEqual({})
    expect(back.map((e) => e.amount)).toEqual(sold.map((e) => -e.amount))
    expect(back.every((e) => e.availableAt === undefined)).toBe(true)
  })

  it('books a sale with the terms it was placed under: percentage, fixed part and hold', () => {
    const terms = { feeBps: 800, feeFixed: 20_00, holdDays: 3 }
    const entries = saleEntries(sale({ terms }), paidAt)
    expect(entries.find((e) => e.account === 'platform:fees')?.amount).toBe(-(60_00 + 20_00))
    const seller = entries.find((e) => e.account === 'seller:seller-1')
    expect(seller?.amount).toBe(-(750_00 - 80_00))
    expect(seller?.availableAt?.toISOString()).toBe('2026-11-04T09:00:00.000Z')
    // The fee is never more than the sale, and a free order pays none.
    expect(saleFee(10_00, { feeBps: 500, feeFixed: 20_00 })).toBe(10_00)
    expect(saleFee(0, { feeBps: 500, feeFixed: 20_00 })).toBe(0)
    // The refund gives back the fee it was booked with.
    expect(refundEntries(sale({ terms }), paidAt).find((e) => e.account === 'platform:fees')?.amount).toBe(
      80_00,
    )
  })

  it('rounds Soko’s fee half up to a minor unit', () => {
    expect([saleFee(10), saleFee(30), saleFee(50), saleFee(7_50)]).toEqual([1, 2, 3, 38])
  })
})
