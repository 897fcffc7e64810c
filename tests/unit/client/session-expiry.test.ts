import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SESSION_EXPIRED } from '../../../contract/rpc'
import { loginAfterExpiry, RpcError, rpc, setSessionExpiredHandler } from '../../../src/lib/rpc'
import { clearSession, getSession, startSession } from '../../../src/lib/session'

vi.mock('idb-keyval', () => ({
  get: async () => undefined,
  set: async () => undefined,
  delMany: async () => undefined,
  setMany: async () => undefined,
}))

const user = { id: 'u1', name: 'Wanjiru Kamau', email: 'wanjiru@soko.test' } as never

/** The server answers every call with a 600, after `before` has run (the call is then on its way). */
function answerExpired(before: () => Promise<void> = async () => undefined) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      await before()
      return new Response(
        JSON.stringify({ statusCode: SESSION_EXPIRED, message: 'Session expired', data: null }),
        {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        },
      )
    }),
  )
}

describe('a 600 ends the session it was sent with', () => {
  const expired = vi.fn(async () => clearSession())
  beforeEach(async () => {
    expired.mockClear()
    setSessionExpiredHandler(expired)
    await startSession('token-a', user)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('ends the session when the token it was sent with is still the one signed in', async () => {
    answerExpired()
    await expect(rpc('getMe', {})).rejects.toBeInstanceOf(RpcError)
    expect(expired).toHaveBeenCalledTimes(1)
    expect(getSession().token).toBeNull()
  })

  it('is only that call’s error when the person signed out while it was on its way', async () => {
    answerExpired(() => clearSession())
    await expect(rpc('getMe', {})).rejects.toMatchObject({ status: SESSION_EXPIRED })
    expect(expired).not.toHaveBeenCalled()
  })

  it('leaves a newer sign-in alone', async () => {
    answerExpired(() => startSession('token-b', user))
    await expect(rpc('getMe', {})).rejects.toMatchObject({ status: SESSION_EXPIRED })
    expect(expired).not.toHaveBeenCalled()
    expect(getSession().token).toBe('token-b')
  })

  it('is only that call’s error when it was sent signed out', async () => {
    await clearSession()
    answerExpired()
    await expect(rpc('getMe', {})).rejects.toMatchObject({ status: SESSION_EXPIRED })
    expect(expired).not.toHaveBeenCalled()
  })
})

describe('where an ended session goes', () => {
  afterEach(() => window.history.replaceState(null, '', '/'))

  it('to /login with the way back to the page it was on', () => {
    window.history.replaceState(null, '', '/account/settings?tab=profile')
    expect(loginAfterExpiry()).toBe('/login?redirect=%2Faccount%2Fsettings%3Ftab%3Dprofile')
  })

  it('to /login alone from the home page or /login itself', () => {
    window.history.replaceState(null, '', '/')
    expect(loginAfterExpiry()).toBe('/login')
    window.history.replaceState(null, '', '/login?redirect=%2Faccount')
    expect(loginAfterExpiry()).toBe('/login')
  })
})
