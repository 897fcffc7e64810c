/** Currencies without zod, so the browser can format money without loading the schemas. */

/**
 * ISO 4217 currencies Soko prices and pays in, with their minor-unit exponent. `name` is the English: pages
 * in another language name a currency through Intl.DisplayNames (src/lib/currency-name.ts), hence the
 * i18n-ignore on each.
 */
export const currencies = {
  KES: { name: 'Kenyan shilling', minorUnits: 2 }, // i18n-ignore: named by Intl.DisplayNames
  UGX: { name: 'Ugandan shilling', minorUnits: 0 }, // i18n-ignore: named by Intl.DisplayNames
  TZS: { name: 'Tanzanian shilling', minorUnits: 2 }, // i18n-ignore: named by Intl.DisplayNames
  RWF: { name: 'Rwandan franc', minorUnits: 0 }, // i18n-ignore: named by Intl.DisplayNames
  NGN: { name: 'Nigerian naira', minorUnits: 2 }, // i18n-ignore: named by Intl.DisplayNames
  GHS: { name: 'Ghanaian cedi', minorUnits: 2 }, // i18n-ignore: named by Intl.DisplayNames
  ZAR: { name: 'South African rand', minorUnits: 2 }, // i18n-ignore: named by Intl.DisplayNames
  USD: { name: 'US dollar', minorUnits: 2 },
  EUR: { name: 'Euro', minorUnits: 2 },
  GBP: { name: 'British pound', minorUnits: 2 }, // i18n-ignore: named by Intl.DisplayNames
} as const

export type CurrencyCode = keyof typeof currencies

/**
 * The platform's figures per currency, in minor units: the range a price may take (a free product,
 * ticket or shipping is 0, outside it on purpose) and the least one withdrawal.
 */
export const CURRENCY_LIMITS: Record<
  CurrencyCode,
  { minPrice: number; maxPrice: number; minWithdrawal: number }
> = {
  KES: { minPrice: 1_00, maxPrice: 1_000_000_00, minWithdrawal: 100_00 },
  UGX: { minPrice: 500, maxPrice: 30_000_000, minWithdrawal: 5_000 },
  TZS: { minPrice: 500_00, maxPrice: 20_000_000_00, minWithdrawal: 5_000_00 },
  RWF: { minPrice: 100, maxPrice: 10_000_000, minWithdrawal: 1_000 },
  NGN: { minPrice: 100_00, maxPrice: 10_000_000_00, minWithdrawal: 1_000_00 },
  GHS: { minPrice: 1_00, maxPrice: 100_000_00, minWithdrawal: 20_00 },
  ZAR: { minPrice: 5_00, maxPrice: 150_000_00, minWithdrawal: 100_00 },
  USD: { minPrice: 50, maxPrice: 10_000_00, minWithdrawal: 5_00 },
  EUR: { minPrice: 50, maxPrice: 10_000_00, minWithdrawal: 5_00 },
  GBP: { minPrice: 50, maxPrice: 10_000_00, minWithdrawal: 5_00 },
}

export const currencyCodes = Object.keys(currencies) as [CurrencyCode, ...CurrencyCode[]]

const EURO_COUNTRIES = 'AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK'.split(' ')

/** The currency a visitor from this country thinks in (ISO 3166 alpha-2), among Soko's; else US dollars. */
export function currencyForCountry(country: string | null | undefined): CurrencyCode {
  const byCountry: Record<string, CurrencyCode> = {
    KE: 'KES',
    UG: 'UGX',
    TZ: 'TZS',
    RW: 'RWF',
    NG: 'NGN',
    GH: 'GHS',
    ZA: 'ZAR',
    GB: 'GBP',
  }
  const code = country?.toUpperCase() ?? ''
  return byCountry[code] ?? (EURO_COUNTRIES.includes(code) ? 'EUR' : 'USD')
}

/**
 * An approximate amount in another currency, through US dollars at the admin's rates, rounded to the
 * target's minor unit; null when either rate is unknown. For showing only: sales charge the original.
 */
export function convertApprox(
  amount: { amount: number; currency: CurrencyCode },
  to: CurrencyCode,
  perUsd: Partial<Record<CurrencyCode, number>>,
): { amount: number; currency: CurrencyCode } | null {
  if (amount.currency === to) return amount
  const from = perUsd[amount.currency]
  const target = perUsd[to]
  if (!from || !target) return null
  const major = amount.amount / 10 ** currencies[amount.currency].minorUnits
  return { amount: Math.round((major / from) * target * 10 ** currencies[to].minorUnits), currency: to }
}

/** Whether a text is the code of a currency Soko prices in. */
export function isCurrencyCode(code: string): code is CurrencyCode {
  return Object.hasOwn(currencies, code)
}
