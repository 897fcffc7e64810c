import { and, count, desc, eq, inArray, lt } from 'drizzle-orm'
import type { OrderStatus } from '../../../contract/checkout.constants'
import { CHECKOUT, CHECKOUT_FIELD } from '../../../contract/errors/checkout'
import { orders } from '../../db/schema'
import type { Caller } from '../../lib/caller'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { isUuid } from '../../lib/uuid'
import type { Handlers, RpcContext } from '../../rpc/context'
import { byKind } from '../catalog'
import { checkoutCall } from './checkout-limits'
import { visibleOrder } from './order-access'
import { orderViewContext, viewOrders } from './order-view'
import { waitWhilePending } from './order-wait'
import { type OrderRow, takenSlots } from './orders'
import { checkPending, closeOrder, orderView } from './payment'
import { productOnSale, quote, startCheckout } from './place-order'
import { refundOrder } from './refunds'
import { serviceSlots } from './slots'

const PURCHASED: OrderStatus[] = ['paid', 'refunding', 'refunded']

function afterCursor(cursor: string | undefined) {
  if (!cursor) return undefined
  if (!isUuid(cursor))
    throw new AppError(400, CHECKOUT.pageMarkerNotValid, { fields: { cursor: CHECKOUT_FIELD.startAgain } })
  return lt(orders.id, cursor)
}

async function page(ctx: RpcContext, rows: OrderRow[], limit: number) {
  const more = rows.length > limit
  const shown = rows.slice(0, limit)
  return {
    orders: await viewOrders(ctx.db, shown, orderViewContext(ctx.gateway, ctx.lang)),
    nextCursor: more ? (shown.at(-1)?.id ?? null) : null,
  }
}

function isAdmin(caller: Caller | null) {
  return caller?.user.roles.includes('admin') ?? false
}

export const checkoutHandlers: Pick<
  Handlers,
  | 'listSlots'
  | 'quoteCheckout'
  | 'startCheckout'
  | 'getOrder'
  | 'cancelOrder'
  | 'listPurchases'
  | 'listSales'
  | 'getSale'
  | 'refundOrder'
  | 'markOrderShipped'
> = {
  listSlots: async ({ productId, from, days }, ctx) => {
    const product = byKind(await productOnSale(ctx.db, productId))
    if (product.kind !== 'service')
      throw new AppError(400, CHECKOUT.onlyServicesHaveTimes, {
        fields: { productId: CHECKOUT_FIELD.notService },
      })
    const details = product.details
    const slots = serviceSlots(details, {
      from,
      days,
      now: clock.ms(),
      taken: await takenSlots(ctx.db, product.id),
    })
    return { timeZone: details.timeZone, durationMinutes: details.durationMinutes, slots }
  },

  quoteCheckout: async (input, ctx) =>
    quote(ctx.db, input, checkoutCall(ctx).requester, ctx.caller?.user ?? null),

  startCheckout: async (input, ctx) => {
    const { caller, requester, line } = checkoutCall(ctx)
    return startCheckout(ctx, input, caller, requester, line)
  },

  getOrder: async ({ orderId, key, waitWhile }, ctx) => {
    const row = await visibleOrder(ctx, orderId, key)
    // A waiting payment whose callback is late is asked about (at most every 10 s per order).
    if (row.status === 'pending') await checkPending(ctx, row.id)
    // The buyer's page waits here for "paid" rather than asking again and again.
    if (row.status === 'pending' && waitWhile === 'pending')
      await waitWhilePending(ctx, ctx.orderChanges, row.id, ctx.signal ? { signal: ctx.signal } : {})
    return { order: await orderView(ctx, row.id, ctx.lang) }
  },

  cancelOrder: async ({ orderId, key }, ctx) => {
    const row = await visibleOrder(ctx, orderId, key, 'buyer')
    if (row.status !== 'pending') throw new AppError(409, CHECKOUT.orderNoLongerWaiting)
    await closeOrder(ctx, row.id, 'cancelled')
    return { order: await orderView(ctx, row.id, ctx.lang) }
  },

  listPurchases: async ({ cursor, limit }, ctx) => {
    const { user } = ctx.caller
    const verified = user.emailVerifiedAt !== null
    const rows = await ctx.db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.buyerId, user.id),
          inArray(orders.status, PURCHASED),
          verified ? undefined : eq(orders.guest, false),
          afterCursor(cursor),
        ),
      )
      .orderBy(desc(orders.id))
      .limit(limit + 1)
    const [hidden] = verified
      ? [{ n: 0 }]
      : await ctx.db
          .select({ n: count() })
          .from(orders)
          .where(and(eq(orders.buyerId, user.id), eq(orders.guest, true), inArray(orders.status, PURCHASED)))
    return { ...(await page(ctx, rows, limit)), awaitingVerification: hidden?.n ?? 0 }
  },

  listSales: async ({ cursor, limit, status }, ctx) => {
    const { user } = ctx.caller
    const rows = await ctx.db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.sellerId, user.id),
          status ? eq(orders.status, status) : undefined,
          afterCursor(cursor),
        ),
      )
      .orderBy(desc(orders.id))
      .limit(limit + 1)
    return page(ctx, rows, limit)
  },

  getSale: async ({ orderId }, ctx) => {
    const [row] = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.sellerId, ctx.caller.user.id)))
    if (!row) throw new AppError(404, CHECKOUT.noSuchSale)
    return { order: await orderView(ctx, row.id, ctx.lang) }
  },

  refundOrder: async ({ orderId, reason, lines }, ctx) => {
    const { user } = ctx.caller
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId))
    if (!row || (row.sellerId !== user.id && !isAdmin(ctx.caller)))
      throw new AppError(404, CHECKOUT.noSuchSale)
    await refundOrder(ctx, row.id, user.id, reason, undefined, lines)
    return { order: await orderView(ctx, row.id, ctx.lang) }
  },

  markOrderShipped: async ({ orderId }, ctx) => {
    const { user } = ctx.caller
    const [row] = await ctx.db
      .update(orders)
      .set({ fulfilment: 'shipped', updatedAt: clock.now() })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.sellerId, user.id),
          eq(orders.status, 'paid'),
          eq(orders.fulfilment, 'to_ship'),
        ),
      )
      .returning()
    if (!row) {
      const [mine] = await ctx.db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.sellerId, user.id)))
      if (!mine) throw new AppError(404, CHECKOUT.noSuchSale)
      if (mine.fulfilment !== 'shipped') throw new AppError(409, CHECKOUT.onlyUnshippedMerch)
    }
    return { order: await orderView(ctx, orderId, ctx.lang) }
  },
}
