import { eq } from 'drizzle-orm'
import type { Lang } from '../../../contract/i18n'
import type { DbOrTx } from '../../db/client'
import { users } from '../../db/schema'
import { enforceRateLimit, type RateCheck } from '../../lib/rate-limit'
import type { ProductRow } from '../catalog'
import { type AppliedDiscount, applyCode } from '../discounts'
import { resolveUserSettings } from '../settings'
import type { Priced } from './pricing'

/**
 * The discount a code gives this priced selection (null without a code), checked against the code's
 * rules; with `lock` (in the order's transaction) its uses are counted under its row lock.
 */
export async function discountFor(
  db: DbOrTx,
  product: ProductRow,
  priced: Priced,
  code: string | undefined,
  opts: { buyerId: string | null; lang: Lang; lock?: boolean; tries?: RateCheck[] },
): Promise<AppliedDiscount | null> {
  if (!code?.trim()) return null
  if (opts.tries) await enforceRateLimit(db, opts.tries)
  const [seller] = await db
    .select({ settings: users.settings })
    .from(users)
    .where(eq(users.id, product.sellerId))
  return applyCode(db, {
    sellerId: product.sellerId,
    productId: product.id,
    code,
    subtotal: priced.subtotal,
    currency: priced.currency,
    floor: priced.floor,
    buyerId: opts.buyerId,
    lang: opts.lang,
    timeZone: seller ? resolveUserSettings(seller).timeZone : 'Africa/Nairobi',
    ...(opts.lock ? { lock: true } : {}),
  })
}
