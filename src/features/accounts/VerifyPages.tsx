import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { Field, FormMessage, SubmitButton, text, useSubmit } from '../../components/Form'
import { RpcError, rpc } from '../../lib/rpc'
import { getSession, storeUser, useSession } from '../../lib/session'
import { usePageTitle } from '../../lib/title'
import { Outcome } from './fields'

/** /verify-email: where the link went, and a button to send it again. */
export function VerifyEmailPage() {
  const { t } = useLingui()
  usePageTitle(t`Check your e-mail`)
  const session = useSession()
  const [sent, setSent] = useState<string | null>(null)
  const form = useSubmit(async () => {
    const { sentTo } = await rpc('requestEmailVerification', {})
    setSent(t`We sent a new link to ${sentTo}.`)
  })
  const user = session.user
  if (session.status === 'restoring')
    return (
      <p className="page">
        <Trans>Loading…</Trans>
      </p>
    )
  if (!session.token)
    return (
      <section className="page narrow">
        <h1>
          <Trans>Check your e-mail</Trans>
        </h1>
        <p>
          <Trans>
            Open the link we sent you to confirm your address. To send it again,{' '}
            <Link to="/login" search={{ redirect: '/verify-email' }}>
              sign in
            </Link>
            .
          </Trans>
        </p>
      </section>
    )
  if (user?.emailVerified) {
    const confirmed = user.email
    return (
      <section className="page narrow">
        <h1>
          <Trans>Your e-mail is confirmed</Trans>
        </h1>
        <p>
          <Trans>
            {confirmed} is confirmed. <Link to="/account">Go to your account</Link>.
          </Trans>
        </p>
      </section>
    )
  }
  const address = user?.email ?? t`your address`
  return (
    <section className="page narrow" aria-labelledby="verify-email-heading">
      <h1 id="verify-email-heading">
        <Trans>Check your e-mail</Trans>
      </h1>
      <p className="lead">
        <Trans>
          We sent a link to <strong>{address}</strong>. Open it on any device to confirm your address; it
          works for 24 hours.
        </Trans>
      </p>
      <p>
        <Trans>Nothing there? Look in the spam folder, or send the link again.</Trans>
      </p>
      <form onSubmit={form.onSubmit} className="form">
        <FormMessage message={form.message} />
        <FormMessage message={sent} tone="ok" />
        <SubmitButton busy={form.busy} busyText={t`Sending…`}>
          <Trans>Send the link again</Trans>
        </SubmitButton>
      </form>
      <p>
        <Trans>
          Wrong address? Change it by creating a new account, or continue to{' '}
          <Link to="/account">your account</Link> and confirm later.
        </Trans>
      </p>
    </section>
  )
}

const accountRoute = getRouteApi('/_default/verify/account/$token')

/** /verify/account/{token}: the mailed link's target. It confirms on arrival, once. */
export function ConfirmEmailPage() {
  const { t } = useLingui()
  usePageTitle(t`Confirming your e-mail`)
  const { token } = accountRoute.useParams()
  const [state, setState] = useState<{
    status: 'working' | 'done' | 'invalid' | 'failed'
    message: string
  }>({
    status: 'working',
    message: '',
  })
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    rpc('verifyEmail', { token })
      .then(async ({ email }) => {
        setState({ status: 'done', message: t`${email} is confirmed. Thank you!` })
        // The stored user learns it too, if this browser is signed in as that person.
        const { user } = getSession()
        if (user && user.email.toLowerCase() === email.toLowerCase())
          await storeUser({ ...user, emailVerified: true })
      })
      .catch((error: unknown) =>
        // A token the server refuses, whether malformed, unknown, used or out of date, is one outcome.
        error instanceof RpcError && error.errors.token
          ? setState({ status: 'invalid', message: '' })
          : setState({
              status: 'failed',
              message:
                error instanceof RpcError ? error.message : t`The address could not be confirmed. Try again.`,
            }),
      )
  }, [token, t])
  if (state.status === 'done')
    return (
      <Outcome title={t`Your e-mail is confirmed`} next={{ to: '/account', label: t`Go to your account` }}>
        {state.message}
      </Outcome>
    )
  if (state.status === 'invalid')
    return (
      <Outcome
        title={t`This link is invalid or has expired`}
        tone="error"
        next={{ to: '/verify-email', label: t`Send me a new link` }}
      >
        <Trans>
          A confirmation link works once, for 24 hours. Ask for a new one and open the link in the newest
          e-mail.
        </Trans>
      </Outcome>
    )
  if (state.status === 'failed')
    return (
      <Outcome
        title={t`This link did not work`}
        tone="error"
        next={{ to: '/verify-email', label: t`Send me a new link` }}
      >
        {state.message}
      </Outcome>
    )
  return (
    <section className="page narrow" aria-busy="true">
      <h1>
        <Trans>Confirming your e-mail</Trans>
      </h1>
      <p>
        <Trans>One moment…</Trans>
      </p>
    </section>
  )
}

/** /verify: confirm a phone number with a code by SMS (needed for M-Pesa payouts). */
export function VerifyPhonePage() {
  const { t } = useLingui()
  usePageTitle(t`Confirm your phone`)
  const session = useSession()
  const phone = session.user?.phone
  const [sent, setSent] = useState<{ phone: string; sentTo: string } | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const request = useSubmit(async (data) => {
    const phone = text(data, 'phone')
    const { sentTo } = await rpc('requestPhoneCode', { phone })
    setSent({ phone, sentTo })
  })
  const confirm = useSubmit(async (data) => {
    if (!sent) return
    const { user } = await rpc('verifyPhone', { phone: sent.phone, code: text(data, 'code') })
    await storeUser(user)
    setDone(sent.sentTo)
  })
  const sentTo = sent?.sentTo
  if (done)
    return (
      <Outcome
        title={t`Your phone is confirmed`}
        next={{ to: '/account/settings', label: t`Back to settings` }}
      >
        <Trans>{done} is confirmed on your account.</Trans>
      </Outcome>
    )
  return (
    <section className="page narrow" aria-labelledby="verify-phone-heading">
      <h1 id="verify-phone-heading">
        <Trans>Confirm your phone</Trans>
      </h1>
      <p className="lead">
        <Trans>We send a 6-digit code by SMS. A confirmed number is needed for M-Pesa payouts.</Trans>
      </p>
      {phone ? (
        <p className="notice">
          <Trans>Confirmed now: +{phone}.</Trans>
        </p>
      ) : null}
      {sent ? (
        <form onSubmit={confirm.onSubmit} noValidate className="form">
          <FormMessage message={confirm.message} />
          <p role="status">
            <Trans>We sent a code to {sentTo}. It works for 10 minutes.</Trans>
          </p>
          <Field
            label={t`Code from the SMS`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            errors={confirm.errors}
          />
          <div className="actions">
            <SubmitButton busy={confirm.busy} busyText={t`Checking…`}>
              <Trans>Confirm</Trans>
            </SubmitButton>
            <button type="button" className="button secondary" onClick={() => setSent(null)}>
              <Trans>Use another number</Trans>
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={request.onSubmit} noValidate className="form">
          <FormMessage message={request.message} />
          <Field
            label={t`Phone number`}
            name="phone"
            type="tel"
            autoComplete="tel"
            placeholder="0712 345 678"
            hint={t`A Kenyan mobile number: 07XX…, 01XX… or +254…`}
            required
            errors={request.errors}
          />
          <SubmitButton busy={request.busy} busyText={t`Sending…`}>
            <Trans>Send me a code</Trans>
          </SubmitButton>
        </form>
      )}
    </section>
  )
}
