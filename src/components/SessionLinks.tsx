import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { RpcError, rpc } from '../lib/rpc'
import { clearSession, useSession } from '../lib/session'

/** The header's end: "Sign in" for visitors; the account and "Sign out" for a signed-in person. */
export function SessionLinks() {
  const session = useSession()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  if (!session.token) return <Link to="/login">Sign in</Link>
  const signOut = async () => {
    setBusy(true)
    try {
      await rpc('signOut', {})
    } catch (error) {
      // Offline or already ended on the server: this device forgets the session all the same.
      if (!(error instanceof RpcError)) console.error(error)
    }
    queryClient.clear()
    await clearSession()
    setBusy(false)
    await navigate({ to: '/' })
  }
  return (
    <>
      <Link to="/account">{session.user?.name.split(' ')[0] || 'Account'}</Link>
      <button type="button" className="link-button" onClick={signOut} disabled={busy}>
        Sign out
      </button>
    </>
  )
}
