import { useState } from 'react'
import { needsIosInstallHint, useInstallPrompt, useOnline } from '../lib/install'
import { useNewerBuild } from '../lib/updates'
import { Icon } from './Icon'

const IOS_HINT_DISMISSED = 'soko:ios-install-hint-dismissed'

/** The install button, shown only while the browser offers installation. */
export function InstallButton() {
  const { available, install } = useInstallPrompt()
  if (!available) return null
  return (
    <button type="button" className="link-button install-button" onClick={() => void install()}>
      <Icon name="install" size={18} /> Install Soko
    </button>
  )
}

/**
 * Lines under the header about the app itself: offline, a new version waiting for the next page, and on
 * iPhone how to add Soko to the home screen. Each is announced politely to screen readers.
 */
export function AppStatus() {
  const online = useOnline()
  const newer = useNewerBuild()
  const [iosHint, setIosHint] = useState(() => {
    try {
      return needsIosInstallHint() && localStorage.getItem(IOS_HINT_DISMISSED) === null
    } catch {
      return false
    }
  })
  return (
    <div className="app-status">
      {online ? null : (
        <p className="app-status-line app-status-offline" role="status">
          <Icon name="offline" size={18} /> You are offline. Pages you opened before still work; changes wait
          for a connection.
        </p>
      )}
      {newer ? (
        <p className="app-status-line" role="status">
          A new version of Soko is ready: it opens with your next page.
        </p>
      ) : null}
      {iosHint ? (
        <p className="app-status-line">
          <Icon name="share" size={18} /> Install Soko: tap Share, then “Add to Home Screen”.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              localStorage.setItem(IOS_HINT_DISMISSED, '1')
              setIosHint(false)
            }}
          >
            Dismiss
          </button>
        </p>
      ) : null}
    </div>
  )
}
