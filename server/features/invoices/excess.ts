import { and, eq, lt, sql } from 'drizzle-orm'
import type { PaymentMethod } from '../../../contract/checkout.constants'
import { invoicePayments, invoices } from '../../db/schema'
import { postTransaction } from '../../ledger/ledger'
import { AppError } from '../../lib/errors'
import { uuidv7 } from '../../lib/uuid'
import { PaymentProviderError } from '../../payments/payments'
import type { TransferState, TransferTarget } from '../../payments/provider'
import type { CheckoutDeps } from '../checkout/deps'
import type { InvoicePaymentRow } from './invoice-rows'

/**
 * Giving back what a payment paid beyond what was due (a Paybill payment for more than the balance):
 * asked by the seller, sent to the payer by the provider that took it (M-Pesa B2C to the number that
 * paid; a partial card or PayPal refund), recorded in the ledger when the provider says it is done. One
 * refund per payment: a failed one may be asked again under a fresh id.
 */

const PROVIDER_METHODS = ['mpesa', 'card', 'paypal']

export async function refundExcess(
  deps: CheckoutDeps,
  sellerId: string,
  invoiceId: string,
  paymentId: string,
) {
  const claimed = await deps.db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(invoicePayments)
      .where(
        and(
          eq(invoicePayments.id, paymentId),
          eq(invoicePayments.invoiceId, invoiceId),
          eq(invoicePayments.sellerId, sellerId),
        ),
      )
      .for('update')
    if (!payment) throw new AppError(404, 'No such payment')
    if (payment.status !== 'paid' || payment.excess <= 0)
      throw new AppError(409, 'This payment paid nothing beyond what was due')
    if (!PROVIDER_METHODS.includes(payment.method))
      throw new AppError(409, 'Money received outside Soko is given back outside Soko')
    if (payment.excessRefundStatus === 'pending' || payment.excessRefundStatus === 'done')
      throw new AppError(409, 'The excess is already on its way back or given back')
    const [row] = await tx
      .update(invoicePayments)
      .set({
        excessRefundId: uuidv7(),
        excessRefundStatus: 'pending',
        excessRefundMessage: null,
        excessRefundRef: null,
        updatedAt: new Date(),
      })
      .where(eq(invoicePayments.id, payment.id))
      .returning()
    return row
  })
  if (!claimed?.excessRefundId) throw new Error('excess refund not recorded')
  const [invoice] = await deps.db.select().from(invoices).where(eq(invoices.id, claimed.invoiceId))
  try {
    const state = await deps.gateway.providers[claimed.method as PaymentMethod].refund({
      id: claimed.excessRefundId,
      charge: {
        id: claimed.id,
        providerRef: claimed.providerRef ?? '',
        amount: { amount: claimed.chargeAmount, currency: claimed.chargeCurrency },
        reference: invoice?.reference ?? '',
        payment: claimed.payment ?? {},
      },
      amount: { amount: claimed.excess, currency: claimed.currency },
      reason: `Paid beyond invoice ${invoice?.number ?? invoice?.reference ?? ''}`,
    })
    await applyExcessRefund(deps, claimed.excessRefundId, state)
  } catch (error) {
    const message =
      error instanceof PaymentProviderError ? error.message : 'The refund could not be sent: try again later'
    deps.log.warn('excess refund not sent', { paymentId, error })
    await applyExcessRefund(deps, claimed.excessRefundId, { state: 'failed', message })
  }
}

/**
 * Where an excess refund stands, from the provider's answer or a result callback; once only. Done: the
 * ledger gives the money back from the seller's account to the payer. Answers false when `refundId`
 * names no excess refund.
 */
export async function applyExcessRefund(deps: CheckoutDeps, refundId: string, state: TransferState) {
  if (!/^[0-9a-f-]{36}$/i.test(refundId)) return false
  return deps.db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.excessRefundId, refundId))
      .for('update')
    if (!payment) return false
    if (payment.excessRefundStatus !== 'pending') return true
    if (state.state === 'pending') {
      await tx
        .update(invoicePayments)
        .set({ excessRefundRef: state.providerRef })
        .where(eq(invoicePayments.id, payment.id))
      return true
    }
    const now = new Date()
    if (state.state === 'failed') {
      await tx
        .update(invoicePayments)
        .set({ excessRefundStatus: 'failed', excessRefundMessage: state.message, updatedAt: now })
        .where(eq(invoicePayments.id, payment.id))
      return true
    }
    await tx
      .update(invoicePayments)
      .set({
        excessRefundStatus: 'done',
        excessRefundedAt: now,
        ...(state.providerRef ? { excessRefundRef: state.providerRef } : {}),
        updatedAt: now,
      })
      .where(eq(invoicePayments.id, payment.id))
    await postTransaction(tx, {
      kind: 'refund',
      invoicePaymentId: payment.id,
      memo: `Excess given back (${payment.id})`,
      entries: [
        { account: `provider:${payment.method}`, amount: -payment.excess, currency: payment.currency },
        {
          account: `seller:${payment.sellerId}`,
          sellerId: payment.sellerId,
          amount: payment.excess,
          currency: payment.currency,
        },
      ],
    })
    return true
  })
}

/** A transfer result naming an excess refund (by its id): applied here; anything else is not ours. */
export async function excessTransfer(deps: CheckoutDeps, target: TransferTarget, state: TransferState) {
  if (!('id' in target)) return false
  return applyExcessRefund(deps, target.id, state)
}

/** Excess refunds whose result is late: the provider is asked where they stand (M-Pesa answers later). */
export async function checkLateExcessRefunds(deps: CheckoutDeps, now: Date, afterMs = 5 * 60_000) {
  const late: InvoicePaymentRow[] = await deps.db
    .update(invoicePayments)
    .set({ checkedAt: now })
    .where(
      and(
        eq(invoicePayments.excessRefundStatus, 'pending'),
        // M-Pesa's Transaction Status answers about a B2C refund; card and PayPal refunds answer at once.
        eq(invoicePayments.method, 'mpesa'),
        lt(invoicePayments.updatedAt, new Date(now.getTime() - afterMs)),
        sql`(${invoicePayments.checkedAt} is null or ${invoicePayments.checkedAt} < ${new Date(now.getTime() - afterMs).toISOString()}::timestamptz)`,
      ),
    )
    .returning()
  for (const payment of late) {
    const provider = deps.gateway.providers[payment.method as PaymentMethod]
    if (!provider.checkPayout || !payment.excessRefundId) continue
    try {
      const state = await provider.checkPayout({
        id: payment.excessRefundId,
        providerRef: payment.excessRefundRef,
        amount: { amount: payment.excess, currency: payment.currency },
      })
      if (state.state !== 'pending') await applyExcessRefund(deps, payment.excessRefundId, state)
    } catch (error) {
      deps.log.warn('could not ask about a late excess refund', { paymentId: payment.id, error })
    }
  }
}
