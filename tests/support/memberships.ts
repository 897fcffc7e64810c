import { and, desc, eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { DbOrTx } from '../../server/db/client'
import { memberships, orders } from '../../server/db/schema'
import type { RunningApp } from './app'
import { data } from './payouts'
import { submitSandboxCard } from './sandbox-card'
import { personOf } from './shop'

/** A member's membership (of one product when given), the newest; fails the test when there is none. */
export async function membershipRow(db: DbOrTx, memberId: string, productId?: string) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(
      and(eq(memberships.memberId, memberId), productId ? eq(memberships.productId, productId) : undefined),
    )
    .orderBy(desc(memberships.createdAt))
    .limit(1)
  if (!row) throw new Error('no membership')
  return row
}

/** The renewal orders of a membership (its first order aside): the periods it was asked to pay. */
export function renewalOrders(db: DbOrTx, membershipId: string) {
  return db
    .select()
    .from(orders)
    .where(sql`${orders.item} -> 'membership' ->> 'membershipId' = ${membershipId}`)
}

/**
 * A new person joins a membership's tier (monthly unless said) in KES by card (the sandbox's card that
 * always pays, typed on its page); answers their session and the membership made.
 */
export async function joinedByCard(
  app: RunningApp,
  email: string,
  productId: string,
  tierId: string,
  interval: 'month' | 'year' = 'month',
) {
  const person = await personOf(app, email)
  const started = await app.call(
    'joinMembership',
    { productId, tierId, interval, currency: 'KES', method: 'card' },
    person.token,
  )
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  expect((await submitSandboxCard(data(started).next.url, '4242 4242 4242 4242')).status).toBe(303)
  await app.sandboxesIdle()
  return { person, membership: await membershipRow(app.database.db, person.id, productId) }
}
