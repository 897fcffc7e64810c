import { and, desc, eq, inArray, or, sql } from 'drizzle-orm'
import type { MembershipDetails } from '../../../contract/catalog.contract'
import { MEMBERSHIPS } from '../../../contract/errors/memberships'
import type { MembershipView } from '../../../contract/memberships.contract'
import type { CurrencyCode } from '../../../contract/money'
import type { Db } from '../../db/client'
import { memberships, orders, products, sellers } from '../../db/schema'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { graceEnd, inTrial, pauseEnd } from '../../lib/membership-periods'
import { membersHeld } from '../catalog'
import { membershipEvent, startPayment } from '../checkout'
import type { MembershipServices } from './deps'
import { closePaymentPage, lockMembership, newRenewalOrder, stopBilling } from './renewal-order'
import { endIn } from './renewals'

type MembershipRow = typeof memberships.$inferSelect

const PAID = ['paid', 'refunding', 'refunded'] as const

/** A member's memberships, newest first, as their page shows them. */
export async function listMine(db: Db, memberId: string): Promise<MembershipView[]> {
  const rows = await db
    .select()
    .from(memberships)
    .where(eq(memberships.memberId, memberId))
    .orderBy(desc(memberships.createdAt))
    .limit(100)
  return views(db, rows)
}

export async function views(db: Db, rows: MembershipRow[]): Promise<MembershipView[]> {
  if (rows.length === 0) return []
  const productIds = [...new Set(rows.map((r) => r.productId))]
  const found = await db
    .select({ product: products, seller: sellers })
    .from(products)
    .innerJoin(sellers, eq(sellers.userId, products.sellerId))
    .where(inArray(products.id, productIds))
  const byId = new Map(found.map((f) => [f.product.id, f]))
  const payments = await db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.productId, productIds),
        inArray(orders.status, [...PAID]),
        or(
          inArray(
            orders.id,
            rows.map((r) => r.firstOrderId),
          ),
          inArray(
            sql`${orders.item} -> 'membership' ->> 'membershipId'`,
            rows.map((r) => r.id),
          ),
        ),
      ),
    )
    .orderBy(desc(orders.createdAt))
  const held = new Map(
    await Promise.all(productIds.map(async (id) => [id, await membersHeld(db, id)] as const)),
  )
  return rows.map((row) => {
    const found = byId.get(row.productId)
    const details = found?.product.details as MembershipDetails | undefined
    const tiers = details?.tiers
    const tier = tiers?.find((t) => t.id === row.tierId)
    const next = row.nextTier ? tiers?.find((t) => t.id === row.nextTier?.tierId) : undefined
    const history = payments.filter(
      (o) => o.id === row.firstOrderId || o.item.membership?.membershipId === row.id,
    )
    const first = history.find((o) => o.id === row.firstOrderId)
    const state =
      row.status === 'ended'
        ? 'ended'
        : row.cancelledAt
          ? 'cancelled'
          : row.status === 'past_due' || row.status === 'paused'
            ? row.status
            : 'active'
    const price = { amount: row.amount, currency: row.currency }
    const change = row.nextTier
      ? { amount: row.nextTier.amount, currency: row.nextTier.currency as CurrencyCode }
      : null
    const due =
      state === 'active' || state === 'paused'
        ? row.pauseMonths && state === 'active'
          ? pauseEnd(row.periodEnd, row.anchorDay, row.pauseMonths ?? 0)
          : row.periodEnd
        : state === 'past_due'
          ? row.nextAttemptAt
          : null
    const places = held.get(row.productId)
    return {
      id: row.id,
      product: {
        id: row.productId,
        slug: found?.product.slug ?? '',
        title: found?.product.title ?? first?.item.title ?? '',
      },
      seller: { handle: found?.seller.handle ?? '', displayName: found?.seller.displayName ?? '' },
      tier: {
        id: row.tierId,
        name: tier?.name ?? first?.item.membership?.tier ?? '',
        perks: tier?.perks ?? '',
      },
      interval: row.interval,
      price,
      method: row.method,
      // i18n-ignore: PayPal is its own name in every language.
      paidWith: row.payment.card ?? (row.payment.subscription ? 'PayPal' : null),
      state,
      periodStart: row.periodStart.toISOString(),
      periodEnd: row.periodEnd.toISOString(),
      nextPayment: due ? { at: due.toISOString(), amount: change ?? price } : null,
      // In its trial while the period under way is the trial (the first payment moves it on).
      trialEndsAt:
        row.trialEndsAt && (state === 'active' || state === 'cancelled') && inTrial(row)
          ? row.trialEndsAt.toISOString()
          : null,
      failedAttempts: row.attempts,
      payNow: state === 'past_due',
      graceEndsAt: state === 'past_due' ? graceEnd(row.periodEnd).toISOString() : null,
      change:
        row.nextTier && change
          ? {
              tier: { id: row.nextTier.tierId, name: next?.name ?? '' },
              interval: row.nextTier.interval,
              price: change,
            }
          : null,
      pause: row.pauseMonths
        ? state === 'paused'
          ? {
              from: row.periodStart.toISOString(),
              until: row.periodEnd.toISOString(),
              months: row.pauseMonths,
            }
          : {
              from: row.periodEnd.toISOString(),
              until: pauseEnd(row.periodEnd, row.anchorDay, row.pauseMonths ?? 0).toISOString(),
              months: row.pauseMonths,
            }
        : null,
      canPause: details?.pausing ?? false,
      tiers: (tiers ?? []).map((t) => ({
        id: t.id,
        name: t.name,
        full: t.memberLimit !== null && (places?.get(t.id) ?? 0) >= t.memberLimit && t.id !== row.tierId,
        prices: t.prices,
      })),
      history: history.map((o) => ({
        orderId: o.id,
        reference: o.reference,
        at: (o.paidAt ?? o.createdAt).toISOString(),
        amount: { amount: o.total, currency: o.currency },
        status: o.status,
      })),
    }
  })
}

export async function mine(db: Db, memberId: string, id: string): Promise<MembershipRow> {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, id), eq(memberships.memberId, memberId)))
  if (!row)
    throw new AppError(404, MEMBERSHIPS.noSuchMembership, { fields: { id: MEMBERSHIPS.noSuchMembership } })
  return row
}

/**
 * Cancels a member's membership: nothing more is charged and access lasts to the end of the period paid;
 * one whose renewal is unpaid (its period already over), or that is paused, ends now.
 */
export async function cancelMembership(deps: MembershipServices, memberId: string, id: string) {
  await mine(deps.db, memberId, id)
  const now = clock.now()
  const ended = await deps.db.transaction(async (tx) => {
    const locked = await lockMembership(tx, id)
    if (!locked) throw new AppError(404, MEMBERSHIPS.noSuchMembership)
    const { row, order } = locked
    if (row.status === 'ended')
      throw new AppError(409, MEMBERSHIPS.ended, { fields: { id: MEMBERSHIPS.ended } })
    if (row.cancelledAt)
      throw new AppError(409, MEMBERSHIPS.alreadyCancelled, { fields: { id: MEMBERSHIPS.alreadyCancelled } })
    const [cancelled] = await tx
      .update(memberships)
      .set({ cancelledAt: now, nextAttemptAt: row.periodEnd, updatedAt: now })
      .where(eq(memberships.id, id))
      .returning()
    if (!cancelled) throw new Error('membership vanished under its lock')
    await membershipEvent(tx, 'membership.cancelled', cancelled)
    // Its period is over and the renewal unpaid: there is nothing left to give access to.
    // A renewal unpaid, or a pause under way: no period paid is left.
    if (row.status === 'past_due' || row.status === 'paused') return endIn(tx, cancelled, order, now, false)
    return null
  })
  if (ended) {
    // A payment page left open for the unpaid renewal can no longer take money for it.
    const [order] = ended.renewalOrderId
      ? await deps.db.select().from(orders).where(eq(orders.id, ended.renewalOrderId))
      : []
    await closePaymentPage(deps, order)
  }
  // PayPal bills by itself: told now, it takes nothing more (access still lasts to the period's end).
  // i18n-ignore: the reason is PayPal's record, not the member's words.
  await stopBilling(deps, await mine(deps.db, memberId, id), 'The member cancelled')
  const [view] = await views(deps.db, [await mine(deps.db, memberId, id)])
  if (!view) throw new Error('membership vanished')
  return view
}

/**
 * Pays a failed renewal on the provider's page: a fresh order for the period due (any earlier one is
 * cancelled, its page closed), whose card is kept for the next renewals.
 */
export async function payNow(deps: MembershipServices, memberId: string, id: string) {
  await mine(deps.db, memberId, id)
  const now = clock.now()
  const terms = await deps.terms.get()
  const { order, previous } = await deps.db.transaction(async (tx) => {
    const locked = await lockMembership(tx, id)
    if (!locked) throw new AppError(404, MEMBERSHIPS.noSuchMembership)
    const { row } = locked
    if (row.status === 'ended')
      throw new AppError(409, MEMBERSHIPS.ended, { fields: { id: MEMBERSHIPS.ended } })
    if (row.status !== 'past_due' || row.cancelledAt)
      throw new AppError(409, MEMBERSHIPS.nothingToPay, { fields: { id: MEMBERSHIPS.nothingToPay } })
    const previous = locked.order?.status === 'pending' ? locked.order : null
    if (previous)
      await tx
        .update(orders)
        .set({ status: 'cancelled', updatedAt: now })
        .where(and(eq(orders.id, previous.id), eq(orders.status, 'pending')))
    return { order: await newRenewalOrder(terms, tx, row, now), previous }
  })
  await closePaymentPage(deps, previous)
  return { next: await startPayment(deps, order, null, `${order.item.title} — ${order.item.label}`) }
}
