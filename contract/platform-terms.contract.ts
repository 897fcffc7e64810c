import { z } from 'zod'
import { type CurrencyCode, currencyCodes } from './currencies'
import { formatMoney } from './format-money'
import type { Message } from './i18n'
import { widestPriceLimits } from './money'
import { defineSubject } from './rpc'
import { say } from './say'

/** What each figure per currency is told: `{code}` is the currency. */
const FIXED_FEE = {
  missing: /*i18n*/ { id: 'platformTerms.fixedFeeMissing', message: 'Give the fixed fee in {code}' },
  whole: /*i18n*/ {
    id: 'platformTerms.fixedFeeWhole',
    message: 'Give the fixed fee in {code} in whole minor units',
  },
  negative: /*i18n*/ { id: 'platformTerms.fixedFeeNegative', message: 'The fixed fee cannot be negative' },
}
const LEAST_PAYOUT = {
  missing: /*i18n*/ { id: 'platformTerms.leastPayoutMissing', message: 'Give the least payout in {code}' },
  whole: /*i18n*/ {
    id: 'platformTerms.leastPayoutWhole',
    message: 'Give the least payout in {code} in whole minor units',
  },
  negative: /*i18n*/ {
    id: 'platformTerms.leastPayoutNegative',
    message: 'The least payout cannot be negative',
  },
}
const LARGEST_PAYOUT = {
  missing: /*i18n*/ {
    id: 'platformTerms.largestPayoutMissing',
    message: 'Give the largest payout in {code}',
  },
  whole: /*i18n*/ {
    id: 'platformTerms.largestPayoutWhole',
    message: 'Give the largest payout in {code} in whole minor units',
  },
  negative: /*i18n*/ {
    id: 'platformTerms.largestPayoutNegative',
    message: 'The largest payout cannot be negative',
  },
}
const DAILY_LIMIT = {
  missing: /*i18n*/ {
    id: 'platformTerms.dailyLimitMissing',
    message: 'Give the daily payout limit in {code}',
  },
  whole: /*i18n*/ {
    id: 'platformTerms.dailyLimitWhole',
    message: 'Give the daily payout limit in {code} in whole minor units',
  },
  negative: /*i18n*/ {
    id: 'platformTerms.dailyLimitNegative',
    message: 'The daily payout limit cannot be negative',
  },
}
const APPROVAL_THRESHOLD = {
  missing: /*i18n*/ {
    id: 'platformTerms.approvalThresholdMissing',
    message: 'Give the approval threshold in {code}',
  },
  whole: /*i18n*/ {
    id: 'platformTerms.approvalThresholdWhole',
    message: 'Give the approval threshold in {code} in whole minor units',
  },
  negative: /*i18n*/ {
    id: 'platformTerms.approvalThresholdNegative',
    message: 'The approval threshold cannot be negative',
  },
}
const LOWEST_PRICE = {
  missing: /*i18n*/ { id: 'platformTerms.lowestPriceMissing', message: 'Give the lowest price in {code}' },
  whole: /*i18n*/ {
    id: 'platformTerms.lowestPriceWhole',
    message: 'Give the lowest price in {code} in whole minor units',
  },
  negative: /*i18n*/ {
    id: 'platformTerms.lowestPriceNegative',
    message: 'The lowest price cannot be negative',
  },
}
const HIGHEST_PRICE = {
  missing: /*i18n*/ { id: 'platformTerms.highestPriceMissing', message: 'Give the highest price in {code}' },
  whole: /*i18n*/ {
    id: 'platformTerms.highestPriceWhole',
    message: 'Give the highest price in {code} in whole minor units',
  },
  negative: /*i18n*/ {
    id: 'platformTerms.highestPriceNegative',
    message: 'The highest price cannot be negative',
  },
}

const RECOVERY_SMS = {
  missing: /*i18n*/ {
    id: 'platformTerms.recoverySmsMissing',
    message: 'Give the price of a reminder SMS in {code}',
  },
  whole: /*i18n*/ {
    id: 'platformTerms.recoverySmsWhole',
    message: 'Give the price of a reminder SMS in {code} in whole minor units',
  },
  negative: /*i18n*/ {
    id: 'platformTerms.recoverySmsNegative',
    message: 'The price of a reminder SMS cannot be negative',
  },
}

/** Said in more than one place. */
const FEE_CANNOT_NEGATIVE = /*i18n*/ {
  id: 'platformTerms.feeCannotNegative',
  message: 'The fee cannot be negative',
}

/** Said in more than one place. */
const USE_MOST_TWO_DECIMALS = /*i18n*/ {
  id: 'platformTerms.useMostTwoDecimals',
  message: 'Use at most two decimals in the percentage',
}

/** A figure for each of Soko's currencies, in minor units. */
const perCurrency = (said: { missing: Message; whole: Message; negative: Message }) =>
  z.strictObject(
    Object.fromEntries(
      currencyCodes.map((code) => [
        code,
        z
          .number({ error: say(said.missing, { code }) })
          .int(say(said.whole, { code }))
          .min(0, say(said.negative))
          .max(
            Number.MAX_SAFE_INTEGER,
            say(/*i18n*/ { id: 'platformTerms.amountTooLarge', message: 'That amount is too large' }),
          ),
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
      .number({
        error: say(
          /*i18n*/ { id: 'platformTerms.giveFeeAsPercentage', message: 'Give the fee as a percentage' },
        ),
      })
      .int(say(USE_MOST_TWO_DECIMALS))
      .min(0, say(FEE_CANNOT_NEGATIVE))
      .max(5_000, say(/*i18n*/ { id: 'platformTerms.feeMost', message: 'The fee can be at most 50%' })),
    /** A fixed part of the fee per sale, added to the percentage (never more than the sale). */
    saleFeeFixed: perCurrency(FIXED_FEE),
    /** Days a sale's earnings are held before they can be withdrawn. */
    holdDays: z
      .number({ error: say(/*i18n*/ { id: 'platformTerms.giveHoldDays', message: 'Give the hold in days' }) })
      .int(say(/*i18n*/ { id: 'platformTerms.useWholeDays', message: 'Use whole days' }))
      .min(
        0,
        say(/*i18n*/ { id: 'platformTerms.holdCannotNegative', message: 'The hold cannot be negative' }),
      )
      .max(
        90,
        say(/*i18n*/ { id: 'platformTerms.holdMostDays', message: 'The hold can be at most 90 days' }),
      ),
    /** The instant payout's fee, in basis points of the amount. */
    instantFeeBps: z
      .number({
        error: say(
          /*i18n*/ {
            id: 'platformTerms.giveInstantPayoutFee',
            message: 'Give the instant payout fee as a percentage',
          },
        ),
      })
      .int(say(USE_MOST_TWO_DECIMALS))
      .min(0, say(FEE_CANNOT_NEGATIVE))
      .max(
        2_000,
        say(
          /*i18n*/ {
            id: 'platformTerms.instantPayoutFeeMost',
            message: 'The instant payout fee can be at most 20%',
          },
        ),
      ),
    payoutMinimum: perCurrency(LEAST_PAYOUT),
    payoutMaximum: perCurrency(LARGEST_PAYOUT),
    payoutDaily: perCurrency(DAILY_LIMIT),
    /** Payouts above this wait for an admin's approval, as does every seller's first. */
    approvalOver: perCurrency(APPROVAL_THRESHOLD),
    /** The range a product's price may take (a free product, ticket or shipping is 0, outside it). */
    minPrice: perCurrency(LOWEST_PRICE),
    maxPrice: perCurrency(HIGHEST_PRICE),
    /** What a seller pays for each SMS reminding a buyer of a checkout left unpaid, in the order's currency. */
    recoverySms: perCurrency(RECOVERY_SMS),
  })
  .superRefine((terms, ctx) => {
    for (const code of currencyCodes) {
      if (terms.payoutMinimum[code] > terms.payoutMaximum[code])
        ctx.addIssue({
          code: 'custom',
          path: ['payoutMinimum', code],
          message: say(
            /*i18n*/ {
              id: 'platformTerms.leastAboveLargest',
              message: 'The least payout in {code} is above the largest',
            },
            { code },
          ),
        })
      const widest = widestPriceLimits(code)
      if (terms.minPrice[code] < widest.minPrice)
        ctx.addIssue({
          code: 'custom',
          path: ['minPrice', code],
          message: say(
            /*i18n*/ { id: 'platformTerms.lowestPriceAboveZero', message: 'The lowest price is above zero' },
          ),
        })
      if (terms.minPrice[code] > terms.maxPrice[code])
        ctx.addIssue({
          code: 'custom',
          path: ['minPrice', code],
          message: say(
            /*i18n*/ {
              id: 'platformTerms.lowestAboveHighest',
              message: 'The lowest price in {code} is above the highest',
            },
            { code },
          ),
        })
      if (terms.maxPrice[code] > widest.maxPrice)
        ctx.addIssue({
          code: 'custom',
          path: ['maxPrice', code],
          message: say(
            /*i18n*/ {
              id: 'platformTerms.highestAtMost',
              message: 'The highest price in {code} can be at most {amount}',
            },
            { code, amount: formatMoney(widest.maxPrice, code, 'en') },
          ),
        })
      if (terms.payoutMaximum[code] > terms.payoutDaily[code])
        ctx.addIssue({
          code: 'custom',
          path: ['payoutDaily', code],
          message: say(
            /*i18n*/ {
              id: 'platformTerms.dailyBelowLargest',
              message: 'The daily limit in {code} is below the largest single payout',
            },
            { code },
          ),
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
