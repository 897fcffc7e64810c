import { t } from '@lingui/core/macro'
import { METHOD_NAMES } from '../../../contract/checkout.constants'
import type { InvoiceStatus } from '../../../contract/invoices.constants'
import type { PayInvoiceView } from '../../../contract/invoices.contract'
import { formatDate } from '../../lib/dates'
import { translateCode } from '../../lib/i18n'
import { formatMoney } from '../../lib/money'

export type Payment = PayInvoiceView['payments'][number]

/** An invoice's calendar day (`2026-11-24`) as Soko writes dates, the same day in every time zone. */
export const dayText = (day: string) => formatDate(`${day}T00:00:00Z`, { timeZone: 'UTC' })

/** An amount in the invoice's own currency. */
export const amountText = (invoice: Pick<PayInvoiceView, 'currency'>, amount: number) =>
  formatMoney(amount, invoice.currency)

/** How each payment was made, as the client reads it (the seller records cash and bank transfers). */
export function paidBy(method: Payment['method']): string {
  if (method === 'cash') return t`Cash`
  if (method === 'bank') return t`Bank transfer`
  return translateCode(undefined, undefined, METHOD_NAMES[method])
}

/** The invoice's state as its client reads it: "Viewed" and "Sent" are the seller's words; to the client it is due. */
export function clientStatus(status: InvoiceStatus): { text: string; tone: string } {
  switch (status) {
    case 'paid':
      return { text: t`Paid`, tone: 'paid' }
    case 'void':
      return { text: t`Cancelled`, tone: 'cancelled' }
    case 'overdue':
      return { text: t`Overdue`, tone: 'failed' }
    case 'partially_paid':
      return { text: t`Partly paid`, tone: 'pending' }
    default:
      return { text: t`Due`, tone: 'pending' }
  }
}

/** The day the last payment arrived: when the invoice was paid in full. */
export function paidInFullOn(invoice: PayInvoiceView): string | null {
  if (invoice.paidAt) return invoice.paidAt
  const days = invoice.payments.map((p) => p.paidAt).filter((d): d is string => Boolean(d))
  return days.sort().at(-1) ?? null
}

/** 1600 → "16 %", 825 → "8.25 %". */
export function percentText(bps: number): string {
  return `${(bps / 100).toLocaleString('en', { maximumFractionDigits: 2 })} %`
}
