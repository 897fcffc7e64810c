import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, Link } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { Field, FormMessage, SubmitButton, text, useSubmit } from '../../components/Form'
import { useHydrated } from '../../lib/hydration'
import { rpc } from '../../lib/rpc'
import { useRuntimeSettings } from '../../lib/runtime'
import { usePageTitle } from '../../lib/title'
import { useSignedIn } from './useSignedIn'

// The Firebase SDK is large: it is fetched only when Firebase sign-in is configured, and only here.
const FirebaseSignIn = lazy(() => import('./FirebaseSignIn'))

const route = getRouteApi('/_default/login')

export function LoginPage() {
  const { t } = useLingui()
  usePageTitle(t`Sign in`)
  const { redirect } = route.useSearch()
  const signedIn = useSignedIn()
  const settings = useRuntimeSettings()
  // The build rendered this page without a query: the note about where the person was going comes after.
  const hydrated = useHydrated()
  const form = useSubmit(async (data) => {
    const session = await rpc('signIn', {
      email: text(data, 'email'),
      password: String(data.get('password') ?? ''),
    })
    await signedIn(session, redirect)
  })
  return (
    <section className="page narrow" aria-labelledby="login-heading">
      <h1 id="login-heading">
        <Trans>Sign in</Trans>
      </h1>
      <p className="lead">
        <Trans>Sign in to buy, download what you bought, and sell.</Trans>
      </p>
      {redirect && hydrated ? (
        <p className="notice">
          <Trans>Sign in to continue to that page.</Trans>
        </p>
      ) : null}
      {/* Without script the server answers the same form (and sets a session cookie); the app takes it over. */}
      <form method="post" action="/login" onSubmit={form.onSubmit} noValidate className="form">
        <FormMessage message={form.message} />
        <Field
          label={t`E-mail`}
          name="email"
          type="email"
          autoComplete="email"
          required
          errors={form.errors}
        />
        <Field
          label={t`Password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          errors={form.errors}
        />
        <SubmitButton busy={form.busy} busyText={t`Signing in…`} posts>
          <Trans>Sign in</Trans>
        </SubmitButton>
      </form>
      <p>
        <Link to="/reset">
          <Trans>Forgot your password?</Trans>
        </Link>
      </p>
      <p>
        <Trans>
          New to Soko? <Link to="/signup">Create an account</Link> or{' '}
          <Link to="/register">open a storefront</Link>.
        </Trans>
      </p>
      {settings.firebase ? (
        <Suspense
          fallback={
            <p className="muted">
              <Trans>Loading more ways to sign in…</Trans>
            </p>
          }
        >
          <FirebaseSignIn redirect={redirect} />
        </Suspense>
      ) : null}
    </section>
  )
}
