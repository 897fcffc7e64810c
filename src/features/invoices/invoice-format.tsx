import { METHOD_NAMES } from '../../../contract/checkout.constants'
import { INVOICE_STATUS_TEXT, type InvoiceStatus } from '../../../contract/invoices.constants'
import { formatDate } from '../../lib/dates'

/** `2026-03-01` (a day, no time) as Soko writes dates, the same day wherever the device is. */
export const dayText = (day: string) => formatDate(`${day}T00:00:00Z`, { timeZone: 'UTC' })

/** An invoice's state as a badge: `.badge-sent`, `.badge-overdue`… (docs/design.md, Badges). */
export function StatusBadge({ status }: { status: InvoiceStatus }) {
  return <span className={`badge badge-${status}`}>{INVOICE_STATUS_TEXT[status]}</span>
}

/** The badge of an invoice kept on this device until Soko answers. */
export function WaitingBadge({ refused }: { refused: boolean }) {
  return refused ? (
    <span className="badge badge-failed">Needs changes</span>
  ) : (
    <span className="badge badge-waiting">Waiting to sync</span>
  )
}

export const PAYMENT_METHOD_TEXT: Record<string, string> = {
  ...METHOD_NAMES,
  cash: 'Cash',
  bank: 'Bank transfer',
}

/** "INV-0007", or what a draft is called before its first send gives it a number. */
export const invoiceName = (invoice: { number: string | null }) => invoice.number ?? 'Draft'
