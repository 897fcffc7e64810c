import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { orders, recoveryLinks } from '../../db/schema'
import { hashToken } from '../../sms/sms.routes'

/**
 * The unpaid checkout a reminder's link brought the buyer back from (its token came with this checkout),
 * when it was for the same product; null otherwise. A token that names nothing is no reason to refuse.
 */
export async function recoveredFrom(
  db: DbOrTx,
  token: string | undefined,
  productId: string,
): Promise<string | null> {
  if (!token || !/^[\w-]{16}$/.test(token)) return null
  const [found] = await db
    .select({ orderId: orders.id })
    .from(recoveryLinks)
    .innerJoin(orders, eq(orders.id, recoveryLinks.orderId))
    .where(and(eq(recoveryLinks.tokenHash, hashToken(token)), eq(orders.productId, productId)))
  return found?.orderId ?? null
}
