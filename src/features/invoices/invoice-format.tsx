import { msg, plural, t } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { METHOD_NAMES } from '../../../contract/checkout.constants'
import type { InvoiceStatus } from '../../../contract/invoices.constants'
import type { InvoiceView } from '../../../contract/invoices.contract'
import { formatDate } from '../../lib/dates'
import { translateCode } from '../../lib/i18n'

/** `2026-03-01` (a day, no time) as Soko writes dates, the same day wherever the device is. */
export const dayText = (day: string) => formatDate(`${day}T00:00:00Z`, { timeZone: 'UTC' })

/** An invoice's state as the seller reads it (the contract's INVOICE_STATUS_TEXT, in the page's language). */
export const INVOICE_STATUS_MESSAGES = {
  draft: msg`Draft`,
  sent: msg`Sent`,
  viewed: msg`Viewed`,
  partially_paid: msg`Partly paid`,
  paid: msg`Paid`,
  overdue: msg`Overdue`,
  void: msg`Cancelled`,
} as const satisfies Record<InvoiceStatus, unknown>

/** An invoice's state as a badge: `.badge-sent`, `.badge-overdue`… (docs/design.md, Badges). */
export function StatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useLingui()
  return <span className={`badge badge-${status}`}>{t(INVOICE_STATUS_MESSAGES[status])}</span>
}

/** The badge of an invoice kept on this device until Soko answers. */
export function WaitingBadge({ refused }: { refused: boolean }) {
  const { t } = useLingui()
  return refused ? (
    <span className="badge badge-failed">{t`Needs changes`}</span>
  ) : (
    <span className="badge badge-waiting">{t`Waiting to sync`}</span>
  )
}

/** How a payment was made: the providers' names, and what the seller records by hand (cash, bank). */
export function paymentMethodText(method: string): string {
  if (method === 'cash') return t`Cash`
  if (method === 'bank') return t`Bank transfer`
  const name = (METHOD_NAMES as Record<string, string>)[method]
  return name ? translateCode(undefined, undefined, name) : method
}

/**
 * How a reminder reads (contract/invoices.constants.ts reminderText, in the page's language): "3 days
 * before", "On the due date", "7 days after"; with `dueDate`, "3 days before the due date".
 */
export function reminderLabel(days: number, dueDate = false): string {
  if (days === 0) return t`On the due date`
  const n = Math.abs(days)
  if (dueDate)
    return days < 0
      ? t`${plural(n, { one: '# day before the due date', other: '# days before the due date' })}`
      : t`${plural(n, { one: '# day after the due date', other: '# days after the due date' })}`
  return days < 0
    ? t`${plural(n, { one: '# day before', other: '# days before' })}`
    : t`${plural(n, { one: '# day after', other: '# days after' })}`
}

/** "INV-0007", or what a draft is called before its first send gives it a number. */
export const invoiceName = (invoice: { number: string | null }) => invoice.number ?? t`Draft`

/** Who a sent invoice went to ("a@b.co and +254…"), for the line that says so; '' when no one. */
export function sentTo(invoice: InvoiceView): string {
  const email = invoice.client.email ?? ''
  const phone = invoice.client.phone ? `+${invoice.client.phone}` : ''
  return email && phone ? t`${email} and ${phone}` : email || phone
}
