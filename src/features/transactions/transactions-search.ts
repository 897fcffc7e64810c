import type { SubjectInput } from '../../../contract'
import { PAYMENT_METHODS, type PaymentMethod } from '../../../contract/checkout.constants'
import { type CurrencyCode, currencyCodes } from '../../../contract/currencies'

// The page's search parameters, apart from its queries: the route validates them in code every page
// loads, which should not carry the rpc client or the offline cache.

export type MovementKind = NonNullable<SubjectInput<'listTransactions'>['kind']>

/** A seller's kinds, and a buyer's; the contract's enum without loading zod. */
export const SELLER_KINDS = [
  'sale',
  'fee',
  'refund',
  'payout',
  'sms',
] as const satisfies readonly MovementKind[]
export const BUYER_KINDS = ['payment', 'refund'] as const satisfies readonly MovementKind[]
const KINDS: readonly MovementKind[] = [...SELLER_KINDS, 'payment']

/** The page's filters, kept in its URL so a filtered view can be shared, bookmarked and reloaded. */
export interface TransactionsSearch {
  from?: string
  to?: string
  kind?: MovementKind
  method?: PaymentMethod
  as?: 'seller' | 'buyer'
  /** Which of a seller's currencies the books show; by default their own (the server decides). */
  currency?: CurrencyCode
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Only what is set and well-formed: a hand-edited URL cannot send the server nonsense. */
export function validateTransactionsSearch(search: Record<string, unknown>): TransactionsSearch {
  const pick = <T extends string>(value: unknown, allowed: readonly T[]) =>
    allowed.includes(value as T) ? (value as T) : undefined
  const day = (value: unknown) => (typeof value === 'string' && DAY.test(value) ? value : undefined)
  const result: TransactionsSearch = {
    from: day(search.from),
    to: day(search.to),
    kind: pick(search.kind, KINDS),
    method: pick(search.method, PAYMENT_METHODS),
    as: pick(search.as, ['seller', 'buyer'] as const),
    currency: pick(search.currency, currencyCodes),
  }
  return Object.fromEntries(Object.entries(result).filter(([, v]) => v !== undefined)) as TransactionsSearch
}

/** Whose books and which currency: what the filters and their "clear" links keep. */
export const viewOf = ({ as, currency }: TransactionsSearch): TransactionsSearch => ({
  ...(as ? { as } : {}),
  ...(currency ? { currency } : {}),
})
