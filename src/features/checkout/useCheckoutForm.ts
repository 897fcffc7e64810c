import { t } from '@lingui/core/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { PaymentMethod } from '../../../contract/checkout.constants'
import { MPESA_PHONE_HINT, normalizeKenyanMobile } from '../../../contract/phone'
import type { PublicProduct } from '../../../contract/storefront'
import { errorState, type FieldErrors, type FormState } from '../../components/Form'
import { cachedLocation, countryOf } from '../../lib/geo'
import { translateCode } from '../../lib/i18n'
import { RpcError, rpc } from '../../lib/rpc'
import { useSession } from '../../lib/session'
import { money } from '../catalog/money'
import { checkoutQueries } from './checkout.queries'
import {
  type Address,
  addressComplete,
  type DeliveryKind,
  EMPTY_ADDRESS,
  type QuoteInput,
  type Slot,
  type StartInput,
} from './checkout-model'
import { buyerTimeZone } from './order-format'
import { keepOrderKey } from './order-keys'
import { type CheckoutChoicesState, useCheckoutChoices } from './useCheckoutChoices'
import { useCheckoutQuote } from './useCheckoutQuote'
import { linkedRecovery, useDiscountCode } from './useDiscountCode'

/** The longest wait shown on the button; a longer Retry-After is still said in the message. */
const MAX_RETRY_COUNTDOWN_SECONDS = 60

/**
 * The checkout form's state and work: the item choices, delivery, e-mail and payment method, the server's
 * quote for them, the checks before sending, and starting the order (then waiting for M-Pesa, or leaving
 * for the card or PayPal page, or going to the order's page).
 */
export function useCheckoutForm(product: PublicProduct, chosenSlot?: Slot, focusOnOpen = true) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const session = useSession()
  const signedIn = session.status === 'signedIn'
  // Details are read as stored, not parsed again: no zones counts as none, as before.
  const zones = product.kind === 'merch' ? (product.details.shippingZones ?? []) : []
  const pickup = product.kind === 'merch' ? product.details.pickup : null
  const [shipsTo] = useState(() => [...new Set(zones.flatMap((z) => z.countries))])

  const choices = useCheckoutChoices(product, session.user?.name ?? '', chosenSlot)
  const [deliveryKind, setDeliveryKind] = useState<DeliveryKind>(zones.length > 0 ? 'ship' : 'pickup')
  const [address, setAddress] = useState<Address>({ ...EMPTY_ADDRESS, country: shipsTo[0] ?? '' })
  const [email, setEmail] = useState('')
  const [method, setMethod] = useState<PaymentMethod>('card')
  const [phone, setPhone] = useState('')
  const [textMe, setTextMe] = useState(false)
  // The seller's offer taken (undefined until the buyer touches its box).
  const [upsell, setUpsell] = useState<boolean>()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  /** Seconds until the server said to try again, after it answered "Busy"; 0 when the button is free. */
  const [retryIn, setRetryIn] = useState(0)
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
  // Opened by a button that is now above it: keyboard and screen-reader users land on the form. Opened by
  // choosing a time, the focus stays on the times (arrow keys still move along them).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens
  useEffect(() => {
    if (focusOnOpen) headingRef.current?.focus()
  }, [])
  // Back from the card page through the browser's back button: the form works again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => event.persisted && setBusy(false)
    window.addEventListener('pageshow', onShow)
    return () => window.removeEventListener('pageshow', onShow)
  }, [])

  // The wait the server asked for counts down on the button, a second at a time.
  useEffect(() => {
    if (retryIn <= 0) return
    const timer = setTimeout(() => setRetryIn((left) => Math.max(0, left - 1)), 1_000)
    return () => clearTimeout(timer)
  }, [retryIn])

  const addressDone = addressComplete(address)
  const delivery: StartInput['delivery'] =
    product.kind !== 'merch'
      ? undefined
      : deliveryKind === 'pickup'
        ? { kind: 'pickup' }
        : { kind: 'ship', ...address }
  const code = useDiscountCode()
  const selection: QuoteInput = {
    ...choices.selection,
    ...(delivery ? { delivery } : {}),
    ...(code.applied ? { code: code.applied } : {}),
    upsell,
  }
  const missing = missingText(product, choices, deliveryKind === 'ship' && !addressDone)
  const { quote, current, free, charge } = useCheckoutQuote(product, selection, missing, method)
  // A code the server refuses is said under its field and taken off: the total shows without it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each new refusal only
  useEffect(() => {
    const said = quote.isError ? errorState(quote.error).errors.code : undefined
    if (said && code.applied) code.refused(said)
  }, [quote.error])

  const validate = (): FieldErrors => {
    const { slot, quantityOk, maxQuantity, pwyw, amountOk } = choices
    const found: FieldErrors = {}
    const minimum = pwyw ? money(pwyw.minimum) : ''
    if (product.kind === 'service' && !slot) found.slot = t`Choose a time`
    if (!quantityOk) found.quantity = t`Choose a quantity from 1 to ${maxQuantity}`
    if (pwyw && !amountOk) found.amount = t`Pay at least ${minimum}`
    choices.holders.forEach((name, i) => {
      if (name.trim().length < 2) found[`holders.${i}`] = t`Give the name on this ticket`
    })
    if (!signedIn && !email.trim()) found.email = t`Give the e-mail address for your receipt and downloads`
    if (!free && method === 'mpesa' && !normalizeKenyanMobile(phone))
      found.phone = translateCode(undefined, undefined, MPESA_PHONE_HINT)
    return found
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
      const text = failureMessage(error, state, formRef.current)
      setErrors(state.errors)
      setMessage(text)
      setBusy(false)
      // The checkout line was full: nothing was held, and trying again after the wait asked for is worth it.
      if (error instanceof RpcError && error.status === 503 && error.retryAfter)
        setRetryIn(Math.min(error.retryAfter, MAX_RETRY_COUNTDOWN_SECONDS))
      // A time taken meanwhile, or stock gone: show what is free now.
      void queryClient.invalidateQueries({ queryKey: [...checkoutQueries.all(), 'slots'] })
      focusFirst(formRef.current, state.errors)
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy || retryIn > 0) return
    const found = validate()
    if (Object.keys(found).length > 0) {
      setErrors(found)
      setMessage(t`Check the fields marked below.`)
      focusFirst(formRef.current, found)
      return
    }
    void start({
      ...selection,
      quantity: choices.quantityValue,
      ...(delivery ? { delivery } : {}),
      ...(free ? {} : { method }),
      ...(!free && method === 'mpesa' ? { phone: normalizeKenyanMobile(phone) ?? phone, textMe } : {}),
      recovery: linkedRecovery() || undefined,
      ...(signedIn ? {} : { email: email.trim() }),
      ...(choices.holders.length ? { holders: choices.holders.map((name) => name.trim()) } : {}),
      timeZone: buyerTimeZone(),
    })
  }

  const chooseMethod = (next: PaymentMethod) => {
    touched.current.method = true
    setMethod(next)
  }
  const changeAddress = (patch: Partial<Address>) => {
    if (patch.country) touched.current.country = true
    setAddress((a) => ({ ...a, ...patch }))
  }
  /** On leaving the phone field: says at once when the number is not one M-Pesa can reach. */
  const checkPhone = () =>
    setErrors(({ phone: _, ...rest }) =>
      phone.trim() && !normalizeKenyanMobile(phone)
        ? { ...rest, phone: translateCode(undefined, undefined, MPESA_PHONE_HINT) }
        : rest,
    )
  const mpesa = waiting && {
    ...waiting,
    onPaid: () => void navigate({ to: '/sucess-payment', search: { order: waiting.orderId } }),
    onRetry: () => lastInput.current && void start(lastInput.current),
    onCancelled: () => {
      setWaiting(null)
      setNotice(t`Payment cancelled. Nothing was charged.`)
    },
  }

  return {
    formRef,
    headingRef,
    onSubmit,
    session,
    signedIn,
    choices,
    delivery: {
      zones,
      pickup,
      shipsTo,
      kind: deliveryKind,
      setKind: setDeliveryKind,
      address,
      changeAddress,
    },
    email,
    setEmail,
    method,
    chooseMethod,
    phone,
    setPhone,
    textMe,
    setTextMe,
    upsell,
    setUpsell,
    checkPhone,
    quote,
    current,
    free,
    charge,
    code,
    missing,
    errors,
    message,
    notice,
    busy,
    retryIn,
    mpesa,
  }
}

/** What the quote still needs, in the buyer's words; null when it can be asked (the server would only say that). */
function missingText(
  product: PublicProduct,
  { slot, quantityOk, maxQuantity, amountOk, pwyw }: CheckoutChoicesState,
  addressMissing: boolean,
): string | null {
  const minimum = pwyw ? money(pwyw.minimum) : ''
  return product.free
    ? null
    : product.kind === 'service' && !slot
      ? t`Choose a time to see the total.`
      : product.kind === 'merch' && addressMissing
        ? t`Fill in the delivery address to see shipping and the total.`
        : !quantityOk
          ? t`Choose a quantity from 1 to ${maxQuantity}.`
          : !amountOk && pwyw
            ? t`Pay at least ${minimum}.`
            : null
}

/** Focuses the first field with a message, or else the form's alert. */
function focusFirst(form: HTMLFormElement | null, found: FieldErrors) {
  const first = Object.keys(found)[0]
  if (!form) return
  const target = first ? form.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`) : null
  // After React has shown the messages (the alert may be new); a timer, since frames wait in a hidden tab.
  setTimeout(() => (target ?? form.querySelector<HTMLElement>('[role="alert"]'))?.focus())
}

/** The form's message when starting fails: messages for fields this form does not show go on top, so none is lost. */
function failureMessage(error: unknown, state: FormState, form: HTMLFormElement | null): string {
  const entries = Object.entries(state.errors)
  const orphans = entries.filter(([key]) => !form?.querySelector(`[name="${CSS.escape(key)}"]`))
  return error instanceof RpcError && orphans.length === entries.length
    ? error.message
    : [state.message, ...orphans.map(([, text]) => text)].filter(Boolean).join(' ')
}

/** The checkout form's state and actions, as its parts read them. */
export type CheckoutForm = ReturnType<typeof useCheckoutForm>
