import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, type Ref, Suspense, useId } from 'react'
import { PAYMENT_METHODS } from '../../../contract/checkout.constants'
import type { PublicProduct } from '../../../contract/storefront'
import { Field, FormMessage } from '../../components/Form'
import { money } from '../catalog/money'
import { CheckoutChoices } from './CheckoutChoices'
import { CheckoutCode } from './CheckoutCode'
import { CheckoutDelivery } from './CheckoutDelivery'
import { CheckoutPayment, HOW_IT_GOES } from './CheckoutPayment'
import { CheckoutSummary } from './CheckoutSummary'
import type { Slot } from './checkout-model'
import { MpesaWait } from './MpesaWait'
import { slotText } from './order-format'
import { type CheckoutForm, useCheckoutForm } from './useCheckoutForm'

/** The seller's offer, loaded only when the quote brings one: most checkouts have none. */
const CheckoutOffer = lazy(() => import('./CheckoutOffer'))

/**
 * The checkout, opened in place on the product page (and /book/{slug} for services): what to buy, where
 * it goes, who pays how, and the server's quote of exactly what will be charged. Loaded only when the
 * buyer presses Buy, so the product page's first load does not carry it.
 */
export function Checkout({
  product,
  slot,
  headingRef,
}: {
  product: PublicProduct
  /** A service's time, chosen beside the form on /book/{slug}: the form then has no picker of its own. */
  slot?: Slot
  headingRef?: Ref<HTMLHeadingElement>
}) {
  const { t } = useLingui()
  const headingId = useId()
  const form = useCheckoutForm(product, slot, slot === undefined)
  const { choices, delivery, errors, method, quote, free } = form

  if (form.mpesa) return <MpesaWait {...form.mpesa} />

  return (
    <section className="checkout" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1} ref={headingRef ?? form.headingRef}>
        {product.kind === 'service' ? t`Book and pay` : t`Checkout`}
      </h2>
      {/* The server's own checkout takes this form's fields without script; the app sends them by RPC. */}
      <form
        ref={form.formRef}
        method="post"
        action={`/buy/${encodeURIComponent(product.slug)}`}
        onSubmit={form.onSubmit}
        noValidate
        className="form"
      >
        <FormMessage message={form.message} />
        <FormMessage message={form.notice} tone="ok" />
        <CheckoutChoices product={product} choices={choices} errors={errors} picker={slot === undefined} />
        {product.kind === 'merch' ? (
          <CheckoutDelivery
            zones={delivery.zones}
            pickup={delivery.pickup}
            shipsTo={delivery.shipsTo}
            kind={delivery.kind}
            onKind={delivery.setKind}
            address={delivery.address}
            onAddress={delivery.changeAddress}
            errors={errors}
          />
        ) : null}
        <ReceiptEmail form={form} booking={product.kind === 'service'} />
        {free ? null : (
          <CheckoutPayment
            method={method}
            onMethod={form.chooseMethod}
            available={quote.data ? quote.data.charges.map((c) => c.method) : PAYMENT_METHODS}
            phone={form.phone}
            onPhone={form.setPhone}
            textMe={form.textMe}
            onTextMe={form.setTextMe}
            onPhoneBlur={form.checkPhone}
            errors={errors}
          />
        )}
        {/* The seller's offer, when the quote brings one (a free product's checkout asks no quote). */}
        {quote.data?.offer ? (
          <Suspense fallback={null}>
            <CheckoutOffer form={form} />
          </Suspense>
        ) : null}
        {product.free ? null : <CheckoutCode form={form} />}
        {product.free ? null : (
          <CheckoutSummary
            quote={quote.data}
            stale={!form.current}
            loading={quote.isFetching}
            error={quote.isError && form.missing === null ? quote.error.message : null}
            missing={form.missing}
            method={method}
            item={choices.slot ? slotText(choices.slot) : undefined}
          />
        )}
        <button
          type="submit"
          className="button"
          disabled={form.busy || form.retryIn > 0}
          aria-busy={form.busy}
        >
          {submitText(form)}
        </button>
        {free ? null : <p className="muted">{t(HOW_IT_GOES[method])}</p>}
      </form>
    </section>
  )
}

/** Where the receipt goes: the signed-in buyer's address, or a field for a guest's. */
function ReceiptEmail({ form, booking }: { form: CheckoutForm; booking: boolean }) {
  const { t } = useLingui()
  const email = form.session.user?.email
  if (form.signedIn)
    return email ? (
      <p className="muted">
        <Trans>Your receipt goes to {email}.</Trans>
      </p>
    ) : null
  return (
    <Field
      label={t`E-mail`}
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      value={form.email}
      onChange={(e) => form.setEmail(e.target.value)}
      errors={form.errors}
      hint={
        booking
          ? t`Your receipt and booking go here; an account for this address keeps your bookings.`
          : t`Your receipt and download link go here; an account for this address keeps your purchases.`
      }
    />
  )
}

/** The submit button's words: busy, waiting to try again, free, or the amount the chosen method charges. */
function submitText({ busy, retryIn, free, charge }: CheckoutForm): string {
  if (busy) return t`One moment…`
  if (retryIn > 0) return t`Try again in ${retryIn} s`
  if (free) return t`Get it free`
  const amount = charge ? money(charge.amount) : ''
  return charge ? t`Pay ${amount}` : t`Pay`
}
