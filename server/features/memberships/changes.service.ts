import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { MembershipDetails } from '../../../contract/catalog.contract'
import { MEMBERSHIPS } from '../../../contract/errors/memberships'
import type { changeMembershipTierInput } from '../../../contract/memberships.contract'
import type { Tx } from '../../db/client'
import type { NextTier } from '../../db/columns.types'
import { memberships, products } from '../../db/schema'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { membersHeld } from '../catalog'
import { lockProducts } from '../checkout'
import type { MembershipServices } from './deps'
import { mine, views } from './memberships.service'
import { lockMembership, recurring } from './renewal-order'

/**
 * What a member changes about their membership between payments: its tier or price from the next period
 * (no proration: the next renewal charges the new price), and a pause of 1 to 3 months from the end of the
 * period paid, where the seller allows it (nothing charged and posts closed meanwhile; PayPal's
 * subscription suspended, and reactivated when it ends). Each change is made under the membership's lock,
 * as the renewals job takes it, so a change and a renewal never cross.
 */

type MembershipRow = typeof memberships.$inferSelect

const refuse = (status: number, message: (typeof MEMBERSHIPS)[keyof typeof MEMBERSHIPS], field = 'id') =>
  new AppError(status, message, { fields: { [field]: message } })

async function detailsOf(tx: Tx, productId: string): Promise<MembershipDetails> {
  const [product] = await tx
    .select({ details: products.details })
    .from(products)
    .where(eq(products.id, productId))
  return (product?.details ?? { tiers: [], pausing: false }) as MembershipDetails
}

/** Runs `change` on the member's membership under its lock; answers the membership as its page shows it. */
async function changing(
  deps: MembershipServices,
  memberId: string,
  id: string,
  change: (tx: Tx, row: MembershipRow) => Promise<Partial<MembershipRow>>,
) {
  await mine(deps.db, memberId, id)
  const now = clock.now()
  const before = await deps.db.transaction(async (tx) => {
    const locked = await lockMembership(tx, id)
    if (!locked) throw refuse(404, MEMBERSHIPS.noSuchMembership)
    if (locked.row.status === 'ended') throw refuse(409, MEMBERSHIPS.ended)
    const set = await change(tx, locked.row)
    await tx
      .update(memberships)
      .set({ ...set, updatedAt: now })
      .where(eq(memberships.id, id))
    return locked.row
  })
  return { before, after: await mine(deps.db, memberId, id) }
}

const viewOf = async (deps: MembershipServices, row: MembershipRow) => {
  const [view] = await views(deps.db, [row])
  if (!view) throw new Error('membership vanished')
  return view
}

export async function changeTier(
  deps: MembershipServices,
  memberId: string,
  input: z.output<typeof changeMembershipTierInput>,
) {
  const { after } = await changing(deps, memberId, input.id, async (tx, row) => {
    if (row.cancelledAt || row.status !== 'active' || row.pauseMonths)
      throw refuse(409, MEMBERSHIPS.cannotChange)
    // A PayPal subscription bills its plan's price: a new one needs the payer's approval at PayPal.
    if (row.method === 'paypal') throw refuse(409, MEMBERSHIPS.changeNotOnPaypal)
    await lockProducts(tx, [row.productId])
    const details = await detailsOf(tx, row.productId)
    const tier = details.tiers.find((t) => t.id === input.tierId)
    if (!tier) throw refuse(400, MEMBERSHIPS.noSuchTier, 'tierId')
    const price = tier.prices.find(
      (p) => p.interval === input.interval && p.price.currency === input.currency,
    )
    if (!price)
      throw new AppError(
        400,
        input.interval === 'month' ? MEMBERSHIPS.noMonthlyPrice : MEMBERSHIPS.noYearlyPrice,
        {
          params: { currency: input.currency },
          fields: {
            currency: {
              ...(input.interval === 'month' ? MEMBERSHIPS.noMonthlyPrice : MEMBERSHIPS.noYearlyPrice),
              params: { currency: input.currency },
            },
          },
        },
      )
    const same =
      tier.id === row.tierId &&
      input.interval === row.interval &&
      price.price.amount === row.amount &&
      price.price.currency === row.currency
    if (same) return { nextTier: null }
    if (tier.id !== row.tierId && tier.memberLimit !== null) {
      // Its place is held from now: another member's join or change cannot take it meanwhile.
      const taken =
        ((await membersHeld(tx, row.productId)).get(tier.id) ?? 0) -
        (row.nextTier?.tierId === tier.id ? 1 : 0)
      if (taken >= tier.memberLimit)
        throw new AppError(409, MEMBERSHIPS.tierFull, {
          params: { tier: tier.name },
          fields: { tierId: { ...MEMBERSHIPS.tierFull, params: { tier: tier.name } } },
        })
    }
    const next: NextTier = {
      tierId: tier.id,
      interval: input.interval,
      amount: price.price.amount,
      currency: price.price.currency,
    }
    return { nextTier: next }
  })
  return viewOf(deps, after)
}

export async function pause(deps: MembershipServices, memberId: string, id: string, months: number) {
  const { after } = await changing(deps, memberId, id, async (tx, row) => {
    if (!(await detailsOf(tx, row.productId)).pausing) throw refuse(409, MEMBERSHIPS.pausingOff)
    if (row.pauseMonths) throw refuse(409, MEMBERSHIPS.alreadyPaused)
    if (row.cancelledAt || row.status !== 'active') throw refuse(409, MEMBERSHIPS.cannotPause)
    return { pauseMonths: months }
  })
  // PayPal would bill the next period at its end: suspended now, it bills nothing until reactivated.
  await recurring(deps, after, 'pause')
  return viewOf(deps, after)
}

/** Undoes a pause: dropped before it begins; under way, it ends now and the membership renews at once. */
export async function resume(deps: MembershipServices, memberId: string, id: string) {
  const now = clock.now()
  const { after } = await changing(deps, memberId, id, async (_tx, row) => {
    if (!row.pauseMonths) throw refuse(409, MEMBERSHIPS.notPaused)
    if (row.status !== 'paused') return { pauseMonths: null }
    return { pauseMonths: null, periodEnd: now, nextAttemptAt: now }
  })
  await recurring(deps, after, 'resume')
  return viewOf(deps, after)
}
