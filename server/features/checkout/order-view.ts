import { and, count, desc, eq, inArray } from 'drizzle-orm'
import { renderSVG } from 'uqr'
import type { ServiceDetails } from '../../../contract/catalog.contract'
import type { Order } from '../../../contract/checkout.contract'
import type { Lang } from '../../../contract/i18n'
import type { Db, DbOrTx } from '../../db/client'
import { downloads, orderLines, products, refunds, sellers, tickets } from '../../db/schema'
import { clock } from '../../lib/clock'
import { readyAssets, toFile, toImage } from '../catalog'
import { changeUntil } from './booking-policy'
import { memberFiles } from './membership-files'
import { checkoutNoteIn, ORDER_FAILURE_NOTES } from './notes'
import type { OrderRow } from './orders'

/** What the order views need besides the order: its product, seller, files, tickets, refund, downloads. */
export interface OrderViewContext {
  /** The reader's language, for the words Soko stored on the order (notes.ts); English when not given. */
  lang?: Lang
  paybillNumber: string
  /** The M-Pesa simulator's phone page while M-Pesa is in sandbox mode, else null. */
  mpesaSandboxPhone: string | null
}

/** What an order view needs from the payment gateway. */
export const orderViewContext = (gateway: OrderViewContext, lang?: Lang): OrderViewContext => ({
  ...(lang ? { lang } : {}),
  paybillNumber: gateway.paybillNumber,
  mpesaSandboxPhone: gateway.mpesaSandboxPhone,
})

const PAID_LIKE = new Set(['paid', 'refunding'])

/** Orders as their buyer, seller or an admin sees them; loads what they need in a few queries. */
export async function viewOrders(db: Db, rows: OrderRow[], ctx: OrderViewContext): Promise<Order[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const lineRows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(orderLines.orderId, orderLines.position)
  const productIds = [...new Set([...rows.map((r) => r.productId), ...lineRows.map((l) => l.productId)])]
  const [productRows, assets, ticketRows, refundRows, downloadCounts, members] = await Promise.all([
    db
      .select({
        id: products.id,
        slug: products.slug,
        title: products.title,
        details: products.details,
        handle: sellers.handle,
        displayName: sellers.displayName,
      })
      .from(products)
      .innerJoin(sellers, eq(sellers.userId, products.sellerId))
      .where(inArray(products.id, productIds)),
    readyAssets(db, productIds),
    db.select().from(tickets).where(inArray(tickets.orderId, ids)).orderBy(tickets.position, tickets.id),
    // Newest first: an order refunded a line at a time shows its latest refund.
    db.select().from(refunds).where(inArray(refunds.orderId, ids)).orderBy(desc(refunds.createdAt)),
    db
      .select({ orderId: downloads.orderId, assetId: downloads.assetId, n: count() })
      .from(downloads)
      .where(inArray(downloads.orderId, ids))
      .groupBy(downloads.orderId, downloads.assetId),
    memberFiles(
      db,
      rows.filter((r) => r.kind === 'membership').map((r) => r.id),
    ),
  ])
  const productById = new Map(productRows.map((p) => [p.id, p]))
  return rows.map((row) => {
    const product = productById.get(row.productId)
    if (!product) throw new Error(`order ${row.id} has no product`)
    const paid = PAID_LIKE.has(row.status)
    const details = product.details
    const where = 'where' in details ? details.where : undefined
    const image = assets.find((a) => a.productId === row.productId && a.role === 'image')
    const refund = refundRows.find((r) => r.orderId === row.id)
    const limit = 'downloadLimit' in details ? details.downloadLimit : null
    const lines = lineRows.filter((l) => l.orderId === row.id)
    const limitOf = (productId: string) => {
      const of = productById.get(productId)?.details
      return of && 'downloadLimit' in of ? of.downloadLimit : null
    }
    const downloadsLeft = (fileId: string, productId: string) => {
      const most = limitOf(productId)
      return most === null
        ? null
        : Math.max(
            0,
            most - (downloadCounts.find((d) => d.orderId === row.id && d.assetId === fileId)?.n ?? 0),
          )
    }
    // The files of every digital line: the product bought, an offer taken with it, a bundle's downloads.
    // A line refunded on its own has no files any more.
    const digital = new Set(
      lines.filter((l) => l.kind === 'digital' && l.refundedAt === null).map((l) => l.productId),
    )
    // Nor an event's line refunded on its own its tickets.
    const ticketsVoid = lines.some((l) => l.kind === 'event' && l.refundedAt !== null)
    const slot = row.item.slot
    return {
      id: row.id,
      reference: row.reference,
      status: row.status,
      kind: row.kind,
      product: {
        id: product.id,
        slug: product.slug,
        title: product.title,
        image: image ? toImage(image) : null,
        seller: { handle: product.handle, displayName: product.displayName },
      },
      label: row.item.label ?? product.title,
      quantity: row.quantity,
      lines: lines.map((line) => ({
        position: line.position,
        productId: line.productId,
        title: line.item.title,
        label: line.item.label ?? line.item.title,
        quantity: line.quantity,
        total: { amount: line.total, currency: row.currency },
        refunded: line.refundedAt !== null,
        listPrice:
          (line.item.upsellOf ?? line.item.bundle)
            ? { amount: (line.item.upsellOf ?? line.item.bundle)?.listPrice ?? 0, currency: row.currency }
            : null,
      })),
      bundle: row.item.bundle ? { id: row.item.bundle.id, title: row.item.bundle.title } : null,
      slot: slot
        ? {
            ...slot,
            timeZone: ('timeZone' in details ? details.timeZone : null) ?? 'Africa/Nairobi',
            changeUntil:
              row.status === 'paid' && 'availability' in details
                ? changeUntil(details as ServiceDetails, slot, clock.ms())
                : null,
          }
        : null,
      subtotal: { amount: row.subtotal, currency: row.currency },
      shipping: { amount: row.shippingFee, currency: row.currency },
      total: { amount: row.total, currency: row.currency },
      method: row.method,
      charge: { amount: row.chargeAmount, currency: row.chargeCurrency },
      buyerEmail: row.buyerEmail,
      delivery: row.delivery,
      receipt: row.payment?.receipt ?? null,
      failure: row.failure && {
        code: row.failure.code,
        message: checkoutNoteIn(
          ctx.lang ?? 'en',
          row.failure.message,
          ORDER_FAILURE_NOTES[row.failure.code]?.id,
        ),
      },
      // Still payable by Paybill after a failed prompt: a payment to a failed order is accepted if what it
      // held is still free.
      paybill:
        row.method === 'mpesa' && (row.status === 'pending' || row.status === 'failed')
          ? {
              businessNumber: ctx.paybillNumber,
              account: row.reference,
              amount: { amount: row.chargeAmount, currency: 'KES' },
            }
          : null,
      sandboxPhone:
        row.method === 'mpesa' && (row.status === 'pending' || row.status === 'failed')
          ? ctx.mpesaSandboxPhone
          : null,
      files: paid
        ? [
            ...[...digital].flatMap((productId) =>
              assets
                .filter((a) => a.productId === productId && a.role === 'file')
                .map((a) => ({ ...toFile(a), downloadsLeft: downloadsLeft(a.id, productId) })),
            ),
            // A membership's: its tier's files while it lasts, as many downloads as the member likes.
            ...assets
              .filter(
                (a) =>
                  a.productId === members.get(row.id)?.productId && members.get(row.id)?.files.includes(a.id),
              )
              .map((a) => ({ ...toFile(a), downloadsLeft: null })),
          ]
        : [],
      downloadLimit: row.kind === 'digital' ? limit : null,
      tickets:
        paid && !ticketsVoid
          ? ticketRows
              .filter((t) => t.orderId === row.id)
              .map((t) => ({
                code: t.code,
                ticketType: row.item.ticketType ?? '',
                holder: t.holderName ?? '',
                qrSvg: renderSVG(t.code, { border: 2 }),
              }))
          : [],
      event:
        'startsAt' in details && 'ticketTypes' in details
          ? {
              startsAt: String(details.startsAt),
              endsAt: details.endsAt ? String(details.endsAt) : null,
              timeZone: String(details.timeZone ?? 'Africa/Nairobi'),
            }
          : null,
      joinUrl: paid && where?.kind === 'online' ? where.url : null,
      address: paid && where?.kind === 'place' ? where.address : null,
      fulfilment: row.fulfilment,
      refund: refund
        ? {
            status: refund.status,
            amount: { amount: refund.amount, currency: refund.currency },
          }
        : null,
      expiresAt: row.expiresAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    }
  })
}

export async function viewOrder(db: Db, row: OrderRow, ctx: OrderViewContext): Promise<Order> {
  const [order] = await viewOrders(db, [row], ctx)
  if (!order) throw new Error('no view')
  return order
}

/** Downloads of one file of an order counted so far. */
export async function downloadsUsed(db: DbOrTx, orderId: string, assetId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(downloads)
    .where(and(eq(downloads.orderId, orderId), eq(downloads.assetId, assetId)))
  return row?.n ?? 0
}
