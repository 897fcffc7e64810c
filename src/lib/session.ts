import { delMany, get, setMany } from 'idb-keyval'
import Cookies from 'js-cookie'
import { useSyncExternalStore } from 'react'
import type { User } from '../../contract/accounts.contract'
import { AUTH_COOKIE_MAX_AGE } from '../../contract/session'

export { AUTH_COOKIE_MAX_AGE }

/** docs/product.md (The session): the token lives in a cookie and in IndexedDB; the user object in IndexedDB. */
export const AUTH_COOKIE = 'auth_token'
export const STORE_KEYS = { token: 'auth_token', user: 'user' } as const

export interface Session {
  /** `restoring` until IndexedDB has been read at start. */
  status: 'restoring' | 'signedIn' | 'signedOut'
  token: string | null
  user: User | null
}

const listeners = new Set<() => void>()
let state: Session = (() => {
  // The cookie can be read at once, so a signed-in person is never shown as signed out while IndexedDB opens.
  const token = readCookie()
  return { status: token ? 'signedIn' : 'restoring', token, user: null }
})()

function readCookie(): string | null {
  return typeof document === 'undefined' ? null : Cookies.get(AUTH_COOKIE) || null
}

function writeCookie(token: string | null) {
  if (token === null) {
    Cookies.remove(AUTH_COOKIE, { path: '/' })
    return
  }
  Cookies.set(AUTH_COOKIE, token, {
    path: '/',
    sameSite: 'Lax',
    secure: location.protocol === 'https:',
    'max-age': String(AUTH_COOKIE_MAX_AGE),
  })
}

function publish(next: Session) {
  state = next
  for (const listener of listeners) listener()
}

export function getSession(): Session {
  return state
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** What the server rendered with (it knows no session), so the app takes its HTML over as it is. */
const SERVER_SESSION: Session = { status: 'restoring', token: null, user: null }

/** The session, re-rendering when it changes. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, () => SERVER_SESSION)
}

let restoring: Promise<Session> | undefined

/**
 * Reads the session at start from either store, and writes it back to the one that lacks it: a cookie
 * cleared by the browser, or an IndexedDB wiped by storage pressure, does not sign anyone out.
 */
export function restoreSession(): Promise<Session> {
  restoring ??= (async () => {
    const cookieToken = readCookie()
    let storedToken: string | null = null
    let user: User | null = null
    try {
      storedToken = (await get<string>(STORE_KEYS.token)) ?? null
      user = (await get<User>(STORE_KEYS.user)) ?? null
    } catch (error) {
      console.error('Could not read the session from IndexedDB', error)
    }
    const token = cookieToken ?? storedToken
    if (token && !cookieToken) writeCookie(token)
    if (token && storedToken !== token) await persist(token, user)
    publish({ status: token ? 'signedIn' : 'signedOut', token, user: token ? user : null })
    return state
  })()
  return restoring
}

async function persist(token: string, user: User | null) {
  try {
    await setMany([
      [STORE_KEYS.token, token],
      [STORE_KEYS.user, user],
    ])
  } catch (error) {
    console.error('Could not keep the session in IndexedDB', error)
  }
}

/** After sign-in or sign-up: both stores get the token, IndexedDB the user. */
export async function startSession(token: string, user: User): Promise<void> {
  writeCookie(token)
  publish({ status: 'signedIn', token, user })
  await persist(token, user)
}

/** A newer copy of the signed-in user (after getMe, a profile change, or getSettings). */
export async function storeUser(user: User): Promise<void> {
  if (!state.token) return
  publish({ ...state, user })
  await persist(state.token, user)
}

/** Sign-out, or a 600 from the server: token and user leave both stores. */
export async function clearSession(): Promise<void> {
  writeCookie(null)
  publish({ status: 'signedOut', token: null, user: null })
  try {
    await delMany([STORE_KEYS.token, STORE_KEYS.user])
  } catch (error) {
    console.error('Could not clear the session from IndexedDB', error)
  }
}
