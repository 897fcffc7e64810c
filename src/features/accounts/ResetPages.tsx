import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { Field, FormMessage, SubmitButton, text, useSubmit } from '../../components/Form'
import { RpcError, rpc } from '../../lib/rpc'
import { clearSession } from '../../lib/session'
import { usePageTitle } from '../../lib/title'
import { NewPasswordField, Outcome } from './fields'

/** /reset: asks for the e-mail; the answer is the same whether or not it has an account. */
export function RequestResetPage() {
  const { t } = useLingui()
  usePageTitle(t`Reset your password`)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useSubmit(async (data) => {
    const email = text(data, 'email')
    await rpc('requestPasswordReset', { email })
    setSentTo(email)
  })
  return (
    <section className="page narrow" aria-labelledby="reset-heading">
      <h1 id="reset-heading">
        <Trans>Reset your password</Trans>
      </h1>
      {sentTo ? (
        <div role="status">
          <p>
            <Trans>
              If <strong>{sentTo}</strong> has a Soko account, we sent it a link to choose a new password. The
              link works for one hour.
            </Trans>
          </p>
          <p>
            <Trans>No e-mail after a few minutes? Check the spam folder, or try again.</Trans>
          </p>
          <button type="button" className="button secondary" onClick={() => setSentTo(null)}>
            <Trans>Try another address</Trans>
          </button>
        </div>
      ) : (
        <>
          <p className="lead">
            <Trans>
              Enter the e-mail of your account, and we will send you a link to set a new password.
            </Trans>
          </p>
          <form onSubmit={form.onSubmit} noValidate className="form">
            <FormMessage message={form.message} />
            <Field
              label={t`E-mail`}
              name="email"
              type="email"
              autoComplete="email"
              required
              errors={form.errors}
            />
            <SubmitButton busy={form.busy} busyText={t`Sending…`}>
              <Trans>Send me a link</Trans>
            </SubmitButton>
          </form>
        </>
      )}
      <p>
        <Trans>
          Remembered it? <Link to="/login">Sign in</Link>
        </Trans>
      </p>
    </section>
  )
}

const resetRoute = getRouteApi('/_default/reset/$id')

/** /reset/{id}: the mailed link's target, where the new password is set. */
export function SetPasswordPage() {
  const { t } = useLingui()
  usePageTitle(t`Set a new password`)
  const { id } = resetRoute.useParams()
  const [done, setDone] = useState(false)
  const [expired, setExpired] = useState(false)
  const form = useSubmit(async (data) => {
    const password = String(data.get('password') ?? '')
    if (password !== String(data.get('confirm') ?? ''))
      throw new RpcError(400, t`The two passwords are not the same.`, {
        confirm: t`Type the same password twice`,
      })
    try {
      await rpc('resetPassword', { token: id, password })
    } catch (error) {
      if (error instanceof RpcError && error.errors.token) setExpired(true)
      throw error
    }
    // Every session ended on the server, this one too.
    await clearSession()
    setDone(true)
  })
  if (done)
    return (
      <Outcome title={t`Your password is changed`} next={{ to: '/login', label: t`Sign in` }}>
        <Trans>You were signed out everywhere. Sign in with your new password.</Trans>
      </Outcome>
    )
  if (expired)
    return (
      <Outcome
        title={t`This link no longer works`}
        tone="error"
        next={{ to: '/reset', label: t`Send me a new link` }}
      >
        <Trans>Reset links work for one hour and only once.</Trans>
      </Outcome>
    )
  return (
    <section className="page narrow" aria-labelledby="set-heading">
      <h1 id="set-heading">
        <Trans>Set a new password</Trans>
      </h1>
      <form onSubmit={form.onSubmit} noValidate className="form">
        <FormMessage message={form.message} />
        <NewPasswordField label={t`New password`} errors={form.errors} />
        <Field
          label={t`New password again`}
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          errors={form.errors}
        />
        <SubmitButton busy={form.busy} busyText={t`Saving…`}>
          <Trans>Save my new password</Trans>
        </SubmitButton>
      </form>
    </section>
  )
}
