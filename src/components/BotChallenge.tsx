import { Trans } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { useRuntimeSettings } from '../lib/runtime'
import type { FieldErrors } from './Form'

/** The slice of Cloudflare Turnstile's browser API this component uses. */
interface Turnstile {
  render(
    element: HTMLElement,
    options: {
      sitekey: string
      callback: (token: string) => void
      'expired-callback': () => void
      'error-callback': () => void
    },
  ): string
  reset(widgetId: string): void
  remove(widgetId: string): void
}

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'
let loading: Promise<Turnstile> | undefined

/** The provider's script, fetched the first time a form with a challenge is shown, never on first load. */
function loadTurnstile(): Promise<Turnstile> {
  loading ??= new Promise<Turnstile>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = SCRIPT_URL
    script.async = true
    script.onload = () => {
      const api = (window as { turnstile?: Turnstile }).turnstile
      if (api) resolve(api)
      else reject(new Error('Turnstile loaded without its API'))
    }
    script.onerror = () => {
      loading = undefined
      reject(new Error('Turnstile could not be loaded'))
    }
    document.head.append(script)
  })
  return loading
}

/**
 * The bot challenge on sign-up, contact and checkout forms (docs/product.md (Calls)). Absent when no site key is
 * configured; otherwise its token travels in the form as `challengeToken`. A token works once, so the
 * widget starts again after every submit that did not move the person on.
 */
export function BotChallenge({ busy, errors = {} }: { busy: boolean; errors?: FieldErrors }) {
  const siteKey = useRuntimeSettings().challengeSiteKey
  const holder = useRef<HTMLDivElement>(null)
  const widget = useRef<{ api: Turnstile; id: string } | null>(null)
  const [token, setToken] = useState('')
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (!siteKey) return
    let cancelled = false
    loadTurnstile()
      .then((api) => {
        if (cancelled || !holder.current) return
        const widgetId = api.render(holder.current, {
          sitekey: siteKey,
          callback: setToken,
          'expired-callback': () => setToken(''),
          'error-callback': () => setToken(''),
        })
        widget.current = { api, id: widgetId }
      })
      .catch((error: unknown) => {
        console.error(error)
        if (!cancelled) setFailed(true)
      })
    return () => {
      cancelled = true
      if (widget.current) widget.current.api.remove(widget.current.id)
      widget.current = null
    }
  }, [siteKey])

  const wasBusy = useRef(busy)
  useEffect(() => {
    if (wasBusy.current && !busy && widget.current) {
      widget.current.api.reset(widget.current.id)
      setToken('')
    }
    wasBusy.current = busy
  }, [busy])

  if (!siteKey) return null
  const error = errors.challengeToken
  return (
    <fieldset className="field challenge">
      <legend className="field-hint">
        <Trans>A quick check that you are not a robot:</Trans>
      </legend>
      <div ref={holder} />
      <input type="hidden" name="challengeToken" value={token} />
      {failed ? (
        <p className="field-error">
          <Trans>The robot check could not load. Check your connection, then reload the page.</Trans>
        </p>
      ) : null}
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  )
}
