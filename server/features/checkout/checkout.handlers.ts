import { and, count, desc, eq, inArray, lt } from 'drizzle-orm'
import type { OrderStatus } from '../../../contract/checkout.constants'
import { downloads, orders, productAssets, products } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { uuidv7 } from '../../lib/uuid'
import type { Handlers, RpcContext } from '../../rpc/context'
import type { Caller } from '../accounts/sessions'
import { byKind } from '../catalog/catalog.service'
import { currentDigest } from '../catalog/uploads.service'
import { type CheckoutDeps, hashKey } from './deps'
import { downloadsUsed, viewOrders } from './order-view'
import { type OrderRow, takenSlots } from './orders'
import { checkPending, closeOrder, orderView } from './payment'
import { productOnSale, quote, startCheckout } from './place-order'
import { refundOrder } from './refunds'
import { serviceSlots } from './slots'

/** Download links live this long: enough to start a download, too short to pass around. */

const PURCHASED: OrderStatus[] = ['paid', 'refunding', 'refunded']

export function checkoutDeps(ctx: RpcContext): CheckoutDeps {
  return { db: ctx.db, config: ctx.config, log: ctx.log, mailer: ctx.mailer, gateway: ctx.gateway }
}

/**
 * Who may see an order: its buyer (signed in; a guest order only once the address is verified), anyone with
 * its access key or the key in its receipt link, its seller and admins. Everyone else gets "not found".
 */
async function visibleOrder(
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
  if (!row || !ok)
    throw new AppError(
      404,
      'This order is not yours, or its link is incomplete: sign in with the address you bought with',
    )
  return row
}

function afterCursor(cursor: string | undefined) {
  if (!cursor) return undefined
  if (!/^[0-9a-f-]{36}$/.test(cursor))
    throw new AppError(400, 'That page marker is not valid', { cursor: 'Start again' })
  return lt(orders.id, cursor)
}

async function page(ctx: RpcContext, rows: OrderRow[], limit: number) {
  const more = rows.length > limit
  const shown = rows.slice(0, limit)
  return {
    orders: await viewOrders(ctx.db, shown, { paybillNumber: ctx.gateway.paybillNumber }),
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
  | 'getDownloadUrl'
  | 'listSales'
  | 'refundOrder'
  | 'markOrderShipped'
> = {
  listSlots: async ({ productId, from, days }, ctx) => {
    const product = byKind(await productOnSale(ctx.db, productId))
    if (product.kind !== 'service')
      throw new AppError(400, 'Only services have times to book', { productId: 'Not a service' })
    const details = product.details
    const slots = serviceSlots(details, {
      from,
      days,
      now: Date.now(),
      taken: await takenSlots(ctx.db, product.id),
    })
    return { timeZone: details.timeZone, durationMinutes: details.durationMinutes, slots }
  },

  quoteCheckout: async (input, ctx) => quote(ctx.db, input),

  startCheckout: async (input, ctx) =>
    startCheckout(checkoutDeps(ctx), input, ctx.caller?.user ?? null, { ip: ctx.ip }),

  getOrder: async ({ orderId, key }, ctx) => {
    const row = await visibleOrder(ctx, orderId, key)
    // A waiting payment whose callback is late is asked about (at most every 10 s per order).
    if (row.status === 'pending') await checkPending(checkoutDeps(ctx), row.id)
    return { order: await orderView(checkoutDeps(ctx), row.id) }
  },

  cancelOrder: async ({ orderId, key }, ctx) => {
    const row = await visibleOrder(ctx, orderId, key, 'buyer')
    if (row.status !== 'pending') throw new AppError(409, 'This order is no longer waiting for payment')
    await closeOrder(checkoutDeps(ctx), row.id, 'cancelled')
    return { order: await orderView(checkoutDeps(ctx), row.id) }
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

  getDownloadUrl: async ({ orderId, fileId, key, downloadId }, ctx) => {
    const row = await visibleOrder(ctx, orderId, key, 'buyer')
    if (row.kind !== 'digital') throw new AppError(400, 'This order has no files')
    if (row.status !== 'paid')
      throw new AppError(
        403,
        row.status === 'pending'
          ? 'This order is not paid yet'
          : 'This purchase was refunded: its files are no longer available',
      )
    const [file] = await ctx.db
      .select()
      .from(productAssets)
      .where(
        and(
          eq(productAssets.id, fileId),
          eq(productAssets.productId, row.productId),
          eq(productAssets.role, 'file'),
          eq(productAssets.status, 'ready'),
        ),
      )
    if (!file)
      throw new AppError(404, 'That file is not part of this purchase', { fileId: 'Not in this order' })
    let download = downloadId
    if (download) {
      // Going on with a download already counted: only a fresh link.
      const [started] = await ctx.db
        .select({ id: downloads.id })
        .from(downloads)
        .where(and(eq(downloads.id, download), eq(downloads.orderId, row.id), eq(downloads.assetId, file.id)))
      if (!started)
        throw new AppError(404, 'That download is not of this file', {
          downloadId: 'Not a download of this file',
        })
    } else {
      const [product] = await ctx.db
        .select({ details: products.details })
        .from(products)
        .where(eq(products.id, row.productId))
      const limit = product && 'downloadLimit' in product.details ? product.details.downloadLimit : null
      download = await ctx.db.transaction(async (tx) => {
        // The order's row lock serialises first downloads of its files: two at once cannot both take the
        // last one left. Each file has its own count.
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, row.id)).for('update')
        if (limit !== null && (await downloadsUsed(tx, row.id, file.id)) >= limit)
          throw new AppError(
            403,
            `You have used all ${limit} downloads of ${file.fileName}: ask the seller for more`,
          )
        const id = uuidv7()
        await tx.insert(downloads).values({ id, orderId: row.id, assetId: file.id })
        return id
      })
    }
    const current = await currentDigest(ctx.db, ctx.storage, file)
    const url = await ctx.storage.downloadUrl(file.storageKey, {
      expiresInSeconds: ctx.config.downloadLinkSeconds,
      fileName: file.fileName,
    })
    return {
      url,
      expiresAt: new Date(Date.now() + ctx.config.downloadLinkSeconds * 1000).toISOString(),
      fileName: file.fileName,
      size: current.size,
      sha256: current.sha256,
      downloadId: download,
    }
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

  refundOrder: async ({ orderId, reason }, ctx) => {
    const { user } = ctx.caller
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId))
    if (!row || (row.sellerId !== user.id && !isAdmin(ctx.caller)))
      throw new AppError(404, 'No such order among your sales')
    await refundOrder(checkoutDeps(ctx), row.id, user.id, reason)
    return { order: await orderView(checkoutDeps(ctx), row.id) }
  },

  markOrderShipped: async ({ orderId }, ctx) => {
    const { user } = ctx.caller
    const [row] = await ctx.db
      .update(orders)
      .set({ fulfilment: 'shipped', updatedAt: new Date() })
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
      if (!mine) throw new AppError(404, 'No such order among your sales')
      if (mine.fulfilment !== 'shipped')
        throw new AppError(409, 'Only a paid merch order waiting to ship can be marked shipped')
    }
    return { order: await orderView(checkoutDeps(ctx), orderId) }
  },
}
