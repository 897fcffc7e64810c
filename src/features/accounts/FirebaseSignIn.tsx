import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { initializeApp } from 'firebase/app'
import {
  type Auth,
  type ConfirmationResult,
  type User as FirebaseUser,
  GoogleAuthProvider,
  getAuth,
  RecaptchaVerifier,
  signInWithPhoneNumber,
  signInWithPopup,
} from 'firebase/auth'
import { useRef, useState } from 'react'
import { Field, FormMessage, SubmitButton, text, useSubmit } from '../../components/Form'
import { RpcError, rpc } from '../../lib/rpc'
import { runtimeSettings } from '../../lib/runtime'
import { useSignedIn } from './useSignedIn'

let auth: Auth | undefined
function firebaseAuth(): Auth {
  const config = runtimeSettings().firebase
  if (!config) throw new Error('Firebase sign-in is not configured')
  auth ??= getAuth(initializeApp(config, 'soko'))
  return auth
}

/** A Firebase error code in words a person can act on. */
function firebaseMessage(error: unknown): string {
  const code = (error as { code?: string }).code ?? ''
  if (code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request')
    return t`The Google window was closed before signing in. Try again.`
  if (code === 'auth/popup-blocked')
    return t`Your browser blocked the Google window. Allow pop-ups for Soko, then try again.`
  if (code === 'auth/invalid-phone-number') return t`That phone number is not valid. Use +2547XX XXX XXX.`
  if (code === 'auth/invalid-verification-code')
    return t`That code is not right. Check the SMS and try again.`
  if (code === 'auth/too-many-requests') return t`Too many attempts. Wait a few minutes, then try again.`
  if (code === 'auth/network-request-failed') return t`No connection. Check your network, then try again.`
  if (error instanceof RpcError) return error.message
  console.error('Firebase sign-in failed', error)
  return t`Signing in did not work. Try again, or use your e-mail and password.`
}

/** "Continue with Google" and phone sign-in, offered on /login and /signup when Firebase is configured. */
export default function FirebaseSignIn({ redirect }: { redirect?: string }) {
  const { t } = useLingui()
  const signedIn = useSignedIn()
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [confirmation, setConfirmation] = useState<ConfirmationResult | null>(null)
  const recaptchaRef = useRef<HTMLDivElement>(null)
  const verifier = useRef<RecaptchaVerifier | null>(null)

  const finish = async (user: FirebaseUser) => {
    const session = await rpc('signInWithFirebase', { idToken: await user.getIdToken() })
    await signedIn(session, redirect)
  }

  const google = async () => {
    setBusy(true)
    setMessage(null)
    try {
      const result = await signInWithPopup(firebaseAuth(), new GoogleAuthProvider())
      await finish(result.user)
    } catch (error) {
      setMessage(firebaseMessage(error))
    } finally {
      setBusy(false)
    }
  }

  const phoneForm = useSubmit(async (data) => {
    try {
      if (!confirmation) {
        if (!recaptchaRef.current) return
        verifier.current ??= new RecaptchaVerifier(firebaseAuth(), recaptchaRef.current, {
          size: 'invisible',
        })
        const digits = text(data, 'phone').replace(/[\s-]/g, '')
        const e164 = digits.startsWith('+') ? digits : `+254${digits.replace(/^(254|0)/, '')}`
        setConfirmation(await signInWithPhoneNumber(firebaseAuth(), e164, verifier.current))
        return
      }
      const result = await confirmation.confirm(text(data, 'code'))
      await finish(result.user)
    } catch (error) {
      throw new RpcError(400, firebaseMessage(error))
    }
  })

  return (
    <section className="alt-signin" aria-labelledby="alt-signin-heading">
      <h2 id="alt-signin-heading">
        <Trans>Or</Trans>
      </h2>
      <FormMessage message={message} />
      <button type="button" className="button secondary" onClick={google} disabled={busy}>
        <Trans>Continue with Google</Trans>
      </button>
      <form onSubmit={phoneForm.onSubmit} className="form" noValidate>
        <FormMessage message={phoneForm.message} />
        {confirmation ? (
          <Field
            label={t`Code from the SMS`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            errors={phoneForm.errors}
          />
        ) : (
          <Field
            label={t`Sign in with your phone`}
            name="phone"
            type="tel"
            autoComplete="tel"
            placeholder="0712 345 678"
            hint={t`For accounts whose phone number is confirmed.`}
            required
            errors={phoneForm.errors}
          />
        )}
        <SubmitButton busy={phoneForm.busy} busyText={t`One moment…`}>
          {confirmation ? t`Sign in` : t`Send me a code`}
        </SubmitButton>
        <div ref={recaptchaRef} />
      </form>
    </section>
  )
}
