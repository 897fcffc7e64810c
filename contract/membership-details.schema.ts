import { z } from 'zod'
import { MAX_TIERS, MAX_TRIAL_DAYS, UPLOAD_LIMITS } from './catalog.constants'
import { money } from './money'
import { say } from './say'

/** A count that must be whole (a limit, a number of days). */
export const WHOLE_NUMBER = /*i18n*/ { id: 'productDetails.wholeNumber', message: 'A whole number' }

/** What a membership tier costs for one period, in one currency. */
const tierPrice = z.object({
  interval: z.enum(['month', 'year'], {
    error: say(/*i18n*/ { id: 'productDetails.chooseMonthOrYear', message: 'Choose month or year' }),
  }),
  price: money,
})

export const tier = z.object({
  id: z.string().max(40).optional(),
  name: z
    .string()
    .trim()
    .min(2, say(/*i18n*/ { id: 'productDetails.nameTier', message: 'Name the tier' }))
    .max(60),
  /** What members of the tier get, in the seller's words. */
  perks: z.string().trim().max(2000).default(''),
  prices: z
    .array(tierPrice)
    .min(1, say(/*i18n*/ { id: 'productDetails.addLeastPrice', message: 'Add at least one price' }))
    .max(20),
  /** At most this many members at once; null for no limit. */
  memberLimit: z
    .number()
    .int(say(WHOLE_NUMBER))
    .min(1, say(/*i18n*/ { id: 'productDetails.limitLeastOne', message: 'The limit is at least 1' }))
    .nullable()
    .default(null),
  /**
   * A free trial of this many days before the first payment (joining by card or PayPal; once per person
   * and membership): the card is saved, or the PayPal subscription approved, and nothing is taken until it
   * ends. Missing or null: none.
   */
  trialDays: z
    .number()
    .int(say(WHOLE_NUMBER))
    .min(1, say(/*i18n*/ { id: 'productDetails.trialLeastDay', message: 'A trial lasts at least 1 day' }))
    // MAX_TRIAL_DAYS
    .max(
      MAX_TRIAL_DAYS,
      say(/*i18n*/ { id: 'productDetails.trialMostDays', message: 'A trial lasts at most 30 days' }),
    )
    .nullable()
    .optional(),
  /**
   * The membership's files (uploaded to it as a digital product's are) that this tier's members find in
   * their library while their membership lasts. Missing: none.
   */
  files: z
    .array(
      z.uuid({
        error: say(
          /*i18n*/ { id: 'productDetails.chooseTierFiles', message: 'Choose files of this membership' },
        ),
      }),
    )
    // UPLOAD_LIMITS.filesPerProduct
    .max(
      UPLOAD_LIMITS.filesPerProduct,
      say(/*i18n*/ { id: 'productDetails.atMostTierFiles', message: 'At most 20 files for a tier' }),
    )
    .optional(),
})

/** A membership's details: its tiers, and whether members may pause. */
export const membershipDetails = z.object({
  tiers: z
    .array(tier)
    .min(1, say(/*i18n*/ { id: 'productDetails.addLeastTier', message: 'Add at least one tier' }))
    .max(MAX_TIERS),
  /** Members may pause for 1 to 3 months at a time (nothing charged, no access meanwhile). */
  pausing: z.boolean().optional(),
})
