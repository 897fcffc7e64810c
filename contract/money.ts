import { z } from 'zod'
import { currencyCodes } from './currencies'

export { type CurrencyCode, currencies, currencyCodes } from './currencies'

export const currencyCode = z.enum(currencyCodes, {
  error: () => `Use one of the supported currencies: ${currencyCodes.join(', ')}`,
})

/** Money is always an integer number of minor units plus its currency, never a float. */
export const money = z.object({
  amount: z.number().int('Amounts are whole numbers of the smallest unit (cents)'),
  currency: currencyCode,
})

export type Money = z.infer<typeof money>
