import { and, eq } from 'drizzle-orm'
import type { PaymentMethod } from '../../../contract/checkout.constants'
import { invoicePayments, invoices, orders, unmatchedPayments } from '../../db/schema'
import { clock } from '../../lib/clock'
import { uuidv7 } from '../../lib/uuid'
import type { ChargeOutcome, ChargeTarget, PaymentEvents } from '../../payments/provider'
import type { InvoiceServices } from './deps'
import { excessTransfer } from './excess'
import { dueNow, isInvoiceReference, payUrl, statusOf } from './invoice-rows'
import {
  applyPaybill,
  checkInvoiceCharge,
  closeInvoiceCharge,
  invoiceOfPayment,
  settleInvoiceCharge,
} from './pay'

/**
 * The providers' verified messages with invoices in them. A message about one of an invoice's charges (by
 * our id or the provider's reference) or a Paybill payment naming an invoice's reference is the invoice's;
 * anything else goes on to `events` (orders). A Paybill payment that names nothing at all is kept for an
 * admin to match by hand — money is never dropped.
 */
export function withInvoices(events: PaymentEvents, deps: InvoiceServices): PaymentEvents {
  const { db, log } = deps

  async function findPayment(method: PaymentMethod, target: ChargeTarget) {
    if ('reference' in target) return null
    const where =
      'id' in target
        ? eq(invoicePayments.id, target.id)
        : and(eq(invoicePayments.method, method), eq(invoicePayments.providerRef, target.providerRef))
    if ('id' in target && !/^[0-9a-f-]{36}$/i.test(target.id)) return null
    const [row] = await db.select().from(invoicePayments).where(where)
    if (!row) return null
    if (
      row.method !== method ||
      ('providerRef' in target && target.providerRef && row.providerRef !== target.providerRef)
    ) {
      log.warn('a payment message names an invoice charge of another method or reference', { method, target })
      return 'mismatch' as const
    }
    return row
  }

  async function keepUnmatched(
    method: PaymentMethod,
    reference: string,
    eventKey: string,
    outcome: ChargeOutcome,
    payload: unknown,
  ) {
    if (outcome.kind !== 'paid') return
    log.error('a payment arrived for an unknown reference: kept for an admin to match', {
      method,
      reference,
      eventKey,
    })
    await db
      .insert(unmatchedPayments)
      .values({
        id: uuidv7(),
        provider: method,
        eventKey,
        reference,
        amount: outcome.amount.amount,
        currency: outcome.amount.currency,
        receipt: outcome.receipt,
        payload: payload ?? outcome,
      })
      .onConflictDoNothing()
  }

  const invoiceByReference = async (reference: string) =>
    isInvoiceReference(reference)
      ? ((await db.select().from(invoices).where(eq(invoices.reference, reference)))[0] ?? null)
      : null

  return {
    ...events,

    async charge(method, target, eventKey, outcome, payload) {
      if ('reference' in target) {
        const invoice = await invoiceByReference(target.reference)
        if (invoice && outcome.kind === 'paid' && method === 'mpesa') {
          if (!(await applyPaybill(deps, invoice, eventKey, outcome, payload)))
            await keepUnmatched(method, target.reference, eventKey, outcome, payload)
          return
        }
        const [order] = await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.method, method), eq(orders.reference, target.reference)))
        if (!order) return keepUnmatched(method, target.reference, eventKey, outcome, payload)
        return events.charge(method, target, eventKey, outcome, payload)
      }
      const payment = await findPayment(method, target)
      if (payment === 'mismatch') return
      if (!payment) return events.charge(method, target, eventKey, outcome, payload)
      await settleInvoiceCharge(deps, { provider: method, eventKey, payment, outcome, payload })
    },

    async closed(method, target, why) {
      const payment = await findPayment(method, target)
      if (payment === 'mismatch') return
      if (!payment) return events.closed(method, target, why)
      await closeInvoiceCharge(deps, payment, why)
    },

    async approved(method, target) {
      const payment = await findPayment(method, target)
      if (payment === 'mismatch') return
      if (!payment) return events.approved(method, target)
      await checkInvoiceCharge(deps, payment)
    },

    async expected(method, reference) {
      const invoice = await invoiceByReference(reference)
      if (!invoice) return events.expected(method, reference)
      const status = statusOf(invoice, clock.now())
      // Nothing is owed on a cancelled, unsent or paid invoice: M-Pesa refuses the payment before taking it.
      if (status === 'void' || status === 'draft' || status === 'paid' || invoice.currency !== 'KES')
        return null
      // Any amount is taken: less is a part payment, more pays it in full with an excess.
      return { amount: Math.max(dueNow(invoice).amount, 1), currency: invoice.currency, exact: false }
    },

    async transfer(method, target, state) {
      if (await excessTransfer(deps, target, state)) return
      await events.transfer(method, target, state)
    },

    async payerPage(id) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return (await events.payerPage?.(id)) ?? null
      const [payment] = await db.select().from(invoicePayments).where(eq(invoicePayments.id, id))
      if (!payment) return (await events.payerPage?.(id)) ?? null
      const invoice = await invoiceOfPayment(deps, payment)
      return invoice ? payUrl(deps.config.publicUrl, deps.gateway, invoice.id) : null
    },
  }
}
