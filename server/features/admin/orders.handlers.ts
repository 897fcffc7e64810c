import { and, desc, eq, ilike, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { SubjectOutput } from '../../../contract'
import { ADMIN, ADMIN_FIELD } from '../../../contract/errors/admin'
import { orders, paymentEvents, payoutMethods, payouts, refunds, sellers, users } from '../../db/schema'
import { audit } from '../../lib/audit'
import { clock, SKEW_TOLERANCE_MS } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { containing } from '../../lib/like'
import { refuseOwnAccount } from '../../lib/own-account'
import type { Handlers } from '../../rpc/context'
import { checkoutNoteIn, orderMails, refundOrder } from '../checkout'
import { adminPayoutView, methodLabel, payoutLabel, payoutView, requestPayout, takes } from '../payouts'
import { phoneDigits } from './people'

type AdminOrder = SubjectOutput<'findOrders'>['orders'][number]

const orderColumns = {
  order: orders,
  buyerName: users.name,
  buyerPhone: users.phone,
  handle: sellers.handle,
}

function view(row: {
  order: typeof orders.$inferSelect
  buyerName: string
  buyerPhone: string | null
  handle: string
}): AdminOrder {
  const o = row.order
  const payment = o.payment ?? {}
  return {
    id: o.id,
    reference: o.reference,
    status: o.status,
    kind: o.kind,
    title: o.item.label && o.item.label !== o.item.title ? `${o.item.title} (${o.item.label})` : o.item.title,
    buyer: {
      id: o.buyerId,
      email: o.buyerEmail,
      name: row.buyerName,
      phone: typeof payment.phone === 'string' ? payment.phone : row.buyerPhone,
    },
    seller: { id: o.sellerId, handle: row.handle },
    total: o.total,
    currency: o.currency,
    method: o.method,
    charge: { amount: o.chargeAmount, currency: o.chargeCurrency },
    providerRef: o.providerRef,
    receipt: typeof payment.receipt === 'string' ? payment.receipt : null,
    failure: o.failure ?? null,
    fee: o.terms,
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    refundedAt: o.refundedAt?.toISOString() ?? null,
  }
}

const selectOrders = (db: Parameters<Handlers['findOrders']>[1]['db']) =>
  db
    .select(orderColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerId))
    .innerJoin(sellers, eq(sellers.userId, orders.sellerId))

export const ordersHandlers: Pick<
  Handlers,
  | 'findOrders'
  | 'getAdminOrder'
  | 'adminRefundOrder'
  | 'resendReceipt'
  | 'adminListPayouts'
  | 'listRetryDestinations'
  | 'retryPayout'
> = {
  findOrders: async ({ q }, ctx) => {
    if (!q) return { orders: [] }
    const phone = phoneDigits(q)
    const rows = await selectOrders(ctx.db)
      .where(
        or(
          eq(orders.reference, q.toUpperCase()),
          ilike(orders.buyerEmail, containing(q)),
          eq(orders.providerRef, q),
          sql`upper(${orders.payment}->>'receipt') = ${q.toUpperCase()}`,
          ...(phone && phone.length >= 9
            ? [
                sql`${orders.payment}->>'phone' like ${`%${phone}%`}`,
                sql`${orders.payment}->>'payerPhone' like ${`%${phone}%`}`,
                sql`${users.phone} like ${`%${phone}%`}`,
              ]
            : []),
        ),
      )
      .orderBy(desc(orders.createdAt))
      .limit(50)
    return { orders: rows.map(view) }
  },

  getAdminOrder: async ({ id }, ctx) => {
    const [row] = await selectOrders(ctx.db).where(eq(orders.id, id))
    if (!row) throw new AppError(404, ADMIN.noSuchOrder, { fields: { id: ADMIN_FIELD.notFound } })
    const events = await ctx.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, id))
      .orderBy(paymentEvents.receivedAt)
    // The latest of the order's refunds (an order may be refunded a line at a time).
    const [refund] = await ctx.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, id))
      .orderBy(desc(refunds.createdAt))
      .limit(1)
    return {
      order: view(row),
      events: events.map((e) => ({
        provider: e.provider,
        eventId: e.eventId,
        type: e.type,
        payload: e.payload,
        receivedAt: e.receivedAt.toISOString(),
      })),
      refund: refund
        ? {
            status: refund.status,
            amount: refund.amount,
            currency: refund.currency,
            reason: checkoutNoteIn(ctx.lang, refund.reason, refund.reasonCode),
            failure: refund.failure,
            createdAt: refund.createdAt.toISOString(),
          }
        : null,
    }
  },

  adminRefundOrder: async ({ id, reason }, ctx) => {
    const [sale] = await ctx.db.select({ sellerId: orders.sellerId }).from(orders).where(eq(orders.id, id))
    refuseOwnAccount(ctx.caller.user.id, sale?.sellerId, 'refund-sale')
    await refundOrder(ctx, id, ctx.caller.user.id, reason, (tx, order) =>
      audit(tx, ctx, {
        action: 'order.refund',
        target: { kind: 'order', id, label: order.reference },
        reason,
        before: { status: order.status },
        after: { status: 'refunding' },
      }),
    )
    const [order] = await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id))
    return { status: order?.status ?? 'refunding' }
  },

  resendReceipt: async ({ id }, ctx) => {
    const order = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id))
      if (!row) throw new AppError(404, ADMIN.noSuchOrder, { fields: { id: ADMIN_FIELD.notFound } })
      if (row.status !== 'paid') throw new AppError(409, ADMIN.onlyPaidOrderReceipt)
      await audit(tx, ctx, {
        action: 'order.resend-receipt',
        target: { kind: 'order', id, label: row.reference },
        after: { sentTo: row.buyerEmail },
      })
      return row
    })
    await orderMails(ctx).receipt(order)
    return { sentTo: order.buyerEmail }
  },

  adminListPayouts: async ({ status, rail, q, cursor, limit }, ctx) => {
    const like = containing(q)
    const rows = await ctx.db
      .select({ payout: payouts, name: sellers.displayName, email: users.email, handle: sellers.handle })
      .from(payouts)
      .innerJoin(sellers, eq(sellers.userId, payouts.sellerId))
      .innerJoin(users, eq(users.id, payouts.sellerId))
      .where(
        and(
          status ? eq(payouts.status, status) : undefined,
          rail ? eq(payouts.rail, rail) : undefined,
          cursor ? lt(payouts.id, cursor) : undefined,
          q
            ? or(ilike(users.email, like), ilike(sellers.handle, like), ilike(sellers.displayName, like))
            : undefined,
        ),
      )
      .orderBy(desc(payouts.id))
      .limit(limit + 1)
    const page = rows.slice(0, limit)
    return {
      payouts: page.map((r) => adminPayoutView(r.payout, r, ctx.lang)),
      next: rows.length > limit ? (page.at(-1)?.payout.id ?? null) : null,
    }
  },

  listRetryDestinations: async ({ payoutId }, ctx) => {
    const [row] = await ctx.db.select().from(payouts).where(eq(payouts.id, payoutId))
    if (!row) throw new AppError(404, ADMIN.noSuchPayout, { fields: { payoutId: ADMIN_FIELD.notFound } })
    const methods = await ctx.db
      .select()
      .from(payoutMethods)
      .where(and(eq(payoutMethods.sellerId, row.sellerId), isNull(payoutMethods.removedAt)))
      .orderBy(payoutMethods.createdAt)
    // What requestPayout would refuse is not offered: another currency, or a destination still waiting.
    const now = clock.ms() + SKEW_TOLERANCE_MS
    const usable = methods.filter((m) => takes(m, row.currency) && m.usableFrom.getTime() <= now)
    const own = usable.filter((m) => m.id === row.methodId)
    return {
      destinations: [...own, ...usable.filter((m) => m.id !== row.methodId)].map((m) => ({
        id: m.id,
        label: methodLabel(m.details),
        own: m.id === row.methodId,
      })),
    }
  },

  retryPayout: async ({ payoutId, methodId }, ctx) => {
    const [row] = await ctx.db.select().from(payouts).where(eq(payouts.id, payoutId))
    if (!row) throw new AppError(404, ADMIN.noSuchPayout, { fields: { payoutId: ADMIN_FIELD.notFound } })
    refuseOwnAccount(ctx.caller.user.id, row.sellerId, 'retry-payout')
    if (row.status !== 'failed' && row.status !== 'returned')
      throw new AppError(409, ADMIN.onlyFailedReturnedPayout)
    const [method] = await ctx.db
      .select()
      .from(payoutMethods)
      .where(
        and(
          eq(payoutMethods.id, methodId),
          eq(payoutMethods.sellerId, row.sellerId),
          isNull(payoutMethods.removedAt),
        ),
      )
    if (!method || !takes(method, row.currency))
      throw new AppError(400, ADMIN.chooseDestinationForCurrency, {
        params: { currency: row.currency },
        fields: {
          methodId: { ...ADMIN_FIELD.notTheirDestination, params: { currency: row.currency } },
        },
      })
    const retried = await requestPayout(
      ctx,
      row.sellerId,
      {
        currency: row.currency,
        amount: row.amount,
        methodId,
        speed: 'standard',
        requestedBy: ctx.caller.user.id,
        now: true,
        retryOf: row.id,
      },
      async (tx, created) => {
        // Checked under the seller's row lock that requestPayout holds: two admins sending the same
        // payout again at once take turns, and the second finds the first's and is refused (rolled back).
        const [already] = await tx
          .select({ id: payouts.id })
          .from(payouts)
          .where(
            and(
              eq(payouts.retryOf, row.id),
              ne(payouts.id, created.id),
              inArray(payouts.status, ['approval', 'scheduled', 'sending', 'processing', 'paid']),
            ),
          )
        if (already) throw new AppError(409, ADMIN.payoutAlreadySentAgain)
        await audit(tx, ctx, {
          action: 'payout.retry',
          target: { kind: 'payout', id: row.id, label: payoutLabel(row) },
          before: { status: row.status, destination: payoutLabel(row) },
          after: { payout: created.id, destination: payoutLabel(created) },
        })
      },
    )
    return { payout: payoutView(retried, ctx.lang) }
  },
}
