import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import { memberships, products } from '../../db/schema'
import { userLanguageOf } from '../settings'
import type { MembershipServices } from './deps'
import { membershipMails } from './mails'

/** A member is told this long before their free trial ends what will be taken then. */
export const TRIAL_NOTICE_MS = 3 * 86_400_000
const BATCH = 50

/**
 * Tells members whose free trial ends within three days what will be taken and when, and how not to: once
 * each, claimed by stamping `trial_reminded_at` first, so two instances never mail one member twice. A
 * trial of three days or less was explained when the member joined, and a cancelled one takes nothing.
 */
export async function remindTrials(deps: MembershipServices, now: Date): Promise<number> {
  const due = await deps.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.status, 'active'),
        isNull(memberships.cancelledAt),
        isNull(memberships.trialRemindedAt),
        // The trials ending soon (memberships_trial_idx), still in their trial.
        gt(memberships.trialEndsAt, now),
        lte(memberships.trialEndsAt, new Date(now.getTime() + TRIAL_NOTICE_MS)),
        eq(memberships.periodEnd, memberships.trialEndsAt),
        sql`${memberships.periodEnd} - ${memberships.periodStart} > interval '3 days'`,
      ),
    )
    .limit(BATCH)
  let sent = 0
  for (const { id } of due) {
    const [claimed] = await deps.db
      .update(memberships)
      .set({ trialRemindedAt: now })
      .where(and(eq(memberships.id, id), isNull(memberships.trialRemindedAt)))
      .returning()
    if (!claimed?.trialEndsAt) continue
    const [product] = await deps.db
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, claimed.productId))
    await membershipMails(deps).trialEnding(claimed, {
      title: product?.title ?? '',
      lang: await userLanguageOf(deps.db, claimed.memberId),
      endsAt: claimed.trialEndsAt,
    })
    sent++
  }
  return sent
}
