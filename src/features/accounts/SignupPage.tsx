import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { BotChallenge } from '../../components/BotChallenge'
import { Field, FormMessage, SubmitButton, text, useSubmit } from '../../components/Form'
import { rpc } from '../../lib/rpc'
import { useRuntimeSettings } from '../../lib/runtime'
import { usePageTitle } from '../../lib/title'
import { NewPasswordField } from './fields'
import { useSignedIn } from './useSignedIn'

const FirebaseSignIn = lazy(() => import('./FirebaseSignIn'))

export function SignupPage() {
  const { t } = useLingui()
  usePageTitle(t`Create your account`)
  const signedIn = useSignedIn()
  const settings = useRuntimeSettings()
  const navigate = useNavigate()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useSubmit(async (data) => {
    const email = text(data, 'email')
    const answer = await rpc('signUp', {
      email,
      name: text(data, 'name'),
      password: String(data.get('password') ?? ''),
      challengeToken: text(data, 'challengeToken') || undefined,
    })
    if (answer.token && answer.user) {
      await signedIn({ token: answer.token, user: answer.user }, '/verify-email')
      return
    }
    // The address already has an account: its owner was mailed, and this page says no more than that.
    setSentTo(email)
    await navigate({ to: '/signup', replace: true })
  })
  if (sentTo)
    return (
      <section className="page narrow" aria-labelledby="signup-heading">
        <h1 id="signup-heading">
          <Trans>Check your e-mail</Trans>
        </h1>
        <p role="status">
          <Trans>
            We sent a message to <strong>{sentTo}</strong>. Open it to continue.
          </Trans>
        </p>
        <p>
          <Trans>
            Already have an account? <Link to="/login">Sign in</Link>.
          </Trans>
        </p>
      </section>
    )
  return (
    <section className="page narrow" aria-labelledby="signup-heading">
      <h1 id="signup-heading">
        <Trans>Create your account</Trans>
      </h1>
      <p className="lead">
        <Trans>Buy from creators and keep your purchases in one place.</Trans>
      </p>
      <form onSubmit={form.onSubmit} noValidate className="form">
        <FormMessage message={form.message} />
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
        <BotChallenge busy={form.busy} errors={form.errors} />
        <SubmitButton busy={form.busy} busyText={t`Creating your account…`}>
          <Trans>Create account</Trans>
        </SubmitButton>
      </form>
      <p>
        <Trans>
          Want to sell? <Link to="/register">Open a storefront</Link>. Already have an account?{' '}
          <Link to="/login">Sign in</Link>.
        </Trans>
      </p>
      {settings.firebase ? (
        <Suspense
          fallback={
            <p className="muted">
              <Trans>Loading more ways to sign up…</Trans>
            </p>
          }
        >
          <FirebaseSignIn redirect="/account" />
        </Suspense>
      ) : null}
    </section>
  )
}
