import { z } from 'zod'
import { checkoutNext, order, startCheckoutInput } from './checkout.contract'
import { currencyCode, money } from './money'
import { defineSubject } from './rpc'
import { say } from './say'

/**
 * Memberships: a seller's membership product has tiers, each with a price per month or year in one or more
 * currencies. A member joins by paying the first period; each period after is charged by itself to what
 * they paid with, and a failed charge is tried again over 14 days (access kept), after which it ends.
 */

export const membershipInterval = z.enum(['month', 'year'], {
  error: say(/*i18n*/ { id: 'memberships.chooseInterval', message: 'Choose monthly or yearly' }),
})

/**
 * Where a membership stands for its member: `active`; `past_due` while a failed renewal is retried (access
 * kept, and the member can pay now); `paused` for the months they paused (no access, nothing charged);
 * `cancelled` by the member, with access to the end of the period paid; `ended`.
 */
export const membershipState = z.enum(['active', 'past_due', 'paused', 'cancelled', 'ended'])

/** The longest pause a member can take at once, in months. */
export const MAX_PAUSE_MONTHS = 3

export const membershipView = z.object({
  id: z.string(),
  product: z.object({ id: z.string(), slug: z.string(), title: z.string() }),
  seller: z.object({ handle: z.string(), displayName: z.string() }),
  tier: z.object({ id: z.string(), name: z.string(), perks: z.string() }),
  interval: membershipInterval,
  /** What each period costs. */
  price: money,
  method: z.enum(['card', 'paypal', 'mpesa']),
  /** What it is charged to, as the member knows it (`Visa ending 4242`); null when not known. */
  paidWith: z.string().nullable(),
  state: membershipState,
  periodStart: z.string(),
  /** Access lasts to here; the next payment is due here (unless cancelled or ended). */
  periodEnd: z.string(),
  /** The next charge: when it is taken (or tried again) and how much; null when none is coming. */
  nextPayment: z.object({ at: z.string(), amount: money }).nullable(),
  /** A free trial under way: it ends then, and the first payment (`nextPayment`) is taken at that time. */
  trialEndsAt: z.string().nullable(),
  /** Failed tries at the renewal due; the member can pay it now (`payNow`). */
  failedAttempts: z.number().int(),
  payNow: z.boolean(),
  /** Until when a failed renewal keeps access: then the membership ends. Null when none has failed. */
  graceEndsAt: z.string().nullable(),
  /** The tier and price it moves to from the next period, when the member changed tier. */
  change: z
    .object({
      tier: z.object({ id: z.string(), name: z.string() }),
      interval: membershipInterval,
      price: money,
    })
    .nullable(),
  /** A pause asked for (from the end of the period paid) or under way (to `until`, when it resumes). */
  pause: z.object({ from: z.string(), until: z.string(), months: z.number().int() }).nullable(),
  /** Whether its seller lets members pause. */
  canPause: z.boolean(),
  /** The membership's tiers and their prices, to change to (`full`: no place left). */
  tiers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      full: z.boolean(),
      prices: z.array(z.object({ interval: membershipInterval, price: money })),
    }),
  ),
  /** The payments, newest first. */
  history: z.array(
    z.object({
      orderId: z.string(),
      reference: z.string(),
      at: z.string(),
      amount: money,
      status: z.string(),
    }),
  ),
})
export type MembershipView = z.infer<typeof membershipView>

const CHOOSE_TIER = /*i18n*/ { id: 'memberships.chooseTier', message: 'Choose a tier' }

export const CHOOSE_MEMBERSHIP = /*i18n*/ {
  id: 'memberships.chooseMembership',
  message: 'Choose a membership',
}

const membershipId = z.uuid({ error: say(CHOOSE_MEMBERSHIP) })

/** A tier of a membership and one of its prices: its period and currency. */
const tierPrice = {
  tierId: z
    .string({ error: say(CHOOSE_TIER) })
    .min(1, say(CHOOSE_TIER))
    .max(40),
  interval: membershipInterval,
  currency: currencyCode,
}

export const joinMembershipInput = startCheckoutInput
  .pick({ method: true, email: true, timeZone: true })
  .extend({
    productId: z.uuid({
      error: say(/*i18n*/ { id: 'memberships.chooseMembershipProduct', message: 'Choose a membership' }),
    }),
    ...tierPrice,
  })

export const changeMembershipTierInput = z.strictObject({
  id: membershipId,
  ...tierPrice,
})

const PAUSE_MONTHS = /*i18n*/ { id: 'memberships.pauseMonths', message: 'Choose 1, 2 or 3 months' }

export const pauseMembershipInput = z.strictObject({
  id: membershipId,
  months: z
    .number({ error: say(PAUSE_MONTHS) })
    .int(say(PAUSE_MONTHS))
    .min(1, say(PAUSE_MONTHS))
    .max(MAX_PAUSE_MONTHS, say(PAUSE_MONTHS)),
})

export const membershipsContract = {
  joinMembership: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary:
      'Joins a membership: places the first period’s order for a tier, at its monthly or yearly price in ' +
      'one of its currencies, and starts paying it by card (the card is kept for the renewals). Answers ' +
      'as startCheckout does; the membership exists once the payment is paid.',
    input: joinMembershipInput,
    output: z.object({ orderId: z.string(), accessKey: z.string(), order, next: checkoutNext }),
  }),
  listMyMemberships: defineSubject({
    kind: 'query',
    access: 'user',
    summary:
      'Your memberships, newest first: each tier, period, next payment (when, how much, by what) and ' +
      'the payments made.',
    input: z.strictObject({}),
    output: z.object({ memberships: z.array(membershipView) }),
  }),
  cancelMembership: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary:
      'Cancels one of your memberships: nothing more is charged, and access lasts to the end of the ' +
      'period paid (a renewal still unpaid ends it now).',
    input: z.strictObject({ id: membershipId }),
    output: z.object({ membership: membershipView }),
  }),
  changeMembershipTier: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary:
      'Changes your membership to another tier or price of the same membership, from its next period (no ' +
      'proration): the next renewal charges the new price. Choosing what you have now undoes a change.',
    input: changeMembershipTierInput,
    output: z.object({ membership: membershipView }),
  }),
  pauseMembership: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary:
      'Pauses your membership for 1 to 3 months from the end of the period paid, where its seller allows ' +
      'it: nothing is charged and its posts are closed meanwhile; it renews by itself when the pause ends.',
    input: pauseMembershipInput,
    output: z.object({ membership: membershipView }),
  }),
  resumeMembership: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary:
      'Undoes a pause: one not begun is dropped; one under way ends now, and the membership renews at once.',
    input: z.strictObject({ id: membershipId }),
    output: z.object({ membership: membershipView }),
  }),
  payMembershipNow: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary:
      'Pays a renewal that failed (a card declined, or a bank asking the member to confirm) on the card ' +
      'page; the card paid with is kept for the next renewals.',
    input: z.strictObject({ id: membershipId }),
    output: z.object({ next: checkoutNext }),
  }),
}
