import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import type { SubjectInput } from '../../../contract'
import type { ShippingZone } from '../../../contract/catalog.contract'
import {
  MAX_QUANTITY,
  METHOD_NAMES,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../../contract/checkout.constants'
import type { Quote } from '../../../contract/checkout.contract'
import { currencies, isCurrencyCode } from '../../../contract/currencies'
import { MPESA_PHONE_HINT, normalizeKenyanMobile } from '../../../contract/phone'
import type { PublicDetails, PublicProduct } from '../../../contract/storefront'
import {
  errorState,
  Field,
  type FieldErrors,
  FieldNotes,
  FormMessage,
  SelectField,
} from '../../components/Form'
import { cachedLocation, countryOf } from '../../lib/geo'
import { RpcError, rpc } from '../../lib/rpc'
import { useSession } from '../../lib/session'
import { money } from '../catalog/money'
import { checkoutQueries } from './checkout.queries'
import { MpesaWait } from './MpesaWait'
import { buyerTimeZone, countryName, slotText } from './order-format'
import { keepOrderKey } from './order-keys'
import { SlotPicker } from './SlotPicker'

type StartInput = SubjectInput<'startCheckout'>
/** A variant as the page's data has it: `stock` is what is left. */
type Variant = PublicDetails['merch']['variants'][number]
type TicketType = PublicDetails['event']['ticketTypes'][number]
interface Address {
  name: string
  phone: string
  line1: string
  line2: string
  city: string
  region: string
  postalCode: string
  country: string
}

const EMPTY_ADDRESS: Address = {
  name: '',
  phone: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
}
const ADDRESS_FIELDS: { key: Exclude<keyof Address, 'country'>; label: string; autoComplete: string }[] = [
  { key: 'name', label: 'Full name', autoComplete: 'shipping name' },
  { key: 'phone', label: 'Phone for the courier', autoComplete: 'shipping tel' },
  { key: 'line1', label: 'Street address', autoComplete: 'shipping address-line1' },
  { key: 'line2', label: 'Address line 2 (optional)', autoComplete: 'shipping address-line2' },
  { key: 'city', label: 'Town or city', autoComplete: 'shipping address-level2' },
  { key: 'region', label: 'County or region (optional)', autoComplete: 'shipping address-level1' },
  { key: 'postalCode', label: 'Postal code (optional)', autoComplete: 'shipping postal-code' },
]
const HOW_IT_GOES: Record<PaymentMethod, string> = {
  mpesa: 'A payment prompt comes to your phone: enter your M-Pesa PIN there.',
  card: 'You pay on our card partner’s secure page, then come back here.',
  paypal: 'You pay on PayPal, then come back here.',
}
/** How long choices rest before they are priced: one request per pause, not per key press. */
const QUOTE_DELAY_MS = 400

const minorUnits = (currency: string) => (isCurrencyCode(currency) ? currencies[currency].minorUnits : 2)
const variantName = (v: Variant) => Object.values(v.options).join(' / ') || 'Standard'
const onSale = (t: TicketType, now: number) =>
  !(t.saleStartsAt && Date.parse(t.saleStartsAt) > now) && !(t.saleEndsAt && Date.parse(t.saleEndsAt) <= now)

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

/** `1 USD = 133.33 KES`, said from the stronger currency's side so the figure is not 0.0075. */
function rateText(rate: number, from: string, to: string): string {
  return rate >= 1 ? `1 ${from} = ${rate.toFixed(2)} ${to}` : `1 ${to} = ${(1 / rate).toFixed(2)} ${from}`
}

/**
 * The checkout, opened in place on the product page (and /book/{slug} for services): what to buy, where
 * it goes, who pays how, and the server's quote of exactly what will be charged. Loaded only when the
 * buyer presses Buy, so the product page's first load does not carry it.
 */
export function Checkout({ product }: { product: PublicProduct }) {
  const headingId = useId()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const session = useSession()
  const signedIn = session.status === 'signedIn'
  const variants = product.kind === 'merch' ? product.details.variants : []
  const ticketTypes = product.kind === 'event' ? product.details.ticketTypes : []
  // Details are read as stored, not parsed again: no zones counts as none, as before.
  const zones = product.kind === 'merch' ? (product.details.shippingZones ?? []) : []
  const pickup = product.kind === 'merch' ? product.details.pickup : null
  const pwyw = product.kind === 'digital' ? product.details.payWhatYouWant : null
  const [shipsTo] = useState(() => [...new Set(zones.flatMap((z) => z.countries))])

  const [now] = useState(() => Date.now())
  const [variantId, setVariantId] = useState(
    () => (variants.find((v) => v.stock > 0) ?? variants[0])?.id ?? '',
  )
  const [ticketTypeId, setTicketTypeId] = useState(
    () => (ticketTypes.find((t) => onSale(t, now)) ?? ticketTypes[0])?.id ?? '',
  )
  const [quantity, setQuantity] = useState('1')
  const [slot, setSlot] = useState<{ start: string; end: string } | null>(null)
  const [amount, setAmount] = useState(() =>
    pwyw ? String(product.price.amount / 10 ** minorUnits(product.price.currency)) : '',
  )
  const [deliveryKind, setDeliveryKind] = useState<'ship' | 'pickup'>(zones.length > 0 ? 'ship' : 'pickup')
  const [address, setAddress] = useState<Address>({ ...EMPTY_ADDRESS, country: shipsTo[0] ?? '' })
  const [email, setEmail] = useState('')
  const [method, setMethod] = useState<PaymentMethod>('card')
  const [phone, setPhone] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [waiting, setWaiting] = useState<{ orderId: string; phone: string } | null>(null)
  const touched = useRef({ method: false, country: false })
  const lastInput = useRef<StartInput | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)

  // Kenya pays by M-Pesa, elsewhere by card (the cached location); and ships to the visitor's country.
  useEffect(() => {
    void cachedLocation().then((location) => {
      const country = countryOf(location)
      if (!touched.current.method) setMethod(country === 'KE' ? 'mpesa' : 'card')
      if (country && !touched.current.country && shipsTo.includes(country))
        setAddress((a) => ({ ...a, country }))
    })
  }, [shipsTo])
  // Opened by a button that is now above it: keyboard and screen-reader users land on the form.
  useEffect(() => {
    headingRef.current?.focus()
  }, [])
  // Back from the card page through the browser's back button: the form works again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => event.persisted && setBusy(false)
    window.addEventListener('pageshow', onShow)
    return () => window.removeEventListener('pageshow', onShow)
  }, [])

  const variant = variants.find((v) => v.id === variantId)
  const ticketType = ticketTypes.find((t) => t.id === ticketTypeId)
  // What is left, as the page's data counted it (the server checks again when the order is placed).
  const available = variant ? variant.stock : (ticketType?.left ?? MAX_QUANTITY)
  const maxQuantity = Math.max(1, Math.min(MAX_QUANTITY, available))
  const counted = product.kind === 'merch' || product.kind === 'event'
  const quantityValue = counted ? Number(quantity) : 1
  const quantityOk = Number.isInteger(quantityValue) && quantityValue >= 1 && quantityValue <= maxQuantity
  const amountMinor = pwyw ? Math.round(Number(amount) * 10 ** minorUnits(product.price.currency)) : null
  const amountOk =
    !pwyw || (amount.trim() !== '' && amountMinor !== null && amountMinor >= pwyw.minimum.amount)
  const addressDone =
    address.name.trim().length >= 2 &&
    address.line1.trim().length >= 3 &&
    address.city.trim().length >= 2 &&
    address.country !== ''
  const delivery: StartInput['delivery'] =
    product.kind !== 'merch'
      ? undefined
      : deliveryKind === 'pickup'
        ? { kind: 'pickup' }
        : { kind: 'ship', ...address }

  const selection: SubjectInput<'quoteCheckout'> = {
    productId: product.id,
    quantity: quantityOk ? quantityValue : 1,
    ...(variantId && product.kind === 'merch' ? { variantId } : {}),
    ...(ticketTypeId && product.kind === 'event' ? { ticketTypeId } : {}),
    ...(slot ? { slot: slot.start } : {}),
    ...(pwyw && amountOk && amountMinor !== null ? { amount: amountMinor } : {}),
    ...(delivery ? { delivery } : {}),
  }
  // What the quote still needs; the server would only answer that.
  const missing = product.free
    ? null
    : product.kind === 'service' && !slot
      ? 'Choose a time to see the total.'
      : product.kind === 'merch' && deliveryKind === 'ship' && !addressDone
        ? 'Fill in the delivery address to see shipping and the total.'
        : !quantityOk
          ? `Choose a quantity from 1 to ${maxQuantity}.`
          : !amountOk && pwyw
            ? `Pay at least ${money(pwyw.minimum)}.`
            : null
  const settled = useSettled(selection, QUOTE_DELAY_MS)
  // Asked only once the choices rest, and only for the choices on screen (not those of a moment ago).
  const resting = JSON.stringify(settled) === JSON.stringify(selection)
  const quote = useQuery({
    ...checkoutQueries.quote(settled),
    enabled: !product.free && missing === null && resting,
    placeholderData: keepPreviousData,
  })
  const current = quote.data && !quote.isPlaceholderData && resting
  const free = product.free || (current && quote.data?.total.amount === 0)
  const charge = current ? quote.data?.charges.find((c) => c.method === method) : undefined

  const validate = (): FieldErrors => {
    const found: FieldErrors = {}
    if (product.kind === 'service' && !slot) found.slot = 'Choose a time'
    if (!quantityOk) found.quantity = `Choose a quantity from 1 to ${maxQuantity}`
    if (pwyw && !amountOk) found.amount = `Pay at least ${money(pwyw.minimum)}`
    if (!signedIn && !email.trim()) found.email = 'Give the e-mail address for your receipt and downloads'
    if (!free && method === 'mpesa' && !normalizeKenyanMobile(phone)) found.phone = MPESA_PHONE_HINT
    return found
  }

  const focusFirst = (found: FieldErrors) => {
    const first = Object.keys(found)[0]
    const form = formRef.current
    if (!form) return
    const target = first ? form.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`) : null
    // After React has shown the messages (the alert may be new); a timer, since frames wait in a hidden tab.
    setTimeout(() => (target ?? form.querySelector<HTMLElement>('[role="alert"]'))?.focus())
  }

  const start = async (input: StartInput) => {
    lastInput.current = input
    setBusy(true)
    setMessage(null)
    setNotice(null)
    setErrors({})
    setWaiting(null)
    try {
      const { orderId, accessKey, order, next } = await rpc('startCheckout', input)
      await keepOrderKey(orderId, accessKey)
      queryClient.setQueryData(checkoutQueries.order(orderId).queryKey, order)
      if (next.kind === 'redirect') {
        // Stays busy: the browser is leaving for the card or PayPal page.
        location.assign(next.url)
        return
      }
      setBusy(false)
      if (next.kind === 'mpesa') setWaiting({ orderId, phone: next.phone })
      else await navigate({ to: '/sucess-payment', search: { order: orderId } })
    } catch (error) {
      const state = errorState(error)
      // Messages for fields this form does not show go on top, so none is lost.
      const form = formRef.current
      const entries = Object.entries(state.errors)
      const orphans = entries.filter(([key]) => !form?.querySelector(`[name="${CSS.escape(key)}"]`))
      setErrors(state.errors)
      setMessage(
        error instanceof RpcError && orphans.length === entries.length
          ? error.message
          : [state.message, ...orphans.map(([, text]) => text)].filter(Boolean).join(' '),
      )
      setBusy(false)
      // A time taken meanwhile, or stock gone: show what is free now.
      void queryClient.invalidateQueries({ queryKey: [...checkoutQueries.all(), 'slots'] })
      focusFirst(state.errors)
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const found = validate()
    if (Object.keys(found).length > 0) {
      setErrors(found)
      setMessage('Check the fields marked below.')
      focusFirst(found)
      return
    }
    void start({
      ...selection,
      quantity: quantityValue,
      ...(delivery ? { delivery } : {}),
      ...(free ? {} : { method }),
      ...(!free && method === 'mpesa' ? { phone: normalizeKenyanMobile(phone) ?? phone } : {}),
      ...(signedIn ? {} : { email: email.trim() }),
      timeZone: buyerTimeZone(),
    })
  }

  if (waiting)
    return (
      <MpesaWait
        orderId={waiting.orderId}
        phone={waiting.phone}
        onPaid={() => void navigate({ to: '/sucess-payment', search: { order: waiting.orderId } })}
        onRetry={() => lastInput.current && void start(lastInput.current)}
        onCancelled={() => {
          setWaiting(null)
          setNotice('Payment cancelled. Nothing was charged.')
        }}
      />
    )

  const fieldError = (key: string) => errors[key]
  return (
    <section className="checkout" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1} ref={headingRef}>
        {product.kind === 'service' ? 'Book and pay' : 'Checkout'}
      </h2>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="form">
        <FormMessage message={message} />
        <FormMessage message={notice} tone="ok" />
        {product.kind === 'service' ? (
          <SlotPicker
            productId={product.id}
            sellerTimeZone={product.details.timeZone ?? 'Africa/Nairobi'}
            bookAheadDays={product.details.bookAheadDays ?? 60}
            value={slot?.start ?? ''}
            onChange={setSlot}
            {...(fieldError('slot') ? { error: fieldError('slot') } : {})}
          />
        ) : null}
        {variants.length > 1 ? (
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
        ) : null}
        {ticketTypes.length > 1 ? (
          <SelectField
            label="Ticket type"
            name="ticketTypeId"
            value={ticketTypeId}
            onChange={setTicketTypeId}
            errors={errors}
            options={ticketTypes.map((t) => ({
              value: t.id ?? '',
              label: `${t.name} — ${t.price.amount === 0 ? 'free' : money(t.price)}${onSale(t, now) ? '' : ' (not on sale)'}`,
            }))}
          />
        ) : ticketType ? (
          <p>
            Ticket: {ticketType.name} — {ticketType.price.amount === 0 ? 'free' : money(ticketType.price)}
          </p>
        ) : null}
        {counted ? (
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
        ) : null}
        {pwyw ? (
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
        ) : null}
        {product.kind === 'merch' ? (
          <Delivery
            zones={zones}
            pickup={pickup}
            shipsTo={shipsTo}
            kind={deliveryKind}
            onKind={setDeliveryKind}
            address={address}
            onAddress={(patch) => {
              if (patch.country) touched.current.country = true
              setAddress((a) => ({ ...a, ...patch }))
            }}
            errors={errors}
          />
        ) : null}
        {signedIn ? (
          session.user ? (
            <p className="muted">Your receipt goes to {session.user.email}.</p>
          ) : null
        ) : (
          <Field
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            errors={errors}
            hint="Your receipt and download link go here; an account for this address keeps your purchases."
          />
        )}
        {free ? null : (
          <Methods
            method={method}
            onMethod={(m) => {
              touched.current.method = true
              setMethod(m)
            }}
            available={quote.data ? quote.data.charges.map((c) => c.method) : PAYMENT_METHODS}
            errors={errors}
          >
            {method === 'mpesa' ? (
              <Field
                label="M-Pesa phone number"
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="07XX XXX XXX"
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
                onBlur={() =>
                  setErrors(({ phone: _, ...rest }) =>
                    phone.trim() && !normalizeKenyanMobile(phone)
                      ? { ...rest, phone: MPESA_PHONE_HINT }
                      : rest,
                  )
                }
                errors={errors}
                hint="The number to send the payment prompt to, e.g. 0712 345 678."
              />
            ) : null}
          </Methods>
        )}
        {product.free ? null : (
          <Summary
            quote={quote.data}
            stale={!current}
            loading={quote.isFetching}
            error={quote.isError && missing === null ? quote.error.message : null}
            missing={missing}
            method={method}
            item={slot ? slotText(slot) : undefined}
          />
        )}
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? 'One moment…' : free ? 'Get it free' : charge ? `Pay ${money(charge.amount)}` : 'Pay'}
        </button>
        {free ? null : <p className="muted">{HOW_IT_GOES[method]}</p>}
      </form>
    </section>
  )
}

function Delivery({
  zones,
  pickup,
  shipsTo,
  kind,
  onKind,
  address,
  onAddress,
  errors,
}: {
  zones: ShippingZone[]
  pickup: { address: string } | null
  shipsTo: string[]
  kind: 'ship' | 'pickup'
  onKind: (kind: 'ship' | 'pickup') => void
  address: Address
  onAddress: (patch: Partial<Address>) => void
  errors: FieldErrors
}) {
  const id = useId()
  return (
    <fieldset className="fieldset" aria-describedby={errors.delivery ? `${id}-error` : undefined}>
      <legend>Delivery</legend>
      <FieldNotes id={id} error={errors.delivery} />
      {zones.length > 0 && pickup ? (
        <>
          <label className="field-check">
            <input type="radio" name="delivery" checked={kind === 'ship'} onChange={() => onKind('ship')} />
            Deliver to an address
          </label>
          <label className="field-check">
            <input
              type="radio"
              name="delivery"
              checked={kind === 'pickup'}
              onChange={() => onKind('pickup')}
            />
            Pick up free at {pickup.address}
          </label>
        </>
      ) : kind === 'pickup' && pickup ? (
        <p>Pick up free at {pickup.address}.</p>
      ) : null}
      {kind === 'ship' ? (
        <>
          {ADDRESS_FIELDS.map((field) => (
            <Field
              key={field.key}
              label={field.label}
              name={`delivery.${field.key}`}
              type={field.key === 'phone' ? 'tel' : 'text'}
              autoComplete={field.autoComplete}
              required={!field.label.endsWith('(optional)')}
              value={address[field.key]}
              onChange={(e) => onAddress({ [field.key]: e.target.value })}
              errors={errors}
            />
          ))}
          <SelectField
            label="Country"
            name="delivery.country"
            value={address.country}
            onChange={(country) => onAddress({ country })}
            errors={errors}
            options={shipsTo.map((code) => ({ value: code, label: countryName(code) }))}
            hint={zones.map((z) => `${z.name}: ${z.fee.amount === 0 ? 'free' : money(z.fee)}`).join(' · ')}
          />
        </>
      ) : null}
    </fieldset>
  )
}

function Methods({
  method,
  onMethod,
  available,
  errors,
  children,
}: {
  method: PaymentMethod
  onMethod: (method: PaymentMethod) => void
  available: readonly PaymentMethod[]
  errors: FieldErrors
  children: ReactNode
}) {
  const id = useId()
  return (
    <fieldset className="fieldset" aria-describedby={errors.method ? `${id}-error` : undefined}>
      <legend>Pay with</legend>
      <FieldNotes id={id} error={errors.method} />
      <div className="choices">
        {PAYMENT_METHODS.map((m) => (
          <label key={m} className="field-check choice">
            <input
              type="radio"
              name="method"
              value={m}
              checked={method === m}
              disabled={!available.includes(m)}
              onChange={() => onMethod(m)}
            />
            {METHOD_NAMES[m]}
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  )
}

/** The server's figures: subtotal, shipping, total, and exactly what the chosen method charges. */
function Summary({
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
      {quote && !missing ? (
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
      ) : null}
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
              {rateText(charge.rate, quote.total.currency, charge.amount.currency)}
            </span>
          </>
        ) : null}
      </p>
    </div>
  )
}
