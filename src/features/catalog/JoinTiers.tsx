import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import type { PublicProduct } from '../../../contract/storefront'
import { Choices } from '../../components/Choices'
import { errorState, Field, type FieldErrors, FormMessage } from '../../components/Form'
import { rpc } from '../../lib/rpc'
import { useSession } from '../../lib/session'
import { keepOrderKey } from '../checkout/order-keys'
import { money } from './money'

type Membership = Extract<PublicProduct, { kind: 'membership' }>
type Tier = Membership['details']['tiers'][number]

/**
 * A membership's tiers on its page, each with what members get, its prices, and a form to join: the period
 * and currency, card or PayPal, the e-mail when signed out, then the card page (the card is kept for the
 * renewals) or PayPal's (a subscription, which PayPal bills each period). Its
 * code comes only with a membership's page (tiers-view.ts). Without script (or before it has run) the form
 * goes to the server's own join page, `/join/{slug}`, with the tier and price chosen, which asks the rest.
 */
export default function JoinTiers({ product }: { product: Membership }) {
  const { t } = useLingui()
  return (
    <section className="join-tiers" aria-labelledby="tiers-heading">
      <h2 id="tiers-heading">
        <Trans>Choose a tier</Trans>
      </h2>
      <ul className="tier-list">
        {product.details.tiers.map((tier) => (
          <li key={tier.id} className="card tier-card">
            <h3>{tier.name}</h3>
            {tier.perks ? <p className="tier-perks">{tier.perks}</p> : null}
            {tier.trialDays ? (
              <p className="tier-trial">
                <Trans>
                  Free for the first {tier.trialDays} days: nothing is taken until the trial ends, by card or
                  PayPal. For new members.
                </Trans>
              </p>
            ) : null}
            {tier.left === 0 ? (
              <p className="muted">
                <span className="badge badge-sold-out">{t`Full`}</span>{' '}
                <Trans>Every place in this tier is taken. Choose another tier, or come back later.</Trans>
              </p>
            ) : (
              <JoinForm product={product} tier={tier} />
            )}
          </li>
        ))}
      </ul>
      <p className="muted">
        <Trans>
          Paid by card or PayPal. Each period is paid by itself, from the same card or PayPal account; cancel
          any time from your Memberships page and keep access to the end of what you paid.
        </Trans>
      </p>
    </section>
  )
}

function JoinForm({ product, tier }: { product: Membership; tier: Tier }) {
  const { t } = useLingui()
  const session = useSession()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const options = tier.prices.map((p) => ({
    value: `${p.interval}:${p.price.currency}`,
    label: p.interval === 'month' ? t`${money(p.price)} a month` : t`${money(p.price)} a year`,
  }))
  const [chosen, setChosen] = useState(options[0]?.value ?? '')
  const [method, setMethod] = useState<'card' | 'paypal'>('card')
  const methods = [
    { value: 'card', label: t`Card` },
    { value: 'paypal', label: t`PayPal` },
  ] as const
  const signedIn = session.user !== null

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const data = new FormData(event.currentTarget)
    const [interval, currency] = chosen.split(':')
    const email = String(data.get('email') ?? '').trim()
    setBusy(true)
    setMessage(null)
    setErrors({})
    try {
      const { orderId, accessKey, next } = await rpc('joinMembership', {
        productId: product.id,
        tierId: tier.id,
        interval: interval as 'month' | 'year',
        currency: currency as Tier['prices'][number]['price']['currency'],
        method,
        ...(signedIn ? {} : { email }),
      })
      await keepOrderKey(orderId, accessKey)
      // Stays busy: the browser is leaving for the card or PayPal page.
      if (next.kind === 'redirect') location.assign(next.url)
    } catch (error) {
      const state = errorState(error)
      setErrors(state.errors)
      setMessage(state.message)
      setBusy(false)
    }
  }

  return (
    <form
      method="get"
      action={`/join/${encodeURIComponent(product.slug)}`}
      className="form tier-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <input type="hidden" name="tier" value={tier.id} />
      <FormMessage message={message} />
      <Choices
        id={`tier-${tier.id}-prices`}
        legend={<Trans>How often you pay</Trans>}
        name="price"
        options={options}
        value={chosen}
        onChange={setChosen}
        error={errors.currency ?? errors.tierId}
      />
      <Choices
        id={`tier-${tier.id}-method`}
        legend={<Trans>Pay with</Trans>}
        name="method"
        options={methods}
        value={method}
        onChange={setMethod}
        error={errors.method}
      />
      {signedIn ? null : (
        <Field
          label={t`E-mail for your receipts`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          errors={errors}
          hint={t`Your membership is kept under this address: set a password for it to manage it.`}
        />
      )}
      <button type="submit" className="button" aria-busy={busy}>
        {busy ? t`Opening the payment page…` : t`Join ${tier.name}`}
      </button>
    </form>
  )
}
