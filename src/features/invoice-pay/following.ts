import type { PaymentMethod } from '../../../contract/checkout.constants'
import type { PayInvoiceView } from '../../../contract/invoices.contract'

/**
 * The payment this tab started on an invoice, kept in sessionStorage so the page still knows it after the
 * card or PayPal page sends the client back (a full page load), or after a reload while M-Pesa waits.
 */
export interface Followed {
  paymentId: string
  method: PaymentMethod
  /** The number the M-Pesa prompt went to, as M-Pesa has it (2547…). */
  phone?: string
  /** When it was started (ms since the epoch). */
  startedAt: number
  /** Seen waiting at least once: once it is no longer waiting and not paid, it did not go through. */
  seenPending?: boolean
}

const storageKey = (invoiceId: string) => `soko:invoice-payment:${invoiceId}`

export function readFollowed(invoiceId: string): Followed | null {
  try {
    const text = sessionStorage.getItem(storageKey(invoiceId))
    return text ? (JSON.parse(text) as Followed) : null
  } catch {
    return null
  }
}

export function keepFollowed(invoiceId: string, followed: Followed | null) {
  try {
    if (followed) sessionStorage.setItem(storageKey(invoiceId), JSON.stringify(followed))
    else sessionStorage.removeItem(storageKey(invoiceId))
  } catch {
    // Private windows may refuse storage: the page still follows what the server says is waiting.
  }
}

/** How long a payment just started may take to show as waiting before its absence means it did not start. */
export const START_GRACE_MS = 20_000

type Payment = PayInvoiceView['payments'][number]

/** Where the followed payment stands, from what the server says now. */
export type Outcome =
  | { kind: 'none' }
  | { kind: 'waiting'; payment: NonNullable<PayInvoiceView['pending']>; phone?: string | undefined }
  | { kind: 'starting'; method: PaymentMethod; phone?: string | undefined }
  | { kind: 'paid'; payment: Payment }
  | { kind: 'not-completed'; method: PaymentMethod }

export function outcomeOf(invoice: PayInvoiceView, followed: Followed | null, now = Date.now()): Outcome {
  const pending = invoice.pending
  if (pending)
    return {
      kind: 'waiting',
      payment: pending,
      phone: followed?.paymentId === pending.id ? followed.phone : undefined,
    }
  if (!followed) return { kind: 'none' }
  const paid = invoice.payments.find((p) => p.id === followed.paymentId)
  if (paid) return { kind: 'paid', payment: paid }
  // Known to have failed (a prompt cancelled before this page ever saw it waiting): say so at once.
  if (invoice.failed?.id === followed.paymentId) return { kind: 'not-completed', method: followed.method }
  if (!followed.seenPending && now - followed.startedAt < START_GRACE_MS)
    return { kind: 'starting', method: followed.method, phone: followed.phone }
  return { kind: 'not-completed', method: followed.method }
}
