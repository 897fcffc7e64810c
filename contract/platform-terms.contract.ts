import { z } from 'zod'
import { type CurrencyCode, currencyCodes } from './currencies'
import { formatMoney } from './format-money'
import { widestPriceLimits } from './money'
import { defineSubject } from './rpc'

/** A figure for each of Soko's currencies, in minor units. */
const perCurrency = (what: string) =>
  z.strictObject(
    Object.fromEntries(
      currencyCodes.map((code) => [
        code,
        z
          .number({ error: `Give the ${what} in ${code}` })
          .int(`Give the ${what} in ${code} in whole minor units`)
          .min(0, `The ${what} cannot be negative`)
          .max(Number.MAX_SAFE_INTEGER, 'That amount is too large'),
      ]),
    ) as Record<CurrencyCode, z.ZodNumber>,
  )

/**
 * The platform's terms an operator changes at run time. A sale keeps the fee and hold in force when it was
 * placed; payout figures apply to the next payout asked for or scheduled.
 */
export const platformTerms = z
  .strictObject({
    /** Soko's fee on each sale, in basis points (500 = 5%). */
    saleFeeBps: z
      .number({ error: 'Give the fee as a percentage' })
      .int('Use at most two decimals in the percentage')
      .min(0, 'The fee cannot be negative')
      .max(5_000, 'The fee can be at most 50%'),
    /** A fixed part of the fee per sale, added to the percentage (never more than the sale). */
    saleFeeFixed: perCurrency('fixed fee'),
    /** Days a sale's earnings are held before they can be withdrawn. */
    holdDays: z
      .number({ error: 'Give the hold in days' })
      .int('Use whole days')
      .min(0, 'The hold cannot be negative')
      .max(90, 'The hold can be at most 90 days'),
    /** The instant payout's fee, in basis points of the amount. */
    instantFeeBps: z
      .number({ error: 'Give the instant payout fee as a percentage' })
      .int('Use at most two decimals in the percentage')
      .min(0, 'The fee cannot be negative')
      .max(2_000, 'The instant payout fee can be at most 20%'),
    payoutMinimum: perCurrency('least payout'),
    payoutMaximum: perCurrency('largest payout'),
    payoutDaily: perCurrency('daily payout limit'),
    /** Payouts above this wait for an admin's approval, as does every seller's first. */
    approvalOver: perCurrency('approval threshold'),
    /** The range a product's price may take (a free product, ticket or shipping is 0, outside it). */
    minPrice: perCurrency('lowest price'),
    maxPrice: perCurrency('highest price'),
  })
  .superRefine((terms, ctx) => {
    for (const code of currencyCodes) {
      if (terms.payoutMinimum[code] > terms.payoutMaximum[code])
        ctx.addIssue({
          code: 'custom',
          path: ['payoutMinimum', code],
          message: `The least payout in ${code} is above the largest`,
        })
      const widest = widestPriceLimits(code)
      if (terms.minPrice[code] < widest.minPrice)
        ctx.addIssue({ code: 'custom', path: ['minPrice', code], message: 'The lowest price is above zero' })
      if (terms.minPrice[code] > terms.maxPrice[code])
        ctx.addIssue({
          code: 'custom',
          path: ['minPrice', code],
          message: `The lowest price in ${code} is above the highest`,
        })
      if (terms.maxPrice[code] > widest.maxPrice)
        ctx.addIssue({
          code: 'custom',
          path: ['maxPrice', code],
          message: `The highest price in ${code} can be at most ${formatMoney(widest.maxPrice, code, 'en')}`,
        })
      if (terms.payoutMaximum[code] > terms.payoutDaily[code])
        ctx.addIssue({
          code: 'custom',
          path: ['payoutDaily', code],
          message: `The daily limit in ${code} is below the largest single payout`,
        })
    }
  })

export type PlatformTerms = z.infer<typeof platformTerms>

export const platformTermsContract = {
  getPlatformTerms: defineSubject({
    kind: 'query',
    access: 'admin',
    summary:
      "The platform's fees, hold and payout figures now in force, the defaults they start from, and when " +
      'they last changed.',
    input: z.strictObject({}),
    output: z.object({
      terms: platformTerms,
      defaults: platformTerms,
      updatedAt: z.string().nullable(),
    }),
  }),
  updatePlatformTerms: defineSubject({
    kind: 'mutation',
    access: 'admin',
    summary:
      "Replaces the platform's terms (audited with what changed). New orders take the new fee and hold; " +
      'orders already placed keep theirs. Every instance uses them within a second.',
    input: z.strictObject({ terms: platformTerms }),
    output: z.object({ terms: platformTerms, changed: z.array(z.string()) }),
  }),
}
