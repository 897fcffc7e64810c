import { t } from '@lingui/core/macro'
import { METHOD_NAMES } from '../../../contract/checkout.constants'
import type { CurrencyCode } from '../../../contract/currencies'
import type { BuyerMovement, SellerMovement } from '../../../contract/transactions.contract'
import { csvField, csvLines, toDecimal } from '../../lib/csv'
import { fileStamp, readerZone } from '../../lib/dates'

/** A row of the export: a seller's movement, or a buyer's (which has no balance or hold). */
export type CsvMovement = SellerMovement | BuyerMovement

/** The export's columns, in English here; the file is written in the reader's language (`columnText`). */
export const CSV_COLUMNS = [
  'Date',
  'Kind',
  'Reference',
  'Item',
  'Method',
  'Amount',
  'Currency',
  'Balance',
  // i18n-ignore: the column's key; its words are columnText's
  'Available from',
  // i18n-ignore: the column's key; its words are columnText's
  'Discount code',
  'Discount',
] as const

/** A payment method's name in the page's language: M-Pesa and PayPal are names; a card is a card. */
const methodName = (method: keyof typeof METHOD_NAMES) => (method === 'card' ? t`Card` : METHOD_NAMES[method])

/** A movement's kind in the page's language. */
export function kindName(kind: CsvMovement['kind']): string {
  switch (kind) {
    case 'sale':
      return t`Sale`
    case 'fee':
      return t`Soko fee`
    case 'refund':
      return t`Refund`
    case 'payout':
      return t`Payout`
    case 'sms':
      return t`Reminder SMS`
    case 'payment':
      return t`Payment`
  }
}

/** A column's name in the page's language, with the reader's zone on the times. */
function columnText(column: (typeof CSV_COLUMNS)[number], zone: string): string {
  switch (column) {
    case 'Date':
      return t`Date (${zone})`
    case 'Kind':
      return t`Kind`
    case 'Reference':
      return t`Reference`
    case 'Item':
      return t`Item`
    case 'Method':
      return t`Method`
    case 'Amount':
      return t`Amount`
    case 'Currency':
      return t`Currency`
    case 'Balance':
      return t`Balance`
    case 'Available from':
      return t`Available from (${zone})`
    case 'Discount code':
      return t`Discount code`
    case 'Discount':
      return t`Discount`
  }
}

/**
 * The movements as CSV, header first, lines ending in CRLF. Times are the reader's (`2026-03-02 12:30`),
 * their zone named in the header; a booking's time follows its title.
 */
export function transactionsCsv(movements: CsvMovement[], timeZone = readerZone()): string {
  const stamp = (iso: string) => fileStamp(iso, timeZone)
  const lines = [CSV_COLUMNS.map((c) => csvField(columnText(c, timeZone)))]
  for (const m of movements) {
    const seller = 'balance' in m
    const label = m.kind === 'fee' && m.amount > 0 ? t`Soko fee returned` : kindName(m.kind)
    lines.push([
      csvField(stamp(m.at)),
      csvField(label),
      csvField(m.reference ?? ''),
      csvField(m.slot ? `${m.title}, ${stamp(m.slot.start)}–${stamp(m.slot.end).slice(11)}` : m.title),
      csvField(m.method ? methodName(m.method) : ''),
      csvField(toDecimal(m.amount, m.currency), { numeric: true }),
      csvField(m.currency),
      csvField(seller ? toDecimal(m.balance, m.currency) : '', { numeric: true }),
      csvField(seller && m.availableAt ? stamp(m.availableAt) : ''),
      csvField(seller && m.discount ? m.discount.code : ''),
      csvField(seller && m.discount ? toDecimal(m.discount.amount, m.currency) : '', { numeric: true }),
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
