import { and, eq, inArray } from 'drizzle-orm'
import { CHECKOUT } from '../../../contract/errors/checkout'
import type { Tx } from '../../db/client'
import { orderLines, orders, refunds } from '../../db/schema'
import { postTransaction } from '../../ledger/ledger'
import { partialRefundEntries, refundCharge } from '../../ledger/postings'
import { clock } from '../../lib/clock'
import { AppError, type FieldMessage, isUniqueViolation } from '../../lib/errors'
import { translate } from '../../lib/i18n'
import { uuidv7 } from '../../lib/uuid'
import { alertAdminsIn } from '../../mail/admin-alert'
import { type Money, PaymentProviderError, providerMessage } from '../../payments/payments'
import type { TransferState } from '../../payments/provider'
import { bookingObject, emitEvent, orderObject } from '../webhooks'
import type { CheckoutServices } from './deps'
import { orderMails } from './mails'
import { linesOf, onlyLine } from './order-lines'
import type { OrderRow } from './orders'

type RefundRow = typeof refunds.$inferSelect

/**
 * Gives a paid order's money back, in full or for the lines chosen. Under the order's row lock a refund
 * record is made and its lines marked as being refunded, so two refunds cannot take one line (and one
 * refund of an order is on its way at a time); refunding the last lines turns the order `refunding` (access
 * ends at once). Its amount is what those lines come to of the charge, counted on from the lines refunded
 * before, so refunding every line one by one gives back the charge exactly. Then the provider is asked
 * (after the commit, no transaction held across the network). Card and PayPal usually answer done at once;
 * M-Pesa sends the money by B2C and its result arrives later at /hooks/mpesa/b2c/….
 */
export async function refundOrder(
  deps: CheckoutServices,
  orderId: string,
  by: string | null,
  /** A person's words as they wrote them, or Soko's own (notes.ts): its English and its message id. */
  reason: string | { text: string; code: string },
  /** Runs in the transaction that starts the refund: an admin's audit entry. */
  onStarted?: (tx: Tx, order: OrderRow) => Promise<void>,
  /** The positions of the lines to refund; left out, every line not refunded yet. */
  chosen?: number[],
) {
  const { db, gateway, log } = deps
  const refund = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    if (!order) throw new AppError(404, CHECKOUT.noSuchOrder)
    if (order.status === 'refunding' || order.status === 'refunded')
      throw new AppError(409, CHECKOUT.alreadyRefunded)
    if (order.status !== 'paid') throw new AppError(409, CHECKOUT.onlyPaidRefunded)
    const { lines, whole, from, to } = await linesToRefund(tx, order, chosen)
    if (whole)
      await tx
        .update(orders)
        .set({ status: 'refunding', updatedAt: clock.now() })
        .where(eq(orders.id, order.id))
    // A refund that failed before may be tried again: its record is reused.
    await tx.delete(refunds).where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'failed')))
    try {
      const [row] = await tx
        .insert(refunds)
        .values({
          id: uuidv7(),
          orderId: order.id,
          lines: chosen ? lines : null,
          method: order.method,
          amount: refundCharge(order, from, to),
          currency: order.chargeCurrency,
          reason: typeof reason === 'string' ? reason : reason.text,
          reasonCode: typeof reason === 'string' ? null : reason.code,
          requestedBy: by,
        })
        .returning()
      if (!row) throw new Error('insert returned no row')
      await tx
        .update(orderLines)
        .set({ refundId: row.id })
        .where(and(eq(orderLines.orderId, order.id), inArray(orderLines.position, lines)))
      if (onStarted) await onStarted(tx, order)
      return { row, order }
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, CHECKOUT.alreadyRefunded)
      throw error
    }
  })
  const { row, order } = refund
  if (order.method === 'free') return completeRefund(deps, row.id, null)
  try {
    const provider = gateway.providers[order.method]
    const answer = await provider.refund({
      id: row.id,
      charge: {
        id: order.id,
        providerRef: order.providerRef ?? '',
        amount: { amount: order.chargeAmount, currency: order.chargeCurrency },
        reference: order.reference,
        payment: order.payment ?? {},
      },
      amount: { amount: row.amount, currency: row.currency },
      reason: row.reason,
    })
    if (answer.state === 'done') return completeRefund(deps, row.id, answer.providerRef)
    if (answer.state === 'failed') return failRefund(deps, row.id, answer.message)
    // On its way: its result arrives at the provider's callback or webhook.
    await db.update(refunds).set({ providerRef: answer.providerRef }).where(eq(refunds.id, row.id))
  } catch (error) {
    const message = error instanceof PaymentProviderError ? error.message : CHECKOUT.refundNotSent.message
    log.warn('refund not sent', {
      orderId,
      method: order.method,
      detail: error instanceof PaymentProviderError ? error.detail : String(error),
    })
    await failRefund(deps, row.id, message)
    const said: FieldMessage =
      error instanceof PaymentProviderError ? providerMessage(message) : CHECKOUT.refundNotSent
    throw new AppError(502, said, said.params ? { params: said.params } : {})
  }
  return order
}

/**
 * The lines a refund returns, checked under the order's lock: each chosen one is the order's and neither
 * refunded nor on its way; none chosen, every line not refunded yet. `from` … `to` is where they stand in
 * the order's total after the lines refunded before; `whole` when no line is left after them.
 */
async function linesToRefund(tx: Tx, order: OrderRow, chosen: number[] | undefined) {
  const all = await linesOf(tx, order.id)
  // An order placed before orders had lines has its one line from the order itself.
  const lines = all.length > 0 ? all : [onlyLine(order)]
  if (lines.some((line) => line.refundId !== null && line.refundedAt === null))
    throw new AppError(409, CHECKOUT.refundOnItsWay)
  const open = lines.filter((line) => line.refundId === null)
  for (const position of chosen ?? []) {
    if (!lines.some((line) => line.position === position))
      throw new AppError(400, CHECKOUT.noSuchLine, {
        params: { position },
        fields: { lines: { ...CHECKOUT.noSuchLine, params: { position } } },
      })
    if (!open.some((line) => line.position === position))
      throw new AppError(409, CHECKOUT.lineRefunded, { fields: { lines: CHECKOUT.lineRefunded } })
  }
  const taken = chosen ? open.filter((line) => chosen.includes(line.position)) : open
  if (taken.length === 0) throw new AppError(409, CHECKOUT.alreadyRefunded)
  // A bundle was sold as one: it goes back as one.
  if (order.item.bundle && taken.length < open.length)
    throw new AppError(409, CHECKOUT.bundleWhole, { fields: { lines: CHECKOUT.bundleWhole } })
  const from = lines.filter((line) => line.refundedAt !== null).reduce((sum, line) => sum + line.total, 0)
  const to = from + taken.reduce((sum, line) => sum + line.total, 0)
  return {
    lines: taken.map((line) => line.position),
    whole: taken.length === open.length,
    from,
    to,
  }
}

/**
 * The money is back with the buyer: the sale is reversed in the ledger and the buyer told. Once only:
 * the refund's row lock and status make a repeated result change nothing.
 */
export async function completeRefund(deps: CheckoutServices, refundId: string, providerRef: string | null) {
  const done = await deps.db.transaction(async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update')
    if (refund?.status !== 'pending') return null
    const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId)).for('update')
    if (!order?.paidAt) throw new Error(`refund ${refundId} of an unpaid order`)
    const now = clock.now()
    await tx
      .update(refunds)
      .set({ status: 'succeeded', completedAt: now, ...(providerRef ? { providerRef } : {}) })
      .where(eq(refunds.id, refund.id))
    // Where this refund's lines stand in the order's total, after the lines refunded before them.
    const lines = await linesOf(tx, order.id)
    const before = lines.filter((line) => line.refundedAt !== null && line.refundId !== refund.id)
    const these = lines.filter((line) => line.refundId === refund.id)
    const from = before.reduce((sum, line) => sum + line.total, 0)
    const to = these.length === 0 ? order.total : from + these.reduce((sum, line) => sum + line.total, 0)
    await tx
      .update(orderLines)
      .set({ refundedAt: now })
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.refundId, refund.id)))
    // The last lines refunded: the whole order is.
    const whole =
      to === order.total && lines.every((line) => line.refundId !== null || line.refundedAt !== null)
    const [updated] = whole
      ? await tx
          .update(orders)
          .set({ status: 'refunded', refundedAt: now, updatedAt: now })
          .where(eq(orders.id, order.id))
          .returning()
      : await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, order.id)).returning()
    if (order.total > 0 || order.chargeAmount > 0)
      await postTransaction(tx, {
        kind: 'refund',
        orderId: order.id,
        refundId: refund.id,
        // i18n-ignore: a ledger memo, the books' own record (the seller's lists write their own titles)
        memo: `Refund ${order.reference}`,
        entries: partialRefundEntries(order, order.paidAt, from, to),
      })
    if (updated) {
      const { sellerId, id } = updated
      await emitEvent(tx, {
        sellerId,
        type: 'order.refunded',
        objectId: id,
        object: orderObject(updated, await linesOf(tx, id)),
      })
      // A booking refunded is a booking cancelled, whoever asked.
      if (whole && updated.kind === 'service')
        await emitEvent(tx, {
          sellerId,
          type: 'booking.cancelled',
          objectId: id,
          object: bookingObject(updated),
        })
    }
    return { order: updated ?? order, refund }
  })
  if (done)
    await orderMails(deps).refunded(done.order, done.refund.reason, done.refund.reasonCode, {
      amount: done.refund.amount,
      currency: done.refund.currency,
    })
  return done?.order ?? null
}

/** The provider would not pay the refund: the order is paid again (access back) and the seller can retry. */
export async function failRefund(deps: CheckoutServices, refundId: string, message: string) {
  return deps.db.transaction(async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update')
    if (refund?.status !== 'pending') return null
    await tx.update(refunds).set({ status: 'failed', failure: message }).where(eq(refunds.id, refund.id))
    // Its lines may be refunded again.
    await tx
      .update(orderLines)
      .set({ refundId: null })
      .where(and(eq(orderLines.orderId, refund.orderId), eq(orderLines.refundId, refund.id)))
    const [order] = await tx
      .update(orders)
      .set({ status: 'paid', updatedAt: clock.now() })
      .where(and(eq(orders.id, refund.orderId), eq(orders.status, 'refunding')))
      .returning()
    return order ?? null
  })
}

export async function refundById(deps: CheckoutServices, id: string): Promise<RefundRow | null> {
  const [row] = await deps.db.select().from(refunds).where(eq(refunds.id, id))
  return row ?? null
}

/**
 * A provider's "given back" for another amount than was asked: nothing settles (the refund stays on its
 * way, and the payments sweep asks the provider again); it is logged with both figures and admins are told.
 */
export async function refundMismatch(
  deps: CheckoutServices,
  what: string,
  sent: Money,
  state: TransferState,
) {
  const got = state.state === 'done' && state.amount ? `${state.amount.currency} ${state.amount.amount}` : '?'
  const expected = `${sent.currency} ${sent.amount}`
  deps.log.error('a refund result names another amount than was asked: nothing settled', {
    what,
    expected,
    got,
  })
  // Each admin reads it in their account's language.
  await alertAdminsIn(deps, (lang) => ({
    subject: translate(
      lang,
      /*i18n*/ { id: 'alert.refund.mismatch.subject', message: 'A refund result does not match: {what}' },
      { what },
    ),
    paragraphs: [
      translate(
        lang,
        /*i18n*/ {
          id: 'alert.refund.mismatch.body',
          message:
            'The provider reported {what} done, but for {got} (minor units) where Soko asked {expected}.',
        },
        { what, got, expected },
      ),
      translate(
        lang,
        /*i18n*/ {
          id: 'alert.refund.mismatch.next',
          message:
            'Nothing was settled: it stays on its way and the provider is asked again. Check it with the provider.',
        },
      ),
    ],
  }))
}
