import { Trans, useLingui } from '@lingui/react/macro'
import { METHOD_NAMES, type PaymentMethod } from '../../../contract/checkout.constants'
import type { Quote } from '../../../contract/checkout.contract'
import { translateCode } from '../../lib/i18n'
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
  const { t } = useLingui()
  const charge = quote?.charges.find((c) => c.method === method)
  const amount = charge ? money(charge.amount) : ''
  const methodName = translateCode(undefined, undefined, METHOD_NAMES[method])
  const total = quote ? money(quote.total) : ''
  const rate =
    quote && charge?.rate ? exchangeRateText(charge.rate, quote.total.currency, charge.amount.currency) : ''
  return (
    <div className="quote" aria-busy={loading || stale}>
      {quote && !missing ? <QuoteFigures quote={quote} item={item} /> : null}
      <p role="status">
        {missing ??
          error ??
          (!quote
            ? t`Working out the total…`
            : charge
              ? t`You pay ${amount} with ${methodName}`
              : t`${methodName} cannot take this payment right now: choose another way to pay.`)}
        {!missing && !error && quote && charge?.rate ? (
          <>
            <br />
            <span className="muted">
              <Trans>
                converted from {total} at {rate}
              </Trans>
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
      <dt>
        <Trans>Item</Trans>
      </dt>
      <dd>{item ?? quote.label}</dd>
      <dt>
        <Trans>Subtotal</Trans>
      </dt>
      <dd>{money(quote.subtotal)}</dd>
      {quote.shipping.amount > 0 ? (
        <>
          <dt>
            <Trans>Shipping</Trans>
          </dt>
          <dd>{money(quote.shipping)}</dd>
        </>
      ) : null}
      {quote.discount ? (
        <>
          <dt>
            <Trans>Discount ({quote.discount.code})</Trans>
          </dt>
          <dd>−{money(quote.discount.amount)}</dd>
        </>
      ) : null}
      <dt>
        <Trans>Total</Trans>
      </dt>
      <dd>
        <strong>{money(quote.total)}</strong>
      </dd>
    </dl>
  )
}
