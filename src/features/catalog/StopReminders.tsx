import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { RECOVERY_PARAM, RECOVERY_TOKEN_PATTERN } from '../../../contract/recovery-link'

/** Where the token is kept for the tab, for the checkout to send (useDiscountCode reads the same key). */
const KEPT_RECOVERY = 'soko.recovery'

/**
 * A product page opened from a checkout reminder's link (`?r=`): one tap stops such reminders, a plain
 * form post to the server's stop address, answered by the server's own page. The token is kept for the
 * tab, so the checkout opened from here counts as recovered.
 */
export default function StopReminders() {
  const [token, setToken] = useState('')
  useEffect(() => {
    const r = new URLSearchParams(location.search).get(RECOVERY_PARAM) ?? ''
    if (!RECOVERY_TOKEN_PATTERN.test(r)) return
    setToken(r)
    try {
      sessionStorage.setItem(KEPT_RECOVERY, r)
    } catch {
      // Storage refused: the reminder still stops; the sale is not counted as recovered.
    }
  }, [])
  if (!token) return null
  return (
    <form method="post" action={`/r/${token}/stop`} className="muted stop-reminders">
      <Trans>Reminded of this by Soko?</Trans>{' '}
      <button type="submit" className="link-button">
        <Trans>Stop reminders</Trans>
      </button>
    </form>
  )
}
