import { describe, expect, it } from 'vitest'
import {
  computeTotals,
  divHalfUp,
  parseQuantity,
  parseRate,
  quantityText,
  rateText,
} from '../../../contract/invoice-totals'

const line = (quantity: number, unitPrice: number) => ({ quantityMilli: quantity * 1000, unitPrice })

describe('invoice totals', () => {
  it('rounds halves up, and only halves', () => {
    expect(divHalfUp(5n, 10n)).toBe(1n)
    expect(divHalfUp(4n, 10n)).toBe(0n)
    expect(divHalfUp(15n, 10n)).toBe(2n)
    expect(divHalfUp(149n, 100n)).toBe(1n)
  })

  it('rounds each line half up to a minor unit', () => {
    // 1.5 × 0.33 = 0.495 → 0.50; 0.333 × 1.00 = 0.333 → 0.33.
    const totals = computeTotals({
      lines: [
        { quantityMilli: 1500, unitPrice: 33 },
        { quantityMilli: 333, unitPrice: 100 },
      ],
      discount: null,
      taxes: [],
      deposit: null,
    })
    expect(totals.lineTotals).toEqual([50, 33])
    expect(totals).toMatchObject({ subtotal: 83, total: 83, deposit: 0 })
  })

  it('adds an exclusive tax on the discounted subtotal', () => {
    const totals = computeTotals({
      lines: [line(2, 15_000_00), { quantityMilli: 1500, unitPrice: 4_000_00 }],
      discount: { kind: 'amount', amount: 1_000_00 },
      taxes: [{ name: 'VAT', rateBps: 1600, inclusive: false }],
      deposit: { kind: 'percent', bps: 5000 },
    })
    // 36,000 − 1,000 = 35,000; VAT 5,600; total 40,600; half is 20,300.
    expect(totals).toMatchObject({
      subtotal: 36_000_00,
      discount: 1_000_00,
      taxBase: 35_000_00,
      total: 40_600_00,
    })
    expect(totals.taxes.map((t) => t.amount)).toEqual([5_600_00])
    expect(totals.deposit).toBe(20_300_00)
  })

  it('extracts inclusive taxes from the discounted subtotal, and adds exclusive ones', () => {
    const totals = computeTotals({
      lines: [line(1, 1_160_00)],
      discount: null,
      taxes: [
        { name: 'VAT', rateBps: 1600, inclusive: true },
        { name: 'Levy', rateBps: 150, inclusive: false },
      ],
      deposit: null,
    })
    // 1,160 holds VAT 160 (1,160 × 16/116); the levy is 1.5 % of 1,160 = 17.40, on top.
    expect(totals.taxes.map((t) => t.amount)).toEqual([160_00, 17_40])
    expect(totals.total).toBe(1_177_40)
  })

  it('shares the inclusive denominator between several inclusive taxes', () => {
    const totals = computeTotals({
      lines: [line(1, 1_200_00)],
      discount: null,
      taxes: [
        { name: 'A', rateBps: 1000, inclusive: true },
        { name: 'B', rateBps: 1000, inclusive: true },
      ],
      deposit: null,
    })
    // 1,200 = net 1,000 + 100 + 100.
    expect(totals.taxes.map((t) => t.amount)).toEqual([100_00, 100_00])
    expect(totals.total).toBe(1_200_00)
  })

  it('rounds a percentage discount and deposit half up, and never beyond what they apply to', () => {
    const totals = computeTotals({
      lines: [line(3, 333_33)],
      discount: { kind: 'percent', bps: 1050 },
      taxes: [],
      deposit: { kind: 'amount', amount: 5_000_00 },
    })
    // 999.99 × 10.5 % = 104.99895 → 105.00; a deposit larger than the total is the total.
    expect(totals).toMatchObject({ subtotal: 999_99, discount: 105_00, total: 894_99, deposit: 894_99 })
  })

  it('keeps large amounts exact past 2^53 in the products', () => {
    const totals = computeTotals({
      lines: [{ quantityMilli: 999_999_999, unitPrice: 999_999_99 }],
      discount: null,
      taxes: [{ name: 'VAT', rateBps: 1600, inclusive: false }],
      deposit: null,
    })
    expect(totals.lineTotals[0]).toBe(Number((999_999_999n * 999_999_99n * 2n + 1000n) / 2000n))
  })

  it('reads and writes quantities and rates as people type them', () => {
    expect(parseQuantity('1.5')).toBe(1500)
    expect(parseQuantity('2')).toBe(2000)
    expect(parseQuantity('0,25')).toBe(250)
    expect(parseQuantity('1.2345')).toBeNull()
    expect(parseQuantity('abc')).toBeNull()
    expect(quantityText(1500)).toBe('1.5')
    expect(quantityText(2000)).toBe('2')
    expect(parseRate('16')).toBe(1600)
    expect(parseRate('8.25 %')).toBe(825)
    expect(parseRate('8.255')).toBeNull()
    expect(rateText(825)).toBe('8.25')
    expect(rateText(1600)).toBe('16')
  })
})
