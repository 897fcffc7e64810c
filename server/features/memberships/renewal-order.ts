import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { CurrencyCode, Money } from '../../../contract/money'
import type { PlatformTerms } from '../../../contract/platform-terms.contract'
import type { Tx } from '../../db/client'
import { memberships, orders, products } from '../../db/schema'
import { graceEnd, periodEnd } from '../../lib/membership-periods'
import { uuidv7 } from '../../lib/uuid'
import { saleTermsOf } from '../../platform/terms'
import { currentRates } from '../catalog'
import {
  type CheckoutServices,
  chargesFor,
  hashKey,
  insertLines,
  insertOrder,
  type OrderRow,
} from '../checkout'
import { userLanguageOf } from '../settings'
import { intervalLabel } from './words'

type MembershipRow = typeof memberships.$inferSelect

/** A day past the grace: the payments sweep must not expire a renewal the job is still trying. */
const EXPIRY_AFTER_GRACE_MS = 86_400_000

/**
 * The order that pays a membership's next period, made when the period ends (or when the member pays a
 * failed one on the page): the member's price when they joined, charged by the method they pay with, in
 * the seller's books like any sale. It holds nothing (`item_key` ''); its line names the membership and the
 * period it pays, which the payment moves the membership on to.
 */
export async function newRenewalOrder(
  /** The platform's terms in force, read before the transaction (their store reads the root database). */
  terms: PlatformTerms,
  tx: Tx,
  row: MembershipRow,
  now: Date,
): Promise<OrderRow> {
  const [product] = await tx.select().from(products).where(eq(products.id, row.productId))
  const [first] = await tx
    .select({ item: orders.item, rate: orders.rate })
    .from(orders)
    .where(eq(orders.id, row.firstOrderId))
  const tiers = (product?.details as { tiers?: { id: string; name: string }[] } | undefined)?.tiers ?? []
  // The member's change of tier takes effect with this period: its tier, period and price.
  const next = row.nextTier
  const tierId = next?.tierId ?? row.tierId
  const interval = next?.interval ?? row.interval
  const tierName = tiers.find((t) => t.id === tierId)?.name ?? first?.item.membership?.tier ?? ''
  const lang = await userLanguageOf(tx, row.memberId)
  const total = next
    ? { amount: next.amount, currency: next.currency as CurrencyCode }
    : { amount: row.amount, currency: row.currency }
  // A PayPal subscription bills what it was made for, whatever the rates have done since.
  const fixed = row.payment.charge
  const [charge] = fixed
    ? [{ amount: fixed as Money, rate: first?.rate ? Number(first.rate) : null }]
    : chargesFor(total, await currentRates(tx), [row.method])
  if (!charge) throw new Error(`membership ${row.id}: ${row.method} cannot charge ${total.currency}`)
  const start = row.periodEnd
  const item = {
    title: product?.title ?? first?.item.title ?? '',
    unitPrice: total.amount,
    label: `${tierName} · ${intervalLabel(interval, lang)}`,
    timeZone: null,
    membership: {
      tierId,
      tier: tierName,
      interval,
      membershipId: row.id,
      periodStart: start.toISOString(),
      periodEnd: periodEnd(start, row.anchorDay, interval).toISOString(),
    },
  }
  const id = uuidv7()
  const order = await insertOrder(tx, {
    id,
    buyerId: row.memberId,
    buyerEmail: row.email,
    guest: false,
    sellerId: row.sellerId,
    productId: row.productId,
    kind: 'membership',
    status: 'pending',
    item,
    itemKey: '',
    quantity: 1,
    subtotal: total.amount,
    shippingFee: 0,
    total: total.amount,
    currency: total.currency,
    discount: 0,
    textMe: false,
    method: row.method,
    chargeAmount: charge.amount.amount,
    chargeCurrency: charge.amount.currency,
    rate: charge.rate === null ? null : String(charge.rate),
    terms: saleTermsOf(terms, total.currency),
    delivery: null,
    accessKeyHash: hashKey(randomBytes(24).toString('base64url')),
    language: lang,
    expiresAt: new Date(Math.max(graceEnd(start).getTime(), now.getTime()) + EXPIRY_AFTER_GRACE_MS),
  })
  await insertLines(tx, [
    {
      orderId: id,
      position: 0,
      productId: row.productId,
      kind: 'membership',
      item,
      itemKey: '',
      quantity: 1,
      unitPrice: total.amount,
      subtotal: total.amount,
      shippingFee: 0,
      discount: 0,
      total: total.amount,
      refundId: null,
      refundedAt: null,
    },
  ])
  await tx.update(memberships).set({ renewalOrderId: id, updatedAt: now }).where(eq(memberships.id, row.id))
  return order
}

/**
 * A membership and its pending renewal order, both locked, in the order settle locks them (the order, then
 * the membership), so a payment settling while the job records a failure never deadlocks with it.
 */
export async function lockMembership(
  tx: Tx,
  id: string,
): Promise<{ row: MembershipRow; order: OrderRow | null } | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [peek] = await tx
      .select({ renewalOrderId: memberships.renewalOrderId })
      .from(memberships)
      .where(eq(memberships.id, id))
    if (!peek) return null
    const [order] = peek.renewalOrderId
      ? await tx.select().from(orders).where(eq(orders.id, peek.renewalOrderId)).for('update')
      : []
    const [row] = await tx.select().from(memberships).where(eq(memberships.id, id)).for('update')
    if (!row) return null
    if (row.renewalOrderId === peek.renewalOrderId) return { row, order: order ?? null }
  }
  throw new Error(`membership ${id}: its renewal order kept changing`)
}

/**
 * Stops a PayPal subscription's billing once its membership has ended or been cancelled; one that cannot be
 * stopped now is logged (a payment it still takes for an ended membership goes back).
 */
export async function stopBilling(
  deps: Pick<CheckoutServices, 'gateway' | 'log'>,
  row: MembershipRow,
  reason: string,
): Promise<void> {
  const provider = deps.gateway.providers[row.method]
  const ref = row.payment.subscription
  if (!ref || !provider?.stopRecurring) return
  await provider
    .stopRecurring(ref, reason)
    .catch((error) => deps.log.warn('could not stop a PayPal subscription', { membershipId: row.id, error }))
}

/**
 * Closes a payment page left open for a membership's order (the card page of a renewal paid by the
 * member), so it can no longer take money; one that cannot be closed now is logged (money it still takes
 * for a period paid, or a membership ended, goes back).
 */
export async function closePaymentPage(
  deps: Pick<CheckoutServices, 'gateway' | 'log'>,
  order: OrderRow | null | undefined,
): Promise<void> {
  const provider = order && order.method !== 'free' ? deps.gateway.providers[order.method] : undefined
  if (!order?.providerRef || !provider?.cancelCharge) return
  await provider
    .cancelCharge({
      id: order.id,
      providerRef: order.providerRef,
      amount: { amount: order.chargeAmount, currency: order.chargeCurrency },
    })
    .catch((error) =>
      deps.log.warn('could not close a membership payment page', { orderId: order.id, error }),
    )
}

/** Suspends or reactivates what bills the membership by itself (a PayPal subscription). */
export async function recurring(
  deps: Pick<CheckoutServices, 'gateway' | 'log'>,
  row: MembershipRow,
  what: 'pause' | 'resume',
) {
  const provider = deps.gateway.providers[row.method]
  const ref = row.payment.subscription
  if (!ref || !provider) return
  const call = what === 'pause' ? provider.pauseRecurring : provider.resumeRecurring
  await call
    ?.call(provider, ref)
    .catch((error) =>
      deps.log.warn(`could not ${what} a PayPal subscription`, { membershipId: row.id, error }),
    )
}
