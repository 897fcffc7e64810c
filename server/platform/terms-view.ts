import { currencyCodes } from '../../contract/currencies'
import { formatMoney } from '../../contract/format-money'
import { DEFAULT_LANG, type Lang } from '../../contract/i18n'
import type { PlatformTerms } from '../../contract/platform-terms.contract'
import type { PlatformSettings } from '../../contract/settings.contract'
import { translate } from '../lib/i18n'

/** The fee as people read it: `5%`, or `5% + KES 10.00` when it has a fixed part in that currency. */
export function feeText(terms: PlatformTerms, currency?: keyof PlatformTerms['saleFeeFixed']): string {
  const percent = `${(terms.saleFeeBps / 100).toLocaleString('en', { maximumFractionDigits: 2 })}%`
  const fixed = currency ? terms.saleFeeFixed[currency] : 0
  return fixed > 0 ? `${percent} + ${formatMoney(fixed, currency ?? 'KES', 'en')}` : percent
}

/** The fee in a sentence, as the public settings give it. */
export const FEE_SENTENCE = /*i18n*/ {
  id: 'platform.fee.description',
  message: 'Soko keeps {fee} of each sale; there is no monthly fee.',
}
const FEE_SENTENCE_FIXED = /*i18n*/ {
  id: 'platform.fee.description-fixed',
  message: 'Soko keeps {fee} of each sale, plus a fixed fee in some currencies; there is no monthly fee.',
}

/** The public settings with the fee, hold and least withdrawal now in force; the fee's sentence in `lang`. */
export function withTerms(
  platform: PlatformSettings,
  terms: PlatformTerms,
  lang: Lang = DEFAULT_LANG,
): PlatformSettings {
  const anyFixed = currencyCodes.some((code) => terms.saleFeeFixed[code] > 0)
  return {
    ...platform,
    fees: {
      saleFeeBps: terms.saleFeeBps,
      description: translate(lang, anyFixed ? FEE_SENTENCE_FIXED : FEE_SENTENCE, { fee: feeText(terms) }),
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
