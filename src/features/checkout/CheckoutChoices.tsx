import { lazy, Suspense } from 'react'
import { MAX_QUANTITY } from '../../../contract/checkout.constants'
import type { PublicProduct } from '../../../contract/storefront'
import { Field, type FieldErrors, SelectField } from '../../components/Form'
import { money } from '../catalog/money'
import { minorUnits, onSale, type TicketType, type Variant } from './checkout-model'
import type { CheckoutChoicesState } from './useCheckoutChoices'

// Only a service has times to choose: its picker (with the time-zone arithmetic) loads for services alone.
const SlotPicker = lazy(() => import('./SlotPicker').then((module) => ({ default: module.SlotPicker })))

const variantName = (v: Variant) => Object.values(v.options).join(' / ') || 'Standard'
const ticketPrice = (t: TicketType) => (t.price.amount === 0 ? 'free' : money(t.price))

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
        <Suspense fallback={<p className="muted">Loading the free times…</p>}>
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
  if (variants.length <= 1) return null
  return (
    <SelectField
      label="Variant"
      name="variantId"
      value={variantId}
      onChange={setVariantId}
      errors={errors}
      options={variants.map((v) => ({
        value: v.id ?? '',
        label: `${variantName(v)} — ${money(v.price)}${v.stock > 0 ? '' : ' (sold out)'}`,
      }))}
    />
  )
}

/** The ticket type as a choice when there are several, or named when there is one. */
function TicketTypeChoice({
  choices: { ticketTypes, ticketTypeId, setTicketTypeId, ticketType, now },
  errors,
}: ChoiceProps) {
  if (ticketTypes.length > 1)
    return (
      <SelectField
        label="Ticket type"
        name="ticketTypeId"
        value={ticketTypeId}
        onChange={setTicketTypeId}
        errors={errors}
        options={ticketTypes.map((t) => ({
          value: t.id ?? '',
          label: `${t.name} — ${ticketPrice(t)}${onSale(t, now) ? '' : ' (not on sale)'}`,
        }))}
      />
    )
  if (!ticketType) return null
  return (
    <p>
      Ticket: {ticketType.name} — {ticketPrice(ticketType)}
    </p>
  )
}

/** How many, up to what is left (or the most one order may hold). */
function QuantityField({ choices: { quantity, setQuantity, maxQuantity, variant }, errors }: ChoiceProps) {
  return (
    <Field
      label="Quantity"
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
        variant && variant.stock <= MAX_QUANTITY
          ? `${variant.stock} left`
          : `Up to ${maxQuantity} in one order`
      }
    />
  )
}

/** An event's tickets each carry a name: one field per ticket, shown at the door. */
function HolderFields({ choices: { holders, setHolder }, errors }: ChoiceProps) {
  if (holders.length === 0) return null
  return (
    <fieldset className="fieldset">
      <legend>{holders.length === 1 ? 'Name on the ticket' : 'Names on the tickets'}</legend>
      {holders.map((name, i) => (
        <Field
          // biome-ignore lint/suspicious/noArrayIndexKey: the fields are the tickets, in order
          key={i}
          label={holders.length === 1 ? 'Full name' : `Ticket ${i + 1}`}
          name={`holders.${i}`}
          autoComplete={i === 0 ? 'name' : 'off'}
          value={name}
          onChange={(e) => setHolder(i, e.target.value)}
          errors={errors}
        />
      ))}
    </fieldset>
  )
}

/** What the buyer pays for a pay-what-you-want download, from its minimum up. */
function AmountField({
  product,
  choices: { pwyw, amount, setAmount },
  errors,
}: ChoiceProps & { product: PublicProduct }) {
  if (!pwyw) return null
  return (
    <Field
      label="Amount you pay"
      name="amount"
      type="number"
      inputMode="decimal"
      min={pwyw.minimum.amount / 10 ** minorUnits(pwyw.minimum.currency)}
      step={minorUnits(product.price.currency) ? 0.01 : 1}
      value={amount}
      onChange={(e) => setAmount(e.target.value)}
      errors={errors}
      hint={`In ${product.price.currency}: at least ${money(pwyw.minimum)}; ${money(product.price)} suggested.`}
    />
  )
}
