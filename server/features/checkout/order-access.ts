import { eq } from 'drizzle-orm'
import { CHECKOUT } from '../../../contract/errors/checkout'
import { orders } from '../../db/schema'
import { AppError } from '../../lib/errors'
import type { RpcContext } from '../../rpc/context'
import { hashKey } from './deps'
import type { OrderRow } from './orders'

/**
 * Who may see an order: its buyer (signed in; a guest order only once the address is verified), anyone with
 * its access key or the key in its receipt link, its seller and admins. Everyone else gets "not found".
 */
export async function visibleOrder(
  ctx: RpcContext,
  orderId: string,
  key: string | undefined,
  as: 'buyer' | 'any' = 'any',
): Promise<OrderRow> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId))
  const user = ctx.caller?.user
  const ok =
    row &&
    ((key && (hashKey(key) === row.accessKeyHash || ctx.gateway.verify('receipt', row.id, key))) ||
      (user && user.id === row.buyerId && (!row.guest || user.emailVerifiedAt !== null)) ||
      (as === 'any' && user && (user.id === row.sellerId || user.roles.includes('admin'))))
  if (!row || !ok) throw new AppError(404, CHECKOUT.orderNotYoursLink)
  return row
}
