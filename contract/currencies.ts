/** Currencies without zod, so the browser can format money without loading the schemas. */

/** ISO 4217 currencies Soko prices and pays in, with their minor-unit exponent. */
export const currencies = {
  KES: { name: 'Kenyan shilling', minorUnits: 2 },
  UGX: { name: 'Ugandan shilling', minorUnits: 0 },
  TZS: { name: 'Tanzanian shilling', minorUnits: 2 },
  RWF: { name: 'Rwandan franc', minorUnits: 0 },
  NGN: { name: 'Nigerian naira', minorUnits: 2 },
  GHS: { name: 'Ghanaian cedi', minorUnits: 2 },
  ZAR: { name: 'South African rand', minorUnits: 2 },
  USD: { name: 'US dollar', minorUnits: 2 },
  EUR: { name: 'Euro', minorUnits: 2 },
  GBP: { name: 'British pound', minorUnits: 2 },
} as const

export type CurrencyCode = keyof typeof currencies

export const currencyCodes = Object.keys(currencies) as [CurrencyCode, ...CurrencyCode[]]
