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
  usePageTitle('Start selling')
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

  if (isSeller)
    return (
      <section className="page narrow">
        <h1>Your storefront is open</h1>
        <p>
          You sell as <strong>{session.user?.handle}</strong>. <Link to="/account">Go to your account</Link>{' '}
          or <Link to="/account/new-product">add a product</Link>.
        </p>
      </section>
    )
  if (existing)
    return (
      <section className="page narrow">
        <h1>Sign in to continue</h1>
        <p role="status">
          We sent a message to <strong>{existing}</strong>. If you already have a Soko account,{' '}
          <Link to="/login" search={{ redirect: '/register' }}>
            sign in
          </Link>{' '}
          and you will come back here to open your storefront.
        </p>
      </section>
    )
  return (
    <section className="page narrow" aria-labelledby="register-heading">
      <h1 id="register-heading">Start selling</h1>
      <p className="lead">Open your storefront and get paid by card, PayPal and M-Pesa.</p>
      <form onSubmit={form.onSubmit} noValidate className="form">
        <FormMessage message={form.message} />
        {session.token ? (
          <p className="notice">
            Signed in as {session.user?.email ?? 'you'}: your storefront is added to this account.
          </p>
        ) : (
          <fieldset className="fieldset">
            <legend>Your account</legend>
            <Field label="Your name" name="name" autoComplete="name" required errors={form.errors} />
            <Field
              label="E-mail"
              name="email"
              type="email"
              autoComplete="email"
              required
              errors={form.errors}
            />
            <NewPasswordField errors={form.errors} />
            <p className="muted">
              Already on Soko?{' '}
              <Link to="/login" search={{ redirect: '/register' }}>
                Sign in first
              </Link>
              .
            </p>
          </fieldset>
        )}
        <fieldset className="fieldset">
          <legend>Your storefront</legend>
          <Field
            label="Storefront name"
            name="displayName"
            required
            hint="What buyers see, e.g. Nyota Designs."
            errors={form.errors}
          />
          <Field
            label="Handle"
            name="handle"
            required
            autoCapitalize="none"
            spellCheck={false}
            value={handle}
            onChange={(e) => setHandle(e.target.value.toLowerCase())}
            hint={`Your address: ${location.origin}/creators/${handle || 'your-handle'}`}
            errors={form.errors}
          />
          <SelectField
            label="Country"
            name="country"
            options={countryOptions()}
            defaultValue="KE"
            errors={form.errors}
          />
        </fieldset>
        <PayoutMethodFields errors={form.errors} />
        {session.token ? null : <BotChallenge busy={form.busy} errors={form.errors} />}
        <SubmitButton busy={form.busy} busyText="Opening your storefront…">
          Open my storefront
        </SubmitButton>
      </form>
    </section>
  )
}
