import { METHOD_NAMES } from '../../../contract/checkout.constants'
import type { CurrencyCode } from '../../../contract/currencies'
import type { BuyerMovement, SellerMovement } from '../../../contract/transactions.contract'
import { csvField, csvLines, toDecimal } from '../../lib/csv'
import { fileStamp, readerZone } from '../../lib/dates'

/** A row of the export: a seller's movement, or a buyer's (which has no balance or hold). */
export type CsvMovement = SellerMovement | BuyerMovement

export const CSV_COLUMNS = [
  'Date',
  'Kind',
  'Reference',
  'Item',
  'Method',
  'Amount',
  'Currency',
  'Balance',
  'Available from',
] as const

export const KIND_TEXT: Record<CsvMovement['kind'], string> = {
  sale: 'Sale',
  fee: 'Soko fee',
  refund: 'Refund',
  payout: 'Payout',
  payment: 'Payment',
}

/**
 * The movements as CSV, header first, lines ending in CRLF. Times are the reader's (`2026-03-02 12:30`),
 * their zone named in the header; a booking's time follows its title.
 */
export function transactionsCsv(movements: CsvMovement[], timeZone = readerZone()): string {
  const stamp = (iso: string) => fileStamp(iso, timeZone)
  const lines = [
    CSV_COLUMNS.map((c) => csvField(c === 'Date' || c === 'Available from' ? `${c} (${timeZone})` : c)),
  ]
  for (const m of movements) {
    const seller = 'balance' in m
    const label = m.kind === 'fee' && m.amount > 0 ? 'Soko fee returned' : KIND_TEXT[m.kind]
    lines.push([
      csvField(stamp(m.at)),
      csvField(label),
      csvField(m.reference ?? ''),
      csvField(m.slot ? `${m.title}, ${stamp(m.slot.start)}–${stamp(m.slot.end).slice(11)}` : m.title),
      csvField(m.method ? METHOD_NAMES[m.method] : ''),
      csvField(toDecimal(m.amount, m.currency), { numeric: true }),
      csvField(m.currency),
      csvField(seller ? toDecimal(m.balance, m.currency) : '', { numeric: true }),
      csvField(seller && m.availableAt ? stamp(m.availableAt) : ''),
    ])
  }
  return csvLines(lines)
}

/**
 * `soko-transactions-{currency}-{from}-{to}.csv`: a seller's books name their currency (a buyer's list
 * may mix currencies and names none), then the filter's days, else the oldest movement's day and today.
 */
export function csvFileName(
  filters: { from?: string | undefined; to?: string | undefined; currency?: CurrencyCode | undefined },
  movements: CsvMovement[],
  today = new Date().toISOString().slice(0, 10),
): string {
  const oldest = movements.at(-1)?.at.slice(0, 10)
  const currency = filters.currency ? `${filters.currency}-` : ''
  return `soko-transactions-${currency}${filters.from ?? oldest ?? today}-${filters.to ?? today}.csv`
}
