import { desc, eq } from 'drizzle-orm'
import type { MembersOverview } from '../../../contract/membership-posts.contract'
import type { CurrencyCode } from '../../../contract/money'
import type { Db } from '../../db/client'
import { memberships, users } from '../../db/schema'
import { clock } from '../../lib/clock'
import { inTrial } from '../../lib/membership-periods'
import { sellersMembership } from './posts.service'

/** The months of the overview are Nairobi's, as sellers' books are. */
const ZONE = 'Africa/Nairobi'
const monthOf = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit' })
    .format(at)
    .slice(0, 7)

/** The last twelve months, oldest first, as `2027-01`. */
function lastMonths(now: Date): string[] {
  const [y, m] = monthOf(now).split('-').map(Number) as [number, number]
  return Array.from({ length: 12 }, (_, i) => {
    const index = y * 12 + (m - 1) - (11 - i)
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
  })
}

/** What a seller sees of a membership's members: who, what they bring in each month, and the trend. */
export async function membersOverview(db: Db, sellerId: string, productId: string): Promise<MembersOverview> {
  const { row: product } = await sellersMembership(db, sellerId, productId)
  const tiers = new Map(
    (product.details as { tiers: { id: string; name: string }[] }).tiers.map((t) => [t.id, t.name]),
  )
  const rows = await db
    .select({ membership: memberships, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.memberId))
    .where(eq(memberships.productId, productId))
    .orderBy(desc(memberships.createdAt))
    .limit(5000)
  const mrr = new Map<CurrencyCode, number>()
  const months = new Map(lastMonths(clock.now()).map((month) => [month, { month, joined: 0, lost: 0 }]))
  let current = 0
  let pastDue = 0
  let trials = 0
  for (const { membership: m } of rows) {
    const joined = months.get(monthOf(m.createdAt))
    if (joined) joined.joined++
    if (m.endedAt) {
      const lost = months.get(monthOf(m.endedAt))
      if (lost) lost.lost++
    }
    if (m.status === 'ended') continue
    current++
    // A paused membership pays nothing meanwhile.
    if (m.status === 'paused') continue
    if (m.status === 'past_due') pastDue++
    // In its free trial (its first period not yet due): nothing is paid yet. One whose first charge failed
    // is past due, and counts as owing it.
    if (m.status === 'active' && inTrial(m)) {
      trials++
      continue
    }
    // A cancelled membership still counts until it ends; a yearly price is a twelfth a month.
    const monthly = m.interval === 'month' ? m.amount : Math.round(m.amount / 12)
    mrr.set(m.currency, (mrr.get(m.currency) ?? 0) + monthly)
  }
  return {
    product: { id: product.id, title: product.title, slug: product.slug },
    mrr: [...mrr]
      .map(([currency, amount]) => ({ amount, currency }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    current,
    pastDue,
    inTrial: trials,
    months: [...months.values()],
    members: rows.map(({ membership: m, name }) => ({
      id: m.id,
      name,
      email: m.email,
      tier: tiers.get(m.tierId) ?? '',
      interval: m.interval,
      price: { amount: m.amount, currency: m.currency },
      state: m.status === 'ended' ? 'ended' : m.cancelledAt ? 'cancelled' : m.status,
      joinedAt: m.createdAt.toISOString(),
      periodEnd: m.periodEnd.toISOString(),
      endedAt: m.endedAt?.toISOString() ?? null,
    })),
  }
}
