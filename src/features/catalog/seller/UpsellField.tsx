import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Product } from '../../../../contract/catalog.contract'
import { errorState, Field, type FieldErrors, FormMessage, SelectField } from '../../../components/Form'
import { majorText, toMinor } from '../../../lib/money'
import { rpc } from '../../../lib/rpc'
import { money } from '../money'

/**
 * "Offer at checkout": one more of the seller's digital products that this product's checkout offers for
 * less, taken with one tap into the same payment. Saved on its own (the product must exist first), and
 * removed the same way. The server checks the product and the price again.
 */
export function UpsellField({
  product,
  mine,
  onSaved,
}: {
  product: Product
  /** The seller's products: the offer is one of their other digital products in the same currency. */
  mine: Product[]
  onSaved: (product: Product) => void
}) {
  const { t } = useLingui()
  const currency = product.price.currency
  const choices = mine.filter(
    (p) =>
      p.kind === 'digital' && p.id !== product.id && p.status !== 'archived' && p.price.currency === currency,
  )
  const [offered, setOffered] = useState(product.upsell?.productId ?? '')
  const [price, setPrice] = useState(product.upsell ? majorText(product.upsell.price.amount, currency) : '')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [message, setMessage] = useState<{ text: string; tone: 'ok' | 'error' } | null>(null)
  const [busy, setBusy] = useState(false)
  const chosen = choices.find((p) => p.id === offered)

  const send = async (remove: boolean) => {
    const amount = toMinor(price, currency)
    if (!remove && (!chosen || amount === null)) {
      setErrors({
        ...(chosen ? {} : { 'upsell.productId': t`Choose one of your digital products to offer` }),
        ...(amount === null ? { 'upsell.price': t`Give the offer’s price, e.g. 500` } : {}),
      })
      return
    }
    setBusy(true)
    setMessage(null)
    try {
      const { product: saved } = await rpc('updateProduct', {
        id: product.id,
        upsell:
          remove || !chosen || amount === null ? null : { productId: chosen.id, price: { amount, currency } },
      })
      setErrors({})
      if (remove) {
        setOffered('')
        setPrice('')
      }
      const title = chosen?.title ?? ''
      const offer = saved.upsell ? money(saved.upsell.price) : ''
      setMessage({
        tone: 'ok',
        text: saved.upsell ? t`Saved: its checkout offers ${title} for ${offer}.` : t`The offer is removed.`,
      })
      onSaved(saved)
    } catch (error) {
      const state = errorState(error)
      setErrors(state.errors)
      setMessage({ text: state.message ?? t`The offer was not saved: try again.`, tone: 'error' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <details className="advanced" open={Boolean(product.upsell)}>
      <summary>
        <Trans>Offer at checkout</Trans>
      </summary>
      <p className="muted">
        <Trans>
          Offer one of your other digital products at checkout for less than its price. Buyers add it with one
          tap and pay for both at once.
        </Trans>
      </p>
      {choices.length === 0 ? (
        <p>
          <Trans>Put another digital product on sale in {currency} first: it can then be offered here.</Trans>
        </p>
      ) : (
        <>
          <FormMessage message={message?.text ?? null} tone={message?.tone} />
          <SelectField
            label={t`Product to offer`}
            name="upsell.productId"
            value={offered}
            onChange={setOffered}
            errors={errors}
            options={[
              { value: '', label: t`No offer` },
              ...choices.map((p) => ({ value: p.id, label: `${p.title} (${money(p.price)})` })),
            ]}
          />
          <Field
            label={t`Offer price (${currency})`}
            name="upsell.price"
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            errors={errors}
            hint={chosen ? t`Less than its own price, ${money(chosen.price)}.` : undefined}
          />
          <div className="actions">
            <button
              type="button"
              className="button secondary"
              disabled={busy}
              onClick={() => void send(false)}
            >
              {busy ? t`Saving…` : t`Save offer`}
            </button>
            {product.upsell ? (
              <button
                type="button"
                className="button secondary"
                disabled={busy}
                onClick={() => void send(true)}
              >
                <Trans>Remove offer</Trans>
              </button>
            ) : null}
          </div>
        </>
      )}
    </details>
  )
}
