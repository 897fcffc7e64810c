import { z } from 'zod'
import { payoutMethod, phoneCode } from './accounts.contract'
import { currencyCode } from './money'
import {
  PAYOUT_FREQUENCIES,
  PAYOUT_RAILS,
  PAYOUT_SPEEDS,
  PAYOUT_STATUSES,
  REJECT_REASON,
} from './payouts.constants'
import { defineSubject } from './rpc'
import { say } from './say'

/** The records a payout subject acts on, by id. */
const CHOOSE_DESTINATION = say(/*i18n*/ { id: 'payouts.chooseDestination', message: 'Choose a destination' })
const CHOOSE_PAYOUT = say(/*i18n*/ { id: 'payouts.choosePayout', message: 'Choose a payout' })

/** Said in more than one place. */
const AMOUNTS_WHOLE_NUMBERS_SMALLEST = /*i18n*/ {
  id: 'payouts.amountsWholeNumbersSmallest',
  message: 'Amounts are whole numbers of the smallest unit (cents)',
}

/** Said in more than one place. */
const ENTER_AMOUNT = /*i18n*/ { id: 'payouts.enterAmount', message: 'Enter an amount' }

/** Said in more than one place. */
const CHOOSE_DAY_WEEK = /*i18n*/ { id: 'payouts.chooseDayWeek', message: 'Choose a day of the week' }

/** Said in more than one place. */
const CHOOSE_DATE_FROM = /*i18n*/ { id: 'payouts.chooseDateFrom', message: 'Choose a date from 1 to 28' }

/** Said in more than one place. */
const ENTER_BANKS_REFERENCE = /*i18n*/ {
  id: 'payouts.enterBanksReference',
  message: 'Enter the bank’s reference',
}

/** Said in more than one place. */
const SAY_WHY_FAILED = /*i18n*/ { id: 'payouts.sayWhyFailed', message: 'Say why it failed' }

const id = (error: string) => z.uuid({ error })

/** What a seller has in one currency: withdrawable now, held (and until when), on its way out. */
export const payoutBalance = z.object({
  currency: currencyCode,
  /** Withdrawable now. Below zero when a refund came after the money was paid out: sales make it up. */
  available: z.number().int(),
  held: z.number().int(),
  /** The held parts, soonest first: each becomes available at its instant. */
  holds: z.array(z.object({ amount: z.number().int(), availableAt: z.string() })),
  /** In payouts not yet paid (waiting for approval, scheduled, sending or on the way). */
  onTheWay: z.number().int(),
  /** Paid out so far. */
  paidOut: z.number().int(),
})

export const payoutDestination = z.object({
  id: z.string(),
  rail: z.enum(PAYOUT_RAILS),
  /** As people read it: "M-Pesa 0712 345 678", "PayPal amina@example.com", "Equity Bank ••• 6789 (KES)". */
  label: z.string(),
  /** The one currency it takes; null: PayPal's (`paypalCurrencies`). */
  currency: currencyCode.nullable(),
  /** It receives nothing before this instant (a new destination waits). */
  usableFrom: z.string(),
  createdAt: z.string(),
})

export const payoutSchedule = z.object({
  frequency: z.enum(PAYOUT_FREQUENCIES),
  weekday: z.number().int().nullable(),
  monthDay: z.number().int().nullable(),
  methodId: z.string().nullable(),
  minimum: z.number().int(),
  /** The next run's instant, when the schedule has one. */
  nextRunAt: z.string().nullable(),
  /** The same in words, in the seller's time zone: "Friday 4 December, 06:00". */
  nextRunText: z.string().nullable(),
  /**
   * When a standard payout asked now goes, if it needs no approval (an approved one goes at the run after
   * the approval): the schedule's next run, or the next 06:00 without a schedule; and the same in words.
   */
  standardAt: z.string(),
  standardText: z.string(),
  /** The seller's time zone (their settings), which the words above are in. */
  timeZone: z.string(),
})

export const payoutFailure = z.object({
  code: z.string().nullable(),
  title: z.string(),
  text: z.string(),
  action: z.enum(['fix-destination', 'smaller-or-later', 'we-retry', 'admins', 'ask-status']),
})

export const payout = z.object({
  id: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  speed: z.enum(PAYOUT_SPEEDS),
  rail: z.enum(PAYOUT_RAILS),
  destination: z.string(),
  /** Leaves the balance; `fee` is part of it; `arrives` is what the destination gets. */
  amount: z.number().int(),
  fee: z.number().int(),
  arrives: z.number().int(),
  currency: currencyCode,
  receipt: z.string().nullable(),
  failure: payoutFailure.nullable(),
  timeline: z.array(z.object({ at: z.string(), status: z.enum(PAYOUT_STATUSES), text: z.string() })),
  createdAt: z.string(),
  /** When a scheduled payout goes, or a retry. */
  dueAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  cancellable: z.boolean(),
  /** Set for an admin's list: whose payout it is. */
  seller: z.object({ id: z.string(), name: z.string(), email: z.string() }).optional(),
  /** Set for an admin's list, for bank payouts: the account to transfer to (the bulk-upload file). */
  bankAccount: z
    .object({
      accountName: z.string(),
      accountNumber: z.string(),
      bankName: z.string(),
      swiftCode: z.string().nullable(),
    })
    .optional(),
})

export type PayoutBalance = z.infer<typeof payoutBalance>
export type PayoutDestination = z.infer<typeof payoutDestination>
export type PayoutScheduleView = z.infer<typeof payoutSchedule>
export type PayoutView = z.infer<typeof payout>

const amount = z
  .number({ error: say(ENTER_AMOUNT) })
  .int(say(AMOUNTS_WHOLE_NUMBERS_SMALLEST))
  .min(1, say(/*i18n*/ { id: 'payouts.enterAmountAboveZero', message: 'Enter an amount above zero' }))
  .max(
    Number.MAX_SAFE_INTEGER,
    say(/*i18n*/ { id: 'payouts.amountTooLarge', message: 'That amount is too large' }),
  )

export const payoutsContract = {
  getBalances: defineSubject({
    kind: 'query',
    access: 'seller',
    summary:
      'Your money in each currency you have sold in: available to withdraw, held (with when each part ' +
      'becomes available), on its way out in payouts, and paid out. Available can be below zero after a ' +
      'refund of money already paid out; later sales make it up.',
    input: z.strictObject({}),
    output: z.object({ balances: z.array(payoutBalance) }),
  }),
  listPayoutMethods: defineSubject({
    kind: 'query',
    access: 'seller',
    summary:
      'Where you can be paid, your payout schedule (its next run in words, in your time zone), whether ' +
      'your identity check is approved (a first payout needs it), whether no payout has been paid yet (the ' +
      'next one then waits for approval) and the payout figures: fee of an instant payout, least and most ' +
      'per payout, and the amount above which a payout waits for approval.',
    input: z.strictObject({}),
    output: z.object({
      methods: z.array(payoutDestination),
      schedule: payoutSchedule,
      identity: z.enum(['none', 'pending', 'approved', 'rejected']),
      /** No payout of yours has been paid yet: the next one waits for the Soko team's approval. */
      firstPayout: z.boolean(),
      figures: z.object({
        instantFeeBps: z.number().int(),
        holdDays: z.number().int(),
        newMethodWaitHours: z.number().int(),
        minimum: z.array(z.object({ currency: currencyCode, amount: z.number().int() })),
        maximum: z.array(z.object({ currency: currencyCode, amount: z.number().int() })),
        /** A payout above this waits for the Soko team's approval, as a first payout does. */
        approvalOver: z.array(z.object({ currency: currencyCode, amount: z.number().int() })),
        paypalCurrencies: z.array(currencyCode),
      }),
    }),
  }),
  addPayoutMethod: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Adds a place to be paid: an M-Pesa number (with the code requestPhoneCode sent to it), a PayPal ' +
      'e-mail or a bank account. It receives nothing for a while after it is added, and you are told by ' +
      'e-mail and SMS, in case someone else is in your account.',
    input: z.strictObject({ method: payoutMethod, code: phoneCode.optional() }),
    output: z.object({ method: payoutDestination }),
  }),
  removePayoutMethod: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary: 'Removes a destination. Payouts already on their way to it go on.',
    input: z.strictObject({ methodId: id(CHOOSE_DESTINATION) }),
    output: z.object({ ok: z.literal(true) }),
  }),
  requestPayout: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Withdraws from your available balance in one currency to a destination that takes it. `instant` ' +
      'sends now for the fee; `standard` goes with the next scheduled run (06:00 your time) at no fee. A ' +
      'first payout, and a large one, wait for approval. 409 when the balance is not enough. `requestKey` ' +
      '(made by the device, one per attempt) makes a repeat answer the payout it made, so a withdrawal ' +
      'whose answer was lost is never made twice; the same key with another amount, currency, destination ' +
      'or speed is refused with 409.',
    input: z.strictObject({
      requestKey: z.uuid({
        error: say(
          /*i18n*/ {
            id: 'payouts.giveRequestKey',
            message: 'Send a new random UUID with each withdrawal (requestKey)',
          },
        ),
      }),
      currency: currencyCode,
      amount,
      methodId: id(CHOOSE_DESTINATION),
      speed: z.enum(PAYOUT_SPEEDS, {
        error: say(/*i18n*/ { id: 'payouts.chooseInstantStandard', message: 'Choose instant or standard' }),
      }),
    }),
    output: z.object({ payout }),
  }),
  listPayouts: defineSubject({
    kind: 'query',
    access: 'seller',
    summary: 'Your payouts, newest first, a page at a time.',
    input: z.strictObject({
      cursor: z.string().max(100).optional(),
      limit: z.number().int().min(1).max(50).default(20),
    }),
    output: z.object({ payouts: z.array(payout), nextCursor: z.string().nullable() }),
  }),
  getPayout: defineSubject({
    kind: 'query',
    access: 'seller',
    summary: 'One payout with its timeline: requested, approved, sent, paid (with the receipt) or why not.',
    input: z.strictObject({ payoutId: id(CHOOSE_PAYOUT) }),
    output: z.object({ payout }),
  }),
  cancelPayout: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Calls off a payout that has not gone yet (waiting for approval or scheduled); the money is back.',
    input: z.strictObject({ payoutId: id(CHOOSE_PAYOUT) }),
    output: z.object({ payout }),
  }),
  updatePayoutSchedule: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'How you are paid without asking: manual (only when you withdraw), daily, weekly on a day (0 Sunday ' +
      '… 6 Saturday) or monthly on a date (1–28), to a destination, when at least `minimum` is available. ' +
      'Runs are at 06:00 in your time zone.',
    input: z
      .strictObject({
        frequency: z.enum(PAYOUT_FREQUENCIES, {
          error: say(
            /*i18n*/ {
              id: 'payouts.chooseManualDailyWeekly',
              message: 'Choose manual, daily, weekly or monthly',
            },
          ),
        }),
        weekday: z.number().int().min(0, say(CHOOSE_DAY_WEEK)).max(6, say(CHOOSE_DAY_WEEK)).optional(),
        monthDay: z.number().int().min(1, say(CHOOSE_DATE_FROM)).max(28, say(CHOOSE_DATE_FROM)).optional(),
        methodId: id(CHOOSE_DESTINATION).optional(),
        minimum: z
          .number({ error: say(ENTER_AMOUNT) })
          .int(say(AMOUNTS_WHOLE_NUMBERS_SMALLEST))
          .min(
            0,
            say(/*i18n*/ { id: 'payouts.minimumCannotNegative', message: 'The minimum cannot be negative' }),
          )
          .max(Number.MAX_SAFE_INTEGER)
          .default(0),
      })
      .superRefine((value, ctx) => {
        if (value.frequency === 'weekly' && value.weekday === undefined)
          ctx.addIssue({ code: 'custom', path: ['weekday'], message: say(CHOOSE_DAY_WEEK) })
        if (value.frequency === 'monthly' && value.monthDay === undefined)
          ctx.addIssue({ code: 'custom', path: ['monthDay'], message: say(CHOOSE_DATE_FROM) })
        if (value.frequency !== 'manual' && value.methodId === undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['methodId'],
            message: say(
              /*i18n*/ { id: 'payouts.chooseWhereMoneyGoes', message: 'Choose where the money goes' },
            ),
          })
      }),
    output: z.object({ schedule: payoutSchedule }),
  }),
  listPayoutQueue: defineSubject({
    kind: 'query',
    access: 'admin',
    summary:
      'Payouts waiting for an admin: approval (a seller’s first, or above the approval amount) and bank ' +
      'transfers to make by hand and mark.',
    input: z.strictObject({}),
    output: z.object({ approval: z.array(payout), bank: z.array(payout) }),
  }),
  reviewPayout: defineSubject({
    kind: 'mutation',
    access: 'admin',
    summary:
      'Approves a payout waiting for approval (it is sent), or rejects it with a reason the seller reads ' +
      '(required; the money is back). Never the admin’s own payout (403).',
    input: z
      .strictObject({
        payoutId: id(CHOOSE_PAYOUT),
        approve: z.boolean({
          error: say(/*i18n*/ { id: 'payouts.approveReject', message: 'Approve or reject' }),
        }),
        reason: z.string().trim().max(REJECT_REASON.max).optional(),
      })
      .superRefine((value, ctx) => {
        if (!value.approve && (value.reason?.length ?? 0) < REJECT_REASON.min)
          ctx.addIssue({ code: 'custom', path: ['reason'], message: REJECT_REASON.message })
      }),
    output: z.object({ payout }),
  }),
  markBankPayout: defineSubject({
    kind: 'mutation',
    access: 'admin',
    summary:
      'Records a bank transfer made by hand: paid with the bank’s reference, or failed with a reason. ' +
      'Never the admin’s own payout (403).',
    input: z
      .strictObject({
        payoutId: id(CHOOSE_PAYOUT),
        outcome: z.enum(['paid', 'failed'], {
          error: say(/*i18n*/ { id: 'payouts.choosePaidFailed', message: 'Choose paid or failed' }),
        }),
        reference: z.string().trim().min(3, say(ENTER_BANKS_REFERENCE)).max(100).optional(),
        reason: z.string().trim().min(3, say(SAY_WHY_FAILED)).max(300).optional(),
      })
      .superRefine((value, ctx) => {
        if (value.outcome === 'paid' && !value.reference)
          ctx.addIssue({ code: 'custom', path: ['reference'], message: say(ENTER_BANKS_REFERENCE) })
        if (value.outcome === 'failed' && !value.reason)
          ctx.addIssue({ code: 'custom', path: ['reason'], message: say(SAY_WHY_FAILED) })
      }),
    output: z.object({ payout }),
  }),
}
