import { redirect } from '@tanstack/react-router'
import type { User } from '../../contract/accounts.contract'
import { rpc } from './rpc'
import { getSession, restoreSession, storeUser } from './session'

/** Search params of pages that send people on after signing in (/login, /register). */
export function redirectSearch(search: Record<string, unknown>): { redirect?: string } {
  return typeof search.redirect === 'string' ? { redirect: search.redirect } : {}
}

/** Only paths on this site may be returned to after sign-in: never `//elsewhere` or a full URL. */
export function safeRedirect(target: unknown, fallback = '/account'): string {
  return typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') ? target : fallback
}

/** The signed-in user, fetched with getMe when only the token was kept (e.g. IndexedDB was wiped). */
export async function currentUser(): Promise<User | null> {
  const session = await restoreSession()
  if (!session.token) return null
  if (session.user) return session.user
  const { user } = await rpc('getMe', {})
  await storeUser(user)
  return user
}

/**
 * The `auth-client` route guard (docs/product.md (The session)): signed-out visitors go to /login and come back after signing
 * in; a role the person lacks sends sellers-to-be to /register. Admin-only pages check the role themselves
 * and say so, since there is nothing a non-admin can do to get in.
 */
export async function authClient({ href, role }: { href: string; role?: 'seller' }): Promise<void> {
  await restoreSession()
  if (!getSession().token) throw redirect({ to: '/login', search: { redirect: href } })
  if (role === 'seller') {
    const user = await currentUser()
    if (user && !user.roles.includes('seller'))
      throw redirect({ to: '/register', search: { redirect: href } })
  }
}
