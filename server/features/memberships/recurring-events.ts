import { and, eq, sql } from 'drizzle-orm'
import type { PaymentMethod } from '../../../contract/checkout.constants'
import { memberships, orders, paymentEvents } from '../../db/schema'
import { clock } from '../../lib/clock'
import type { PaymentEventOwner } from '../../payments/event-router'
import type { ChargeOutcome } from '../../payments/provider'
import { settle } from '../checkout'
import type { MembershipServices } from './deps'
import { lockMembership, newRenewalOrder } from './renewal-order'
import { recordFailure } from './renewals'

/**
 * The memberships' part of the providers' messages: what a PayPal subscription took or failed to take by
 * itself (`{ recurring: subscriptionId }`). Its first payment pays the order that made it; a later one pays
 * the membership's renewal order for the period due (made now if the job has not made it yet); a failed
 * one counts as the period's first failure, with the member told, and the renewals job tries again on its
 * days. A sale already counted (the same webhook again, or a sale the job or the payer's return found
 * first) changes nothing; one for a membership that has ended goes back, as any late payment does.
 */
export function membershipOwner(deps: MembershipServices): PaymentEventOwner {
  const { db } = deps

  return {
    name: 'membership',

    async charge(method, target, eventKey, outcome, payload) {
      if (!('recurring' in target)) return null
      const ref = target.recurring
      const [member] = await db
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(eq(memberships.method, method), sql`${memberships.payment}->>'subscription' = ${ref}`))
      if (member)
        return async () => {
          if (outcome.kind === 'paid') await renewalPaid(deps, method, member.id, eventKey, outcome, payload)
          else await renewalFailed(deps, member.id, outcome)
        }
      const [first] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.method, method), eq(orders.providerRef, ref)))
      if (!first) return null
      return async () => {
        // A first payment that failed leaves the order to its page, where the payer tries again.
        if (outcome.kind === 'paid')
          await settle(deps, { provider: method, eventKey, orderId: first.id, outcome, payload })
      }
    },
  }
}

async function renewalPaid(
  deps: MembershipServices,
  method: PaymentMethod,
  id: string,
  eventKey: string,
  outcome: Extract<ChargeOutcome, { kind: 'paid' }>,
  payload: unknown,
) {
  const terms = await deps.terms.get()
  const orderId = await deps.db.transaction(async (tx) => {
    const locked = await lockMembership(tx, id)
    if (!locked) return null
    // Under the lock, which settling a renewal takes too: a sale counted meanwhile is seen here.
    const [seen] = await tx
      .select({ id: paymentEvents.eventId })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, method), eq(paymentEvents.eventId, eventKey)))
    if (seen) return null
    if (locked.order?.status === 'pending') return locked.order.id
    // Ended memberships too: the order made records the money, and settling it gives the money back.
    return (await newRenewalOrder(terms, tx, locked.row, clock.now())).id
  })
  if (orderId) await settle(deps, { provider: method, eventKey, orderId, outcome, payload })
}

const DAY_MS = 86_400_000

/** PayPal could not take the period: its first failure, once (later ones are the job's own tries). */
async function renewalFailed(
  deps: MembershipServices,
  id: string,
  outcome: Extract<ChargeOutcome, { kind: 'failed' }>,
) {
  const terms = await deps.terms.get()
  const now = clock.now()
  const orderId = await deps.db.transaction(async (tx) => {
    const locked = await lockMembership(tx, id)
    if (!locked) return null
    const { row, order } = locked
    // A failure told again, or an old one replayed mid-period, is not this period's.
    const due = row.periodEnd.getTime() - DAY_MS <= now.getTime()
    if (row.status === 'ended' || row.cancelledAt || row.attempts > 0 || !due) return null
    if (order?.status === 'pending') return order.id
    return (await newRenewalOrder(terms, tx, row, now)).id
  })
  if (orderId) await recordFailure(deps, id, orderId, 1, outcome, now)
}
