import { currencies, isCurrencyCode } from '../../contract/currencies'

/** CSV files as the exports write them: safe to open in a spreadsheet, exact amounts, UTF-8 with a BOM. */

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

/** Lines of fields (already made with `csvField`) as a file's text, each line ending in CRLF. */
export function csvLines(lines: string[][]): string {
  return `${lines.map((fields) => fields.join(',')).join('\r\n')}\r\n`
}
