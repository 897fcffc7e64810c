import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { User } from '../../../contract/accounts.contract'
import { safeRedirect } from '../../lib/guard'
import { startSession } from '../../lib/session'
import { refreshSettings } from '../../lib/settings'

/**
 * After any sign-in: keep the session, fetch settings, and go where the person was headed (`redirect`), or
 * else to `fallback`: an admin's own page, /admin, and everyone else's /account.
 */
export function useSignedIn() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  return async (
    session: { token: string; user: User },
    redirect: unknown,
    fallback: string = homeOf(session.user),
  ) => {
    // Whatever the previous person had cached is not theirs.
    queryClient.clear()
    await startSession(session.token, session.user)
    void refreshSettings()
    await navigate({ to: safeRedirect(redirect, fallback) })
  }
}

/** Where a person goes after signing in when nothing else was asked. */
export function homeOf(user: Pick<User, 'roles'>): '/admin' | '/account' {
  return user.roles.includes('admin') ? '/admin' : '/account'
}
