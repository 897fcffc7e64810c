import { t } from '@lingui/core/macro'
import type { CustomerSummary } from '../../../contract/customers.contract'
import { csvField, csvLines, toDecimal } from '../../lib/csv'

/** A day as the reader's calendar has it (`2026-11-24`): a date a spreadsheet sorts, not a UTC instant. */
function localDay(at: string | null, timeZone: string | undefined): string {
  if (!at) return ''
  return new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(at))
}

/**
 * The client book as CSV: one line per client, what they spent in a column per currency (so each column
 * adds up), and the days of their first and last purchase in the reader's time zone. Every text a client
 * typed (a name, say) is guarded against running as a spreadsheet formula.
 */
export function customersCsv(customers: CustomerSummary[], timeZone?: string): string {
  const currencies = [...new Set(customers.flatMap((c) => c.spent.map((m) => m.currency)))].sort()
  const header = [
    t`Name`,
    t`E-mail`,
    t`Phone`,
    t({ message: 'Purchases', context: 'how many' }),
    ...currencies.map((c) => t`Spent ${c}`),
  ]
  const lines = [[...header, t`First purchase`, t`Last purchase`].map((h) => csvField(h))]
  for (const c of customers) {
    lines.push([
      csvField(c.name),
      csvField(c.email ?? ''),
      // In international form without the `+` (which a spreadsheet would read as a formula's start).
      csvField(c.phone ?? ''),
      csvField(String(c.purchases), { numeric: true }),
      ...currencies.map((code) => {
        const spent = c.spent.find((m) => m.currency === code)
        return csvField(spent ? toDecimal(spent.amount, code) : '0', { numeric: true })
      }),
      csvField(localDay(c.firstAt, timeZone)),
      csvField(localDay(c.lastAt, timeZone)),
    ])
  }
  return csvLines(lines)
}

/** `soko-customers-{day}.csv`, the day the list was saved. */
export function customersCsvName(today = new Date()): string {
  return `soko-customers-${localDay(today.toISOString(), undefined)}.csv`
}
