import { Trans } from '@lingui/react/macro'
import { useState, useSyncExternalStore } from 'react'
import { subscribeToNothing } from '../lib/hydration'
import { needsIosInstallHint, useInstallPrompt, useOnline } from '../lib/install'
import { useSession } from '../lib/session'
import { useNewerBuild } from '../lib/updates'
import { Icon } from './Icon'

const IOS_HINT_DISMISSED = 'soko:ios-install-hint-dismissed'
const INSTALL_LINE_DISMISSED = 'soko:install-line-dismissed'

/** A flag kept in localStorage (a private window without storage just shows the line again). */
function useDismissed(key: string): [boolean, () => void] {
  const [dismissed, setDismissed] = useState(() => {
    try {
      return localStorage.getItem(key) !== null
    } catch {
      return false
    }
  })
  const dismiss = () => {
    try {
      localStorage.setItem(key, '1')
    } catch {
      // Not kept: it stays dismissed until the page is reloaded.
    }
    setDismissed(true)
  }
  return [dismissed, dismiss]
}

/** The visitor's install button in the header on wide screens (on phones the line under the header has it). */
export function InstallButton() {
  const { available, install } = useInstallPrompt()
  if (!available) return null
  return (
    <button type="button" className="link-button install-button" onClick={() => void install()}>
      <Icon name="install" size={18} /> <Trans>Install Soko</Trans>
    </button>
  )
}

/**
 * The same offer on a phone, for a visitor: a line floating at the bottom of the screen (the header row has
 * no room for a third control beside "Sign in", and a line under it would push the page down when the
 * browser makes its offer), which can be put away. A signed-in person finds it in the account menu.
 */
function InstallLine() {
  const { available, install } = useInstallPrompt()
  const session = useSession()
  const [dismissed, dismiss] = useDismissed(INSTALL_LINE_DISMISSED)
  if (!available || session.token || dismissed) return null
  return (
    <p className="app-status-line install-line">
      <Icon name="install" size={18} /> <Trans>Soko works offline from your home screen.</Trans>
      <button type="button" className="link-button" onClick={() => void install()}>
        <Trans>Install Soko</Trans>
      </button>
      <button type="button" className="link-button" onClick={dismiss}>
        <Trans>Not now</Trans>
      </button>
    </p>
  )
}

/**
 * Lines under the header about the app itself: offline, a new version waiting for the next page, and on
 * iPhone how to add Soko to the home screen. Each is announced politely to screen readers.
 */
export function AppStatus() {
  const online = useOnline()
  const newer = useNewerBuild()
  const [iosHintDismissed, dismissIosHint] = useDismissed(IOS_HINT_DISMISSED)
  // Read after the server's HTML is taken over (the server cannot know the device): the first render
  // matches that HTML, the next one shows the hint.
  const iosHint = useSyncExternalStore(subscribeToNothing, needsIosInstallHint, () => false)
  return (
    <div className="app-status">
      {online ? null : (
        <p className="app-status-line app-status-offline" role="status">
          <Icon name="offline" size={18} />{' '}
          <Trans>You are offline. Pages you opened before still work; changes wait for a connection.</Trans>
        </p>
      )}
      {newer ? (
        <p className="app-status-line" role="status">
          <Trans>A new version of Soko is ready: it opens with your next page.</Trans>
        </p>
      ) : null}
      <InstallLine />
      {iosHint && !iosHintDismissed ? (
        <p className="app-status-line">
          <Icon name="share" size={18} /> <Trans>Install Soko: tap Share, then “Add to Home Screen”.</Trans>{' '}
          <button type="button" className="link-button" onClick={dismissIosHint}>
            <Trans>Dismiss</Trans>
          </button>
        </p>
      ) : null}
    </div>
  )
}
