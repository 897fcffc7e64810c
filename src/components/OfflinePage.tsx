import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState } from 'react'
import { sokoAnswers } from '../lib/connection'
import { useOnline } from '../lib/install'
import { usePageTitle } from '../lib/title'
import { Icon, type IconName } from './Icon'

/** While this page shows, Soko is asked again this often, in case the browser never says `online`. */
const RETRY_EVERY_MS = 20_000

/**
 * When the browser says it is back online, Soko is asked at once and, if the network is not quite ready
 * yet (a phone's data link often needs a moment), again after these waits.
 */
const AFTER_ONLINE_MS = [1_000, 3_000, 7_000]

/** What opens with no network, from what this device kept: purchases, the offline library, the books. */
const OFFLINE_PLACES: {
  to: '/account/purchases' | '/downloads' | '/account/transactions'
  icon: IconName
  name: MessageDescriptor
  what: MessageDescriptor
}[] = [
  { to: '/account/purchases', icon: 'bag', name: msg`Purchases`, what: msg`your orders and tickets` },
  { to: '/downloads', icon: 'download', name: msg`Downloads`, what: msg`files kept on this device` },
  {
    to: '/account/transactions',
    icon: 'wallet',
    name: msg`Transactions`,
    what: msg`your sales and payouts`,
  },
]

type Check = 'idle' | 'checking' | 'still-offline'

/**
 * A page that needs the network and was never kept on this device, opened with no connection. It says so,
 * points to what works offline, and loads the page by itself once Soko answers again: when the browser
 * says it is back online, every little while, or when "Try again" is pressed. `onRetry` loads the page
 * again; it runs only after Soko has answered, so the person never sees the page flicker while offline.
 */
export function OfflinePage({ onRetry }: { onRetry: () => Promise<void> | void }) {
  const { t } = useLingui()
  const online = useOnline()
  const [check, setCheck] = useState<Check>('idle')
  const busy = useRef(false)
  /** Asked again while a check was under way: it checks once more when it ends. */
  const again = useRef(false)
  usePageTitle('Offline')

  const retry = useCallback(
    async (asked: boolean) => {
      if (busy.current) {
        again.current = true
        return
      }
      busy.current = true
      if (asked) setCheck('checking')
      try {
        do {
          again.current = false
          if (await sokoAnswers()) {
            await onRetry()
            return
          }
        } while (again.current)
        if (asked) setCheck('still-offline')
      } finally {
        busy.current = false
      }
    },
    [onRetry],
  )

  useEffect(() => {
    const check = () => void retry(false)
    let followUps: ReturnType<typeof setTimeout>[] = []
    const back = () => {
      for (const t of followUps) clearTimeout(t)
      check()
      followUps = AFTER_ONLINE_MS.map((ms) => setTimeout(check, ms))
    }
    window.addEventListener('online', back)
    const timer = setInterval(check, RETRY_EVERY_MS)
    return () => {
      window.removeEventListener('online', back)
      clearInterval(timer)
      for (const t of followUps) clearTimeout(t)
    }
  }, [retry])

  return (
    <section className="offline-page" aria-labelledby="offline-heading">
      <div className="offline-icon">
        <Icon name="offline" size={32} />
      </div>
      <h1 id="offline-heading">{online ? t`Soko can’t be reached` : t`You’re offline`}</h1>
      <p role="alert" className="offline-lead">
        <Trans>
          This page isn’t saved on this device yet, so it needs a connection. It opens by itself as soon as
          you’re back online.
        </Trans>
      </p>
      <div className="offline-retry">
        <button
          type="button"
          className="button"
          onClick={() => void retry(true)}
          disabled={check === 'checking'}
        >
          <Trans>Try again</Trans>
        </button>
        <p role="status" className="muted">
          {check === 'checking'
            ? t`Checking your connection…`
            : check === 'still-offline'
              ? t`Still no connection. Soko keeps trying.`
              : ''}
        </p>
      </div>
      <h2>
        <Trans>What works offline</Trans>
      </h2>
      <ul className="offline-places">
        {OFFLINE_PLACES.map((place) => (
          <li key={place.to}>
            <Link to={place.to}>
              <Icon name={place.icon} size={22} />
              <span>
                <strong>{t(place.name)}</strong>
                <span className="muted">{t(place.what)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
