import { METHOD_NAMES, type PaymentMethod } from '../../../contract/checkout.constants'
import type { Quote } from '../../../contract/checkout.contract'
import { exchangeRateText } from '../../lib/money'
import { money } from '../catalog/money'

/** The server's figures: subtotal, shipping, total, and exactly what the chosen method charges. */
export function CheckoutSummary({
  quote,
  stale,
  loading,
  error,
  missing,
  method,
  item,
}: {
  /** The item in the buyer's words when the page knows better than the quote (a booking's time here). */
  item?: string | undefined
  quote: Quote | undefined
  stale: boolean
  loading: boolean
  error: string | null
  missing: string | null
  method: PaymentMethod
}) {
  const charge = quote?.charges.find((c) => c.method === method)
  return (
    <div className="quote" aria-busy={loading || stale}>
      {quote && !missing ? <QuoteFigures quote={quote} item={item} /> : null}
      <p role="status">
        {missing ??
          error ??
          (!quote
            ? 'Working out the total…'
            : charge
              ? `You pay ${money(charge.amount)} with ${METHOD_NAMES[method]}`
              : `${METHOD_NAMES[method]} cannot take this payment right now: choose another way to pay.`)}
        {!missing && !error && quote && charge?.rate ? (
          <>
            <br />
            <span className="muted">
              converted from {money(quote.total)} at{' '}
              {exchangeRateText(charge.rate, quote.total.currency, charge.amount.currency)}
            </span>
          </>
        ) : null}
      </p>
    </div>
  )
}

/** The item, subtotal, shipping (when there is any) and total. */
function QuoteFigures({ quote, item }: { quote: Quote; item: string | undefined }) {
  return (
    <dl className="details">
      <dt>Item</dt>
      <dd>{item ?? quote.label}</dd>
      <dt>Subtotal</dt>
      <dd>{money(quote.subtotal)}</dd>
      {quote.shipping.amount > 0 ? (
        <>
          <dt>Shipping</dt>
          <dd>{money(quote.shipping)}</dd>
        </>
      ) : null}
      <dt>Total</dt>
      <dd>
        <strong>{money(quote.total)}</strong>
      </dd>
    </dl>
  )
}
