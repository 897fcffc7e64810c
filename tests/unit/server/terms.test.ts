import { describe, expect, it } from 'vitest'
import { buildPlatformSettings } from '../../../server/platform/platform-settings'
import { changedFigures, defaultTerms, saleTermsOf } from '../../../server/platform/terms'
import { withTerms } from '../../../server/platform/terms-view'
import { testConfig } from '../../support/config'

const defaults = defaultTerms(testConfig().payouts)

describe('platform terms', () => {
  it('names each figure that changed, per currency', () => {
    const next = {
      ...defaults,
      saleFeeBps: 800,
      payoutMaximum: { ...defaults.payoutMaximum, KES: defaults.payoutMaximum.KES + 1 },
    }
    expect(changedFigures(defaults, next)).toEqual(['saleFeeBps', 'payoutMaximum.KES'])
    expect(changedFigures(defaults, defaults)).toEqual([])
  })

  it('gives a sale the fee of its currency and the hold', () => {
    const terms = { ...defaults, saleFeeBps: 650, saleFeeFixed: { ...defaults.saleFeeFixed, USD: 30 } }
    expect(saleTermsOf(terms, 'USD')).toEqual({ feeBps: 650, feeFixed: 30, holdDays: defaults.holdDays })
    expect(saleTermsOf(terms, 'KES')).toEqual({ feeBps: 650, feeFixed: 0, holdDays: defaults.holdDays })
  })

  it('puts the terms in force into the public settings', () => {
    const platform = buildPlatformSettings({ livePayments: {} })
    const shown = withTerms(platform, {
      ...defaults,
      saleFeeBps: 250,
      holdDays: 3,
      payoutMinimum: { ...defaults.payoutMinimum, KES: 50_00 },
    })
    expect(shown.fees).toEqual({
      saleFeeBps: 250,
      description: 'Soko keeps 2.5% of each sale; there is no monthly fee.',
    })
    expect(shown.payouts.holdDays).toBe(3)
    expect(shown.payouts.minimumWithdrawal).toContainEqual({ currency: 'KES', amount: 50_00 })
  })
})
