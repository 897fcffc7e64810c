import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { PaymentMethod } from '../../../contract/checkout.constants'
import type { PublicProduct } from '../../../contract/storefront'
import { checkoutQueries } from './checkout.queries'
import type { QuoteInput } from './checkout-model'

/** How long choices rest before they are priced: one request per pause, not per key press. */
const QUOTE_DELAY_MS = 400

/** The value after `ms` without changes; compared as JSON, so a new object with the same contents waits too. */
function useSettled<T>(value: T, ms: number): T {
  const json = JSON.stringify(value)
  const [settled, setSettled] = useState(json)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(json), ms)
    return () => clearTimeout(timer)
  }, [json, ms])
  return JSON.parse(settled) as T
}

/**
 * The server's quote of exactly what the selection costs: asked once the choices rest and nothing is
 * `missing`, and only for the choices on screen. Says whether the order is free and what `method` charges.
 */
export function useCheckoutQuote(
  product: PublicProduct,
  selection: QuoteInput,
  missing: string | null,
  method: PaymentMethod,
) {
  const settled = useSettled(selection, QUOTE_DELAY_MS)
  // Asked only once the choices rest, and only for the choices on screen (not those of a moment ago).
  const resting = JSON.stringify(settled) === JSON.stringify(selection)
  const quote = useQuery({
    ...checkoutQueries.quote(settled),
    enabled: !product.free && missing === null && resting,
    placeholderData: keepPreviousData,
  })
  const current = Boolean(quote.data && !quote.isPlaceholderData && resting)
  const free = product.free || (current && quote.data?.total.amount === 0)
  const charge = current ? quote.data?.charges.find((c) => c.method === method) : undefined
  return { quote, current, free, charge }
}
