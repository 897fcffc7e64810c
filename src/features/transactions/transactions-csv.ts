import { METHOD_NAMES } from '../../../contract/checkout.constants'
import { type CurrencyCode, currencies, isCurrencyCode } from '../../../contract/currencies'
import type { BuyerMovement, SellerMovement } from '../../../contract/transactions.contract'

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

/** Minor units as a decimal string in major units, exactly (no floats): 123456 KES → `1234.56`. */
export function toDecimal(amount: number, currency: string): string {
  const digits = isCurrencyCode(currency) ? currencies[currency].minorUnits : 2
  const sign = amount < 0 ? '-' : ''
  const units = Math.abs(amount)
  if (digits === 0) return `${sign}${units}`
  const scale = 10 ** digits
  return `${sign}${Math.floor(units / scale)}.${String(units % scale).padStart(digits, '0')}`
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/
/** What a spreadsheet would take for the start of a formula (OWASP's list, tab and CR included). */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One CSV field: a cell a spreadsheet would run as a formula gets a leading `'` (numbers in the money
 * columns are left as numbers), and a field with a quote, comma or line break is quoted (RFC 4180).
 */
export function csvField(value: string, { numeric = false } = {}): string {
  const safe = FORMULA_START.test(value) && !(numeric && PLAIN_NUMBER.test(value)) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The movements as CSV, header first, lines ending in CRLF. Dates are ISO 8601 instants in UTC. */
export function transactionsCsv(movements: CsvMovement[]): string {
  const lines = [CSV_COLUMNS.map((c) => csvField(c)).join(',')]
  for (const m of movements) {
    const seller = 'balance' in m
    const label = m.kind === 'fee' && m.amount > 0 ? 'Soko fee returned' : KIND_TEXT[m.kind]
    lines.push(
      [
        csvField(m.at),
        csvField(label),
        csvField(m.reference ?? ''),
        csvField(m.title),
        csvField(m.method ? METHOD_NAMES[m.method] : ''),
        csvField(toDecimal(m.amount, m.currency), { numeric: true }),
        csvField(m.currency),
        csvField(seller ? toDecimal(m.balance, m.currency) : '', { numeric: true }),
        csvField(seller ? (m.availableAt ?? '') : ''),
      ].join(','),
    )
  }
  return `${lines.join('\r\n')}\r\n`
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
