import { z } from 'zod'
import { DISCOUNT_CODE_PATTERN } from './discounts.constants'
import { money } from './money'
import { defineSubject } from './rpc'
import { say } from './say'

const NAME_CODE = /*i18n*/ {
  id: 'discounts.nameCode',
  message: 'Name the code with 3 to 32 letters, digits, dashes or underscores',
}
const PERCENT_RANGE = /*i18n*/ { id: 'discounts.percentRange', message: 'Take off between 0.01 % and 100 %' }
const WHOLE = /*i18n*/ { id: 'discounts.wholeNumber', message: 'Use a whole number of at least 1' }
const instant = z.iso.datetime({
  offset: true,
  error: say(/*i18n*/ { id: 'discounts.chooseTime', message: 'Choose a date and time' }),
})
const limit = z
  .number({ error: say(WHOLE) })
  .int(say(WHOLE))
  .min(1, say(WHOLE))
  .max(1_000_000)

export const discountCodeView = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  percentBps: z.number().int().nullable(),
  amounts: z.array(money),
  /** Null: every product of the seller's. */
  productIds: z.array(z.string()).nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxPerBuyer: z.number().int().nullable(),
  minimums: z.array(money),
  paused: z.boolean(),
  /** Orders placed with it and not dropped (pending, paid or refunded). */
  uses: z.number().int(),
  /** Paid with it: the orders and what they came to, per currency. */
  paid: z.array(money),
  createdAt: z.string(),
})
export type DiscountCodeView = z.infer<typeof discountCodeView>

export const newDiscountCode = z
  .strictObject({
    code: z
      .string({ error: say(NAME_CODE) })
      .trim()
      .regex(DISCOUNT_CODE_PATTERN, say(NAME_CODE)),
    kind: z.enum(['percent', 'amount'], {
      error: say(/*i18n*/ { id: 'discounts.chooseKind', message: 'Choose a percentage or an amount' }),
    }),
    /** Percent codes: hundredths of a percent, 1 (0.01 %) to 10000 (100 %). */
    percentBps: z.number().int().min(1, say(PERCENT_RANGE)).max(10_000, say(PERCENT_RANGE)).optional(),
    /** Amount codes: what is taken off in each currency the seller sells in. */
    amounts: z.array(money).max(10).optional(),
    productIds: z.array(z.uuid()).max(200).optional(),
    startsAt: instant.optional(),
    endsAt: instant.optional(),
    maxUses: limit.optional(),
    maxPerBuyer: limit.optional(),
    minimums: z.array(money).max(10).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'percent' && input.percentBps === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['percentBps'],
        message: say(/*i18n*/ { id: 'discounts.givePercent', message: 'Give the percentage to take off' }),
      })
    if (input.kind === 'amount' && !input.amounts?.some((m) => m.amount > 0))
      ctx.addIssue({
        code: 'custom',
        path: ['amounts'],
        message: say(/*i18n*/ { id: 'discounts.giveAmount', message: 'Give the amount to take off' }),
      })
    if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt))
      ctx.addIssue({
        code: 'custom',
        path: ['endsAt'],
        message: say(/*i18n*/ { id: 'discounts.endAfterStart', message: 'End it after it starts' }),
      })
  })

/** What recovering checkouts does for a seller: their switches, the SMS price, and what it brought back. */
export const checkoutRecoveryView = z.object({
  recoverCheckouts: z.boolean(),
  recoverBySms: z.boolean(),
  /** What each reminder SMS costs the seller, in their currency. */
  smsPrice: money,
  /** Reminders sent: by e-mail, and by SMS. */
  reminders: z.object({ email: z.number().int(), sms: z.number().int() }),
  /** Checkouts paid through a reminder's link, and what they came to per currency. */
  recovered: z.number().int(),
  recoveredTotals: z.array(money),
})
export type CheckoutRecoveryView = z.infer<typeof checkoutRecoveryView>

const codeId = z.uuid({ error: say(/*i18n*/ { id: 'discounts.chooseCode', message: 'Choose a code' }) })

export const discountsContract = {
  listDiscountCodes: defineSubject({
    kind: 'query',
    access: 'seller',
    summary: 'Your discount codes, newest first, with their uses and what they brought in.',
    input: z.strictObject({}),
    output: z.object({ codes: z.array(discountCodeView) }),
  }),
  createDiscountCode: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Makes a discount code: a percentage or an amount off, for all your products or some, with limits.',
    input: newDiscountCode,
    output: z.object({ code: discountCodeView }),
  }),
  pauseDiscountCode: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary: 'Pauses a code (it applies to no new order) or starts it again.',
    input: z.strictObject({ codeId, paused: z.boolean() }),
    output: z.object({ code: discountCodeView }),
  }),
  getCheckoutRecovery: defineSubject({
    kind: 'query',
    access: 'seller',
    summary:
      'Whether buyers who leave a checkout unpaid are reminded (by e-mail, and by SMS when they ask), ' +
      'what a reminder SMS costs, and the checkouts reminders brought back.',
    input: z.strictObject({}),
    output: z.object({ recovery: checkoutRecoveryView }),
  }),
}
