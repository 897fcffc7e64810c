import { describe, expect, it } from 'vitest'
import { shares } from '../../../server/features/bundles/parts'

/** A bundle's price shared among its parts: in proportion to their own prices, adding up exactly. */
describe('shares', () => {
  it('splits in proportion, the leftover units to the parts that lost the most in rounding', () => {
    // 3,500 over 1,500 + 1,000 + 1,800: 1220.93…, 813.95…, 1465.11… shillings.
    expect(shares(3_500_00, [1_500_00, 1_000_00, 1_800_00])).toEqual([122093, 81395, 146512])
    // Equal parts, one unit over: the first part takes it.
    expect(shares(100, [1, 1, 1])).toEqual([34, 33, 33])
  })

  it('always adds up to the price, each share between 0 and the price', () => {
    let seed = 7
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    for (let run = 0; run < 500; run++) {
      const worths = Array.from({ length: 2 + next(9) }, () => 1 + next(10_000_000))
      const total = worths.reduce((a, b) => a + b, 0)
      const price = 1 + next(total - 1)
      const split = shares(price, worths)
      expect(split.reduce((a, b) => a + b, 0)).toBe(price)
      for (const share of split) expect(share).toBeGreaterThanOrEqual(0)
      // No part's share is more than its own price.
      for (const [i, share] of split.entries()) expect(share).toBeLessThanOrEqual(worths[i] ?? 0)
    }
  })
})
