import { currencyCodes } from '../../contract/currencies'
import { formatMoney } from '../../contract/format-money'
import type { PlatformTerms } from '../../contract/platform-terms.contract'
import type { PlatformSettings } from '../../contract/settings.contract'

/** The fee as people read it: `5%`, or `5% + KES 10.00` when it has a fixed part in that currency. */
export function feeText(terms: PlatformTerms, currency?: keyof PlatformTerms['saleFeeFixed']): string {
  const percent = `${(terms.saleFeeBps / 100).toLocaleString('en', { maximumFractionDigits: 2 })}%`
  const fixed = currency ? terms.saleFeeFixed[currency] : 0
  return fixed > 0 ? `${percent} + ${formatMoney(fixed, currency ?? 'KES', 'en')}` : percent
}

/** The public settings with the fee, hold and least withdrawal now in force. */
export function withTerms(platform: PlatformSettings, terms: PlatformTerms): PlatformSettings {
  const anyFixed = currencyCodes.some((code) => terms.saleFeeFixed[code] > 0)
  return {
    ...platform,
    fees: {
      saleFeeBps: terms.saleFeeBps,
      description: `Soko keeps ${feeText(terms)} of each sale${anyFixed ? ', plus a fixed fee in some currencies' : ''}; there is no monthly fee.`,
    },
    limits: {
      ...platform.limits,
      minPrice: currencyCodes.map((currency) => ({ amount: terms.minPrice[currency], currency })),
      maxPrice: currencyCodes.map((currency) => ({ amount: terms.maxPrice[currency], currency })),
    },
    payouts: {
      ...platform.payouts,
      holdDays: terms.holdDays,
      minimumWithdrawal: currencyCodes.map((currency) => ({
        amount: terms.payoutMinimum[currency],
        currency,
      })),
    },
  }
}
