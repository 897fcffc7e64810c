import type { CurrencyCode } from '../../contract/currencies'
import { PAYOUT_HOLD_DAYS, SALE_FEE_BPS } from '../../contract/platform'
import type { SaleTerms } from '../db/columns.types'
import type { Entry } from './ledger'

/** The postings of a sale and of its refund: how a payment's money is split between the ledger's accounts. */

/** What a sale posting needs of a paid order (or, later, a paid invoice). */
export interface Sale {
  /** The method that took the money: its provider now holds it. */
  method: string
  sellerId: string
  /** What the seller sold for, in their currency. */
  total: number
  currency: CurrencyCode
  /** What the buyer was charged, in the method's currency. */
  chargeAmount: number
  chargeCurrency: CurrencyCode
  /** The fee and hold in force when the sale was placed. */
  terms: SaleTerms
}

/** The terms before any admin changed them. */
export const STANDARD_SALE_TERMS: SaleTerms = {
  feeBps: SALE_FEE_BPS,
  feeFixed: 0,
  holdDays: PAYOUT_HOLD_DAYS,
}

/** Soko's fee on a sale: its percentage rounded half up to a minor unit, plus the fixed part, at most the sale. */
export function saleFee(
  total: number,
  terms: Pick<SaleTerms, 'feeBps' | 'feeFixed'> = STANDARD_SALE_TERMS,
): number {
  if (total === 0) return 0
  return Math.min(total, Math.floor((total * terms.feeBps + 5_000) / 10_000) + terms.feeFixed)
}

/**
 * The entries of a paid order: the provider holds what the buyer paid (`provider:{method}`), Soko keeps
 * its fee (`platform:fees`), and owes the seller the rest (`seller:{id}`), withdrawable after the hold.
 * When the method charged another currency, `fx` converts: it takes the charge in one currency and gives
 * the total in the other, so each currency sums to zero. M-Pesa's rounding up to whole shillings lands in
 * `platform:rounding`.
 */
export function saleEntries(order: Sale, paidAt: Date, fee = saleFee(order.total, order.terms)): Entry[] {
  const availableAt = new Date(paidAt.getTime() + order.terms.holdDays * 24 * 60 * 60 * 1000)
  const entries: Entry[] = [
    { account: `provider:${order.method}`, amount: order.chargeAmount, currency: order.chargeCurrency },
    { account: 'platform:fees', amount: -fee, currency: order.currency },
    {
      account: `seller:${order.sellerId}`,
      sellerId: order.sellerId,
      amount: -(order.total - fee),
      currency: order.currency,
      availableAt,
    },
  ]
  if (order.chargeCurrency !== order.currency)
    entries.push(
      { account: 'fx', amount: -order.chargeAmount, currency: order.chargeCurrency },
      { account: 'fx', amount: order.total, currency: order.currency },
    )
  else if (order.chargeAmount !== order.total)
    entries.push({
      account: 'platform:rounding',
      amount: order.total - order.chargeAmount,
      currency: order.currency,
    })
  return entries.filter((e) => e.amount !== 0)
}

/** The sale's entries turned around: the buyer's money goes back, and with it the fee and the earnings. */
export function refundEntries(order: Sale, paidAt: Date): Entry[] {
  return saleEntries(order, paidAt).map((e) => ({ ...e, amount: -e.amount, availableAt: undefined }))
}

/**
 * A refund of some of a sale's lines, coming to `from` … `to` of the sale's total (what earlier refunds of
 * it returned, and that plus these lines): its share of the charge and of Soko's fee is what the sale's
 * figures come to at `to` less at `from`, each rounded the same way, so refunds of every line one by one
 * return the sale's charge and fee exactly. From nothing to the whole total it is `refundEntries`.
 */
export function partialRefundEntries(order: Sale, paidAt: Date, from: number, to: number): Entry[] {
  if (from === 0 && to === order.total) return refundEntries(order, paidAt)
  const fee = saleFee(order.total, order.terms)
  const upTo = (amount: number, part: number) =>
    order.total === 0 ? 0 : Math.round((amount * part) / order.total)
  const share: Sale = {
    ...order,
    total: to - from,
    chargeAmount: upTo(order.chargeAmount, to) - upTo(order.chargeAmount, from),
  }
  return saleEntries(share, paidAt, upTo(fee, to) - upTo(fee, from)).map((e) => ({
    ...e,
    amount: -e.amount,
    availableAt: undefined,
  }))
}

/** What a refund of `from` … `to` of a sale's total gives back, in the charge's currency. */
export function refundCharge(order: Pick<Sale, 'total' | 'chargeAmount'>, from: number, to: number): number {
  if (order.total === 0) return from === 0 ? order.chargeAmount : 0
  const upTo = (part: number) => Math.round((order.chargeAmount * part) / order.total)
  return upTo(to) - upTo(from)
}
