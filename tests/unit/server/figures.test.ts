import { describe, expect, it } from 'vitest'
import { currencyCodes } from '../../../contract/currencies'
import { HOLD_WORDS, holdText } from '../../../contract/platform'
import type { PlatformTerms } from '../../../contract/platform-terms.contract'
import { fillFigures } from '../../../server/web/figures'

/** Only the figures the marketing words state; the rest of the terms play no part. */
const termsWith = (holdDays: number) =>
  ({
    saleFeeBps: 500,
    saleFeeFixed: Object.fromEntries(currencyCodes.map((c) => [c, 0])),
    holdDays,
  }) as PlatformTerms

/** The marketing pages' words of the hold (src/features/marketing/content.ts), as a page's payload. */
const words = (holdDays: number) => fillFigures(JSON.stringify(HOLD_WORDS), { terms: termsWith(holdDays) })

describe('the hold on the marketing pages', () => {
  it('says how long earnings are held when there is a hold', () => {
    expect(words(7)).toContain('Earnings become available after 7 days.')
    expect(words(7)).toContain('Earnings from a sale are held for 7 days, in case of a refund')
    expect(words(1)).toContain('held for 1 day, in case of a refund')
  })

  it('never says "held for 0 days": with no hold, earnings are available at once', () => {
    const text = words(0)
    expect(text).not.toMatch(/\b0 days?\b/)
    expect(text).toContain('Earnings are available at once.')
    expect(text).toContain('Earnings from a sale are available at once')
    expect(text).not.toContain('[[')
  })

  it('leaves no mark behind whatever the hold', () => {
    for (const days of [0, 1, 7, 90]) expect(words(days)).not.toMatch(/\[\[|\{days\}/)
  })
})

describe('an order’s hold, as the admin reads it', () => {
  it('names the days, or says it is available at once', () => {
    expect(holdText(7)).toBe('held 7 days')
    expect(holdText(1)).toBe('held 1 day')
    expect(holdText(0)).toBe('available at once')
  })
})
