import { and, eq } from 'drizzle-orm'
import type { PaymentMethod } from '../../../contract/checkout.constants'
import { invoicePayments, invoices, unmatchedPayments } from '../../db/schema'
import { clock } from '../../lib/clock'
import { isUuid, uuidv7 } from '../../lib/uuid'
import type { Act, PaymentEventOwner } from '../../payments/event-router'
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
 * The invoices' part of the providers' verified messages: a charge, a closing or an approval naming one of
 * an invoice's charges (by our id or the provider's reference), a Paybill payment naming an invoice's
 * reference, what a payment to that reference may be, and where a payer back from a provider's page goes.
 */
export function invoicePaymentOwner(deps: InvoiceServices): PaymentEventOwner {
  const { db, log } = deps

  async function findPayment(method: PaymentMethod, target: ChargeTarget) {
    if ('reference' in target || 'recurring' in target) return null
    if ('id' in target && !isUuid(target.id)) return null
    const where =
      'id' in target
        ? eq(invoicePayments.id, target.id)
        : and(eq(invoicePayments.method, method), eq(invoicePayments.providerRef, target.providerRef))
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

  // One of ours, but not as it says: nothing is settled (the warning above says why).
  const ignore: Act = async () => {}

  return {
    name: 'invoice payment',

    async charge(method, target, eventKey, outcome, payload) {
      if ('reference' in target) {
        const invoice = await invoiceByReference(db, target.reference)
        // Only money paid by M-Pesa to the Paybill names an invoice's reference; anything else naming it is
        // not a payment of it (and money among that is kept unmatched).
        if (!invoice || outcome.kind !== 'paid' || method !== 'mpesa') return null
        return async () => {
          if (!(await applyPaybill(deps, invoice, eventKey, outcome, payload)))
            await keepUnmatched(deps, method, target.reference, eventKey, outcome, payload)
        }
      }
      const payment = await findPayment(method, target)
      if (payment === 'mismatch') return ignore
      if (!payment) return null
      return () => settleInvoiceCharge(deps, { provider: method, eventKey, payment, outcome, payload })
    },

    async closed(method, target, why) {
      const payment = await findPayment(method, target)
      if (payment === 'mismatch') return ignore
      return payment ? () => closeInvoiceCharge(deps, payment, why) : null
    },

    async approved(method, target) {
      const payment = await findPayment(method, target)
      if (payment === 'mismatch') return ignore
      return payment ? () => checkInvoiceCharge(deps, payment) : null
    },

    async expected(_method, reference) {
      const invoice = await invoiceByReference(db, reference)
      if (!invoice) return null
      return async () => {
        const status = statusOf(invoice, clock.now())
        // Nothing is owed on a cancelled, unsent or paid invoice: M-Pesa refuses the payment before taking it.
        if (status === 'void' || status === 'draft' || status === 'paid' || invoice.currency !== 'KES')
          return null
        // Any amount is taken: less is a part payment, more pays it in full with an excess.
        return { amount: Math.max(dueNow(invoice).amount, 1), currency: invoice.currency, exact: false }
      }
    },

    async payerPage(id) {
      if (!isUuid(id)) return null
      const [payment] = await db.select().from(invoicePayments).where(eq(invoicePayments.id, id))
      if (!payment) return null
      return async () => {
        const invoice = await invoiceOfPayment(deps, payment)
        return invoice ? payUrl(deps.config.publicUrl, deps.gateway, invoice.id) : null
      }
    },
  }
}

/** The refunds of what a payer paid over an invoice's total: a transfer result naming one (by its id). */
export function invoiceExcessOwner(deps: InvoiceServices): PaymentEventOwner {
  return {
    name: 'invoice excess',
    async transfer(_method, target, state) {
      if (!('id' in target) || !isUuid(target.id)) return null
      const [payment] = await deps.db
        .select({ id: invoicePayments.id })
        .from(invoicePayments)
        .where(eq(invoicePayments.excessRefundId, target.id))
      return payment ? () => excessTransfer(deps, target, state).then(() => {}) : null
    },
  }
}

/**
 * What becomes of a message nothing of ours claims. Money that came for nothing (a Paybill payment whose
 * account number names no order or invoice) is kept for an admin to match by hand — money is never
 * dropped; anything else is logged.
 */
export function unclaimedPayments(deps: InvoiceServices): PaymentEvents {
  const { log } = deps
  return {
    async charge(method, target, eventKey, outcome, payload, origin) {
      if ('reference' in target)
        return keepUnmatched(deps, method, target.reference, eventKey, outcome, payload)
      log.warn('a payment message names no order or invoice charge of its method', {
        method,
        target: shown(target),
        origin,
      })
    },
    async closed(method, target, _why, origin) {
      log.warn('a closed charge names no order or invoice charge of its method', {
        method,
        target: shown(target),
        origin,
      })
    },
    async approved(method, target, origin) {
      log.warn('an approval names no order or invoice charge of its method', {
        method,
        target: shown(target),
        origin,
      })
    },
    // A payment naming nothing we know is refused before it is taken.
    expected: async () => null,
    async transfer(method, target, _state, origin) {
      log.warn('a transfer result names no payout or refund of its method', {
        method,
        target: shown(target),
        origin,
      })
    },
    payerPage: async () => null,
  }
}

/** A message's target for the log, each id cut short: a sender may make one huge. */
function shown(target: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(target).map(([key, value]) => [
      key,
      typeof value === 'string' && value.length > 100 ? `${value.slice(0, 100)}…` : value,
    ]),
  )
}

async function keepUnmatched(
  deps: InvoiceServices,
  method: PaymentMethod,
  reference: string,
  eventKey: string,
  outcome: ChargeOutcome,
  payload: unknown,
) {
  if (outcome.kind !== 'paid') return
  deps.log.error('a payment arrived for an unknown reference: kept for an admin to match', {
    method,
    reference,
    eventKey,
  })
  await deps.db
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

const invoiceByReference = async (db: InvoiceServices['db'], reference: string) =>
  isInvoiceReference(reference)
    ? ((await db.select().from(invoices).where(eq(invoices.reference, reference)))[0] ?? null)
    : null
