import { getRouteApi, Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { Field, FormMessage, SubmitButton, text, useSubmit } from '../../components/Form'
import { RpcError, rpc } from '../../lib/rpc'
import { getSession, storeUser, useSession } from '../../lib/session'
import { usePageTitle } from '../../lib/title'
import { Outcome } from './fields'

/** /verify-email: where the link went, and a button to send it again. */
export function VerifyEmailPage() {
  usePageTitle('Check your e-mail')
  const session = useSession()
  const [sent, setSent] = useState<string | null>(null)
  const form = useSubmit(async () => {
    const { sentTo } = await rpc('requestEmailVerification', {})
    setSent(`We sent a new link to ${sentTo}.`)
  })
  const user = session.user
  if (session.status === 'restoring') return <p className="page">Loading…</p>
  if (!session.token)
    return (
      <section className="page narrow">
        <h1>Check your e-mail</h1>
        <p>
          Open the link we sent you to confirm your address. To send it again,{' '}
          <Link to="/login" search={{ redirect: '/verify-email' }}>
            sign in
          </Link>
          .
        </p>
      </section>
    )
  if (user?.emailVerified)
    return (
      <section className="page narrow">
        <h1>Your e-mail is confirmed</h1>
        <p>
          {user.email} is confirmed. <Link to="/account">Go to your account</Link>.
        </p>
      </section>
    )
  return (
    <section className="page narrow" aria-labelledby="verify-email-heading">
      <h1 id="verify-email-heading">Check your e-mail</h1>
      <p className="lead">
        We sent a link to <strong>{user?.email ?? 'your address'}</strong>. Open it on any device to confirm
        your address; it works for 24 hours.
      </p>
      <p>Nothing there? Look in the spam folder, or send the link again.</p>
      <form onSubmit={form.onSubmit} className="form">
        <FormMessage message={form.message} />
        <FormMessage message={sent} tone="ok" />
        <SubmitButton busy={form.busy} busyText="Sending…">
          Send the link again
        </SubmitButton>
      </form>
      <p>
        Wrong address? Change it by creating a new account, or continue to{' '}
        <Link to="/account">your account</Link> and confirm later.
      </p>
    </section>
  )
}

const accountRoute = getRouteApi('/_default/verify/account/$token')

/** /verify/account/{token}: the mailed link's target. It confirms on arrival, once. */
export function ConfirmEmailPage() {
  usePageTitle('Confirming your e-mail')
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
        setState({ status: 'done', message: `${email} is confirmed. Thank you!` })
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
                error instanceof RpcError ? error.message : 'The address could not be confirmed. Try again.',
            }),
      )
  }, [token])
  if (state.status === 'done')
    return (
      <Outcome title="Your e-mail is confirmed" next={{ to: '/account', label: 'Go to your account' }}>
        {state.message}
      </Outcome>
    )
  if (state.status === 'invalid')
    return (
      <Outcome
        title="This link is invalid or has expired"
        tone="error"
        next={{ to: '/verify-email', label: 'Send me a new link' }}
      >
        A confirmation link works once, for 24 hours. Ask for a new one and open the link in the newest
        e-mail.
      </Outcome>
    )
  if (state.status === 'failed')
    return (
      <Outcome
        title="This link did not work"
        tone="error"
        next={{ to: '/verify-email', label: 'Send me a new link' }}
      >
        {state.message}
      </Outcome>
    )
  return (
    <section className="page narrow" aria-busy="true">
      <h1>Confirming your e-mail</h1>
      <p>One moment…</p>
    </section>
  )
}

/** /verify: confirm a phone number with a code by SMS (needed for M-Pesa payouts). */
export function VerifyPhonePage() {
  usePageTitle('Confirm your phone')
  const session = useSession()
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
  if (done)
    return (
      <Outcome title="Your phone is confirmed" next={{ to: '/account/settings', label: 'Back to settings' }}>
        {done} is confirmed on your account.
      </Outcome>
    )
  return (
    <section className="page narrow" aria-labelledby="verify-phone-heading">
      <h1 id="verify-phone-heading">Confirm your phone</h1>
      <p className="lead">We send a 6-digit code by SMS. A confirmed number is needed for M-Pesa payouts.</p>
      {session.user?.phone ? <p className="notice">Confirmed now: +{session.user.phone}.</p> : null}
      {sent ? (
        <form onSubmit={confirm.onSubmit} noValidate className="form">
          <FormMessage message={confirm.message} />
          <p role="status">We sent a code to {sent.sentTo}. It works for 10 minutes.</p>
          <Field
            label="Code from the SMS"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            errors={confirm.errors}
          />
          <div className="actions">
            <SubmitButton busy={confirm.busy} busyText="Checking…">
              Confirm
            </SubmitButton>
            <button type="button" className="button secondary" onClick={() => setSent(null)}>
              Use another number
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={request.onSubmit} noValidate className="form">
          <FormMessage message={request.message} />
          <Field
            label="Phone number"
            name="phone"
            type="tel"
            autoComplete="tel"
            placeholder="0712 345 678"
            hint="A Kenyan mobile number: 07XX…, 01XX… or +254…"
            required
            errors={request.errors}
          />
          <SubmitButton busy={request.busy} busyText="Sending…">
            Send me a code
          </SubmitButton>
        </form>
      )}
    </section>
  )
}
