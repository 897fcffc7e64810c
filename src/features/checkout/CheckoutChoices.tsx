import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense } from 'react'
import { MAX_QUANTITY } from '../../../contract/checkout.constants'
import type { PublicProduct } from '../../../contract/storefront'
import { Field, type FieldErrors, SelectField } from '../../components/Form'
import { money } from '../catalog/money'
import { minorUnits, onSale, type TicketType, type Variant } from './checkout-model'
import type { CheckoutChoicesState } from './useCheckoutChoices'

// Only a service has times to choose: its picker (with the time-zone arithmetic) loads for services alone.
const SlotPicker = lazy(() => import('./SlotPicker').then((module) => ({ default: module.SlotPicker })))

const variantName = (v: Variant) => Object.values(v.options).join(' / ') || t`Standard`
const ticketPrice = (type: TicketType) => (type.price.amount === 0 ? t`free` : money(type.price))

/**
 * The checkout's fields for the item itself: a service's time, a variant or ticket type when there is a
 * choice, how many, and the amount for pay-what-you-want.
 */
export function CheckoutChoices({
  product,
  choices,
  errors,
  picker = true,
}: {
  product: PublicProduct
  choices: CheckoutChoicesState
  errors: FieldErrors
  /** False when the time was chosen beside the form (/book/{slug}): the form books that one. */
  picker?: boolean
}) {
  return (
    <>
      {product.kind === 'service' && picker ? (
        <Suspense
          fallback={
            <p className="muted">
              <Trans>Loading the free times…</Trans>
            </p>
          }
        >
          <SlotPicker
            productId={product.id}
            sellerTimeZone={product.details.timeZone ?? 'Africa/Nairobi'}
            bookAheadDays={product.details.bookAheadDays ?? 60}
            value={choices.slot?.start ?? ''}
            onChange={choices.setSlot}
            {...(errors.slot ? { error: errors.slot } : {})}
          />
        </Suspense>
      ) : null}
      <VariantChoice choices={choices} errors={errors} />
      <TicketTypeChoice choices={choices} errors={errors} />
      {choices.counted ? <QuantityField choices={choices} errors={errors} /> : null}
      <HolderFields choices={choices} errors={errors} />
      <AmountField product={product} choices={choices} errors={errors} />
    </>
  )
}

type ChoiceProps = { choices: CheckoutChoicesState; errors: FieldErrors }

/** The variant, with its price and whether it is sold out, when there is more than one. */
function VariantChoice({ choices: { variants, variantId, setVariantId }, errors }: ChoiceProps) {
  const { t } = useLingui()
  if (variants.length <= 1) return null
  return (
    <SelectField
      label={t`Variant`}
      name="variantId"
      value={variantId}
      onChange={setVariantId}
      errors={errors}
      options={variants.map((v) => {
        const name = variantName(v)
        const price = money(v.price)
        return {
          value: v.id ?? '',
          label: v.stock > 0 ? `${name} — ${price}` : t`${name} — ${price} (sold out)`,
        }
      })}
    />
  )
}

/** The ticket type as a choice when there are several, or named when there is one. */
function TicketTypeChoice({
  choices: { ticketTypes, ticketTypeId, setTicketTypeId, ticketType, now },
  errors,
}: ChoiceProps) {
  const { t } = useLingui()
  if (ticketTypes.length > 1)
    return (
      <SelectField
        label={t`Ticket type`}
        name="ticketTypeId"
        value={ticketTypeId}
        onChange={setTicketTypeId}
        errors={errors}
        options={ticketTypes.map((type) => {
          const name = type.name
          const price = ticketPrice(type)
          return {
            value: type.id ?? '',
            label: onSale(type, now) ? `${name} — ${price}` : t`${name} — ${price} (not on sale)`,
          }
        })}
      />
    )
  if (!ticketType) return null
  const name = ticketType.name
  const price = ticketPrice(ticketType)
  return (
    <p>
      <Trans>
        Ticket: {name} — {price}
      </Trans>
    </p>
  )
}

/** How many, up to what is left (or the most one order may hold). */
function QuantityField({ choices: { quantity, setQuantity, maxQuantity, variant }, errors }: ChoiceProps) {
  const { t } = useLingui()
  const stock = variant?.stock ?? 0
  return (
    <Field
      label={t`Quantity`}
      name="quantity"
      type="number"
      inputMode="numeric"
      min={1}
      max={maxQuantity}
      step={1}
      value={quantity}
      onChange={(e) => setQuantity(e.target.value)}
      errors={errors}
      hint={
        variant && variant.stock <= MAX_QUANTITY ? t`${stock} left` : t`Up to ${maxQuantity} in one order`
      }
    />
  )
}

/** An event's tickets each carry a name: one field per ticket, shown at the door. */
function HolderFields({ choices: { holders, setHolder }, errors }: ChoiceProps) {
  const { t } = useLingui()
  if (holders.length === 0) return null
  return (
    <fieldset className="fieldset">
      <legend>{holders.length === 1 ? t`Name on the ticket` : t`Names on the tickets`}</legend>
      {holders.map((name, i) => {
        const number = i + 1
        return (
          <Field
            // biome-ignore lint/suspicious/noArrayIndexKey: the fields are the tickets, in order
            key={i}
            label={holders.length === 1 ? t`Full name` : t`Ticket ${number}`}
            name={`holders.${i}`}
            autoComplete={i === 0 ? 'name' : 'off'}
            value={name}
            onChange={(e) => setHolder(i, e.target.value)}
            errors={errors}
          />
        )
      })}
    </fieldset>
  )
}

/** What the buyer pays for a pay-what-you-want download, from its minimum up. */
function AmountField({
  product,
  choices: { pwyw, amount, setAmount },
  errors,
}: ChoiceProps & { product: PublicProduct }) {
  const { t } = useLingui()
  if (!pwyw) return null
  const currency = product.price.currency
  const minimum = money(pwyw.minimum)
  const suggested = money(product.price)
  return (
    <Field
      label={t`Amount you pay`}
      name="amount"
      type="number"
      inputMode="decimal"
      min={pwyw.minimum.amount / 10 ** minorUnits(pwyw.minimum.currency)}
      step={minorUnits(product.price.currency) ? 0.01 : 1}
      value={amount}
      onChange={(e) => setAmount(e.target.value)}
      errors={errors}
      hint={t`In ${currency}: at least ${minimum}; ${suggested} suggested.`}
    />
  )
}
