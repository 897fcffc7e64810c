/**
 * An invoice's totals, by one rule, in integer minor units: the browser runs it to show totals as the
 * seller types, and the server runs it again on what it stores — what the client says a total is, is
 * never read.
 *
 * - Each line is quantity × unit price, rounded half up to a minor unit. Quantities have at most three
 *   decimals and are carried as thousandths, so no step uses a binary fraction.
 * - The discount (a percentage of the subtotal, or an amount no larger than it) comes off the subtotal.
 * - Each tax line is computed half up on the discounted subtotal. An exclusive tax is added on top:
 *   base × rate. Inclusive taxes are already in the base and are extracted the same way:
 *   base × rate ÷ (1 + the sum of the inclusive rates).
 * - The total is the discounted subtotal plus the exclusive taxes. A deposit (a percentage of the total,
 *   half up, or an amount no larger than it) is due first; the rest is the balance.
 *
 * Rates are basis points (1600 = 16 %). BigInt carries the products, which can pass 2^53.
 */

export interface TotalsLine {
  /** Thousandths: 1500 is 1.5. */
  quantityMilli: number
  unitPrice: number
}

export type Adjustment = { kind: 'percent'; bps: number } | { kind: 'amount'; amount: number }

export interface TotalsTax {
  name: string
  rateBps: number
  inclusive: boolean
}

export interface TotalsInput {
  lines: TotalsLine[]
  discount: Adjustment | null
  taxes: TotalsTax[]
  deposit: Adjustment | null
}

export interface Totals {
  lineTotals: number[]
  subtotal: number
  discount: number
  /** The subtotal less the discount: what each tax is computed on. */
  taxBase: number
  taxes: { name: string; rateBps: number; inclusive: boolean; amount: number }[]
  /** Exclusive taxes only: what is added on top. */
  taxAdded: number
  total: number
  /** Due first; 0 when there is no deposit. */
  deposit: number
}

/** n ÷ d rounded half up, for n ≥ 0 and d > 0. */
export function divHalfUp(n: bigint, d: bigint): bigint {
  return (n * 2n + d) / (d * 2n)
}

const big = (n: number) => BigInt(Math.trunc(n))

export function lineTotal(line: TotalsLine): number {
  return Number(divHalfUp(big(line.quantityMilli) * big(line.unitPrice), 1000n))
}

function adjustmentOf(on: number, adjustment: Adjustment | null): number {
  if (!adjustment) return 0
  if (adjustment.kind === 'amount') return Math.min(Math.max(0, adjustment.amount), on)
  return Math.min(on, Number(divHalfUp(big(on) * big(adjustment.bps), 10_000n)))
}

export function computeTotals(input: TotalsInput): Totals {
  const lineTotals = input.lines.map(lineTotal)
  const subtotal = lineTotals.reduce((sum, n) => sum + n, 0)
  const discount = adjustmentOf(subtotal, input.discount)
  const taxBase = subtotal - discount
  const inclusiveBps = input.taxes.filter((t) => t.inclusive).reduce((sum, t) => sum + t.rateBps, 0)
  const taxes = input.taxes.map((t) => ({
    ...t,
    amount: Number(
      t.inclusive
        ? divHalfUp(big(taxBase) * big(t.rateBps), 10_000n + big(inclusiveBps))
        : divHalfUp(big(taxBase) * big(t.rateBps), 10_000n),
    ),
  }))
  const taxAdded = taxes.filter((t) => !t.inclusive).reduce((sum, t) => sum + t.amount, 0)
  const total = taxBase + taxAdded
  return {
    lineTotals,
    subtotal,
    discount,
    taxBase,
    taxes,
    taxAdded,
    total,
    deposit: adjustmentOf(total, input.deposit),
  }
}

/** "1.5" → 1500; null when it is not a quantity of at most three decimals. */
export function parseQuantity(text: string): number | null {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,3}))?\s*$/.exec(text)
  if (!match?.[1]) return null
  return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'))
}

/** 1500 → "1.5". */
export function quantityText(milli: number): string {
  const whole = Math.trunc(milli / 1000)
  const rest = String(milli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '')
  return rest ? `${whole}.${rest}` : String(whole)
}

/** 1600 → "16", 825 → "8.25": a rate as people type it. */
export function rateText(bps: number): string {
  const whole = Math.trunc(bps / 100)
  const rest = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '')
  return rest ? `${whole}.${rest}` : String(whole)
}

/** "16" or "8.25" → basis points; null when it is not a rate of at most two decimals. */
export function parseRate(text: string): number | null {
  const match = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*%?\s*$/.exec(text)
  if (!match?.[1]) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}
