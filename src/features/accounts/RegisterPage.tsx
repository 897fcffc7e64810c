import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { BotChallenge } from '../../components/BotChallenge'
import { Field, FormMessage, SelectField, SubmitButton, text, useSubmit } from '../../components/Form'
import { safeRedirect } from '../../lib/guard'
import { rpc } from '../../lib/rpc'
import { storeUser, useSession } from '../../lib/session'
import { usePageTitle } from '../../lib/title'
import { countryOptions } from './countries'
import { NewPasswordField } from './fields'
import { PayoutMethodFields, readPayoutMethod } from './PayoutMethodFields'
import { useSignedIn } from './useSignedIn'

const route = getRouteApi('/_default/register')

/** Seller sign-up in one flow: the account (unless signed in), the storefront, and how they get paid. */
export function RegisterPage() {
  const { t } = useLingui()
  usePageTitle(t`Start selling`)
  const { redirect } = route.useSearch()
  const navigate = route.useNavigate()
  const session = useSession()
  const signedIn = useSignedIn()
  const [handle, setHandle] = useState('')
  const [existing, setExisting] = useState<string | null>(null)
  const isSeller = session.user?.roles.includes('seller') ?? false

  const form = useSubmit(async (data) => {
    if (!session.token) {
      const email = text(data, 'email')
      const account = await rpc('signUp', {
        email,
        name: text(data, 'name'),
        password: String(data.get('password') ?? ''),
        challengeToken: text(data, 'challengeToken') || undefined,
      })
      if (!account.token || !account.user) {
        setExisting(email)
        return
      }
      // Signed in from here on: if the storefront part fails, the page keeps only those fields.
      await signedIn({ token: account.token, user: account.user }, '/register', '/register')
    }
    const { user } = await rpc('becomeSeller', {
      handle: text(data, 'handle'),
      displayName: text(data, 'displayName'),
      country: text(data, 'country'),
      payoutMethod: readPayoutMethod(data),
    })
    await storeUser(user)
    await navigate({ to: safeRedirect(redirect, '/account') })
  })

  const sellerHandle = session.user?.handle
  const signedInAs = session.user?.email ?? t`you`
  if (isSeller)
    return (
      <section className="page narrow">
        <h1>
          <Trans>Your storefront is open</Trans>
        </h1>
        <p>
          <Trans>
            You sell as <strong>{sellerHandle}</strong>. <Link to="/account">Go to your account</Link> or{' '}
            <Link to="/account/new-product">add a product</Link>.
          </Trans>
        </p>
      </section>
    )
  if (existing)
    return (
      <section className="page narrow">
        <h1>
          <Trans>Sign in to continue</Trans>
        </h1>
        <p role="status">
          <Trans>
            We sent a message to <strong>{existing}</strong>. If you already have a Soko account,{' '}
            <Link to="/login" search={{ redirect: '/register' }}>
              sign in
            </Link>{' '}
            and you will come back here to open your storefront.
          </Trans>
        </p>
      </section>
    )
  const address = `${location.origin}/creators/${handle || 'your-handle'}`
  return (
    <section className="page narrow" aria-labelledby="register-heading">
      <h1 id="register-heading">
        <Trans>Start selling</Trans>
      </h1>
      <p className="lead">
        <Trans>Open your storefront and get paid by card, PayPal and M-Pesa.</Trans>
      </p>
      <form onSubmit={form.onSubmit} noValidate className="form">
        <FormMessage message={form.message} />
        {session.token ? (
          <p className="notice">
            <Trans>Signed in as {signedInAs}: your storefront is added to this account.</Trans>
          </p>
        ) : (
          <fieldset className="fieldset">
            <legend>
              <Trans>Your account</Trans>
            </legend>
            <Field label={t`Your name`} name="name" autoComplete="name" required errors={form.errors} />
            <Field
              label={t`E-mail`}
              name="email"
              type="email"
              autoComplete="email"
              required
              errors={form.errors}
            />
            <NewPasswordField errors={form.errors} />
            <p className="muted">
              <Trans>
                Already on Soko?{' '}
                <Link to="/login" search={{ redirect: '/register' }}>
                  Sign in first
                </Link>
                .
              </Trans>
            </p>
          </fieldset>
        )}
        <fieldset className="fieldset">
          <legend>
            <Trans>Your storefront</Trans>
          </legend>
          <Field
            label={t`Storefront name`}
            name="displayName"
            required
            hint={t`What buyers see, e.g. Nyota Designs.`}
            errors={form.errors}
          />
          <Field
            label={t`Handle`}
            name="handle"
            required
            autoCapitalize="none"
            spellCheck={false}
            value={handle}
            onChange={(e) => setHandle(e.target.value.toLowerCase())}
            hint={t`Your address: ${address}`}
            errors={form.errors}
          />
          <SelectField
            label={t`Country`}
            name="country"
            options={countryOptions()}
            defaultValue="KE"
            errors={form.errors}
          />
        </fieldset>
        <PayoutMethodFields errors={form.errors} />
        {session.token ? null : <BotChallenge busy={form.busy} errors={form.errors} />}
        <SubmitButton busy={form.busy} busyText={t`Opening your storefront…`}>
          <Trans>Open my storefront</Trans>
        </SubmitButton>
      </form>
    </section>
  )
}
