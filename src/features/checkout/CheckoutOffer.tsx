import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { FieldNotes } from '../../components/Form'
import { money } from '../catalog/money'
import type { CheckoutForm } from './useCheckoutForm'

/**
 * The seller's one offer at this checkout, from the quote: "Add {title} for {price} (instead of {list})",
 * taken with one tap into the same payment. Named `upsell` as the server's checkout without script reads it.
 */
export default function CheckoutOffer({ form }: { form: CheckoutForm }) {
  const id = useId()
  const { errors, upsell: taken, setUpsell: onTake } = form
  const offer = form.quote.data?.offer
  if (!offer) return null
  const { title } = offer
  const price = money(offer.price)
  const list = money(offer.listPrice)
  return (
    <div className="offer">
      <label className="field field-check">
        <input
          type="checkbox"
          name="upsell"
          value="on"
          checked={taken === true}
          onChange={(e) => onTake(e.target.checked)}
          aria-describedby={errors.upsell ? `${id}-error` : undefined}
        />
        <span>
          <Trans>
            Add <strong>{title}</strong> for {price} <s>{list}</s>
          </Trans>
        </span>
      </label>
      <FieldNotes id={id} error={errors.upsell} alert />
    </div>
  )
}
