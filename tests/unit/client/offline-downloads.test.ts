import { QueryClient } from '@tanstack/react-query'
import Cookies from 'js-cookie'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { LibraryFile } from '../../../contract/downloads'

/** idb-keyval in memory: what the offline cache and the session keep between page loads. */
const idb = vi.hoisted(() => new Map<string, unknown>())
vi.mock('idb-keyval', () => ({
  get: async (key: string) => idb.get(key),
  set: async (key: string, value: unknown) => void idb.set(key, structuredClone(value)),
  del: async (key: string) => void idb.delete(key),
  delMany: async (keys: string[]) => {
    for (const key of keys) idb.delete(key)
  },
  setMany: async (pairs: [string, unknown][]) => {
    for (const [key, value] of pairs) idb.set(key, value)
  },
  createStore: () => undefined,
  entries: async () => [],
}))

const user = (id: string) => ({ id, email: `${id}@example.com`, name: id, roles: ['user'] }) as never

beforeEach(() => {
  idb.clear()
})

/** A fresh page load: new modules, the session restored from the stored token and user. */
async function pageLoad(userId: string | null) {
  vi.resetModules()
  // A page load in a fresh tab's memory: the cookie the last one wrote goes too.
  Cookies.remove('auth_token', { path: '/' })
  if (userId) {
    idb.set('auth_token', `token-${userId}`)
    idb.set('user', user(userId))
  } else {
    idb.delete('auth_token')
    idb.delete('user')
  }
  const cache = await import('../../../src/lib/offline-cache')
  const session = await import('../../../src/lib/session')
  const queryClient = new QueryClient()
  await cache.restoreOfflineCache(queryClient)
  return { cache, session, queryClient }
}

async function fetchAndSave(queryClient: QueryClient, persist: boolean, key: string, value: unknown) {
  await queryClient.fetchQuery({
    queryKey: [key],
    queryFn: async () => value,
    ...(persist ? { meta: { persist: true } } : {}),
  })
  await vi.waitFor(() => expect(idb.get('soko-query-cache')).toBeDefined(), { timeout: 2000 })
}

describe('the offline copy of the query cache', () => {
  it('keeps only the queries marked persisted, and gives them back on the next load', async () => {
    const first = await pageLoad('amina')
    await first.queryClient.fetchQuery({ queryKey: ['private'], queryFn: async () => 'not kept' })
    await fetchAndSave(first.queryClient, true, 'purchases', { orders: ['SK1'] })
    const next = await pageLoad('amina')
    expect(next.queryClient.getQueryData(['purchases'])).toEqual({ orders: ['SK1'] })
    expect(next.queryClient.getQueryData(['private'])).toBeUndefined()
    expect(next.queryClient.getQueryState(['purchases'])?.dataUpdatedAt).toBeGreaterThan(0)
  })

  it('never shows one user’s copy to another, and drops it on sign-out', async () => {
    const first = await pageLoad('amina')
    await fetchAndSave(first.queryClient, true, 'transactions', { movements: [1, 2] })
    const other = await pageLoad('baraka')
    expect(other.queryClient.getQueryData(['transactions'])).toBeUndefined()
    expect(idb.get('soko-query-cache')).toBeUndefined()

    const again = await pageLoad('amina')
    await fetchAndSave(again.queryClient, true, 'transactions', { movements: [3] })
    await again.session.clearSession()
    await vi.waitFor(() => expect(idb.get('soko-query-cache')).toBeUndefined())
  })
})

describe('download progress words', () => {
  const file = (over: Partial<LibraryFile>): LibraryFile =>
    ({ size: 20 * 1024 * 1024, received: 0, status: 'downloading', ...over }) as LibraryFile

  it('says bytes, percent, speed and time left while downloading', async () => {
    const { progressText } = await import('../../../src/features/downloads/LibraryFileRow')
    const text = progressText({ file: file({}), bytes: 5 * 1024 * 1024, speed: 512 * 1024 })
    expect(text).toMatch(/^5(\.0)? MB of 20(\.0)? MB · 25% · 512 KB\/s · 30 s left$/)
  })

  it('leaves speed and time out while waiting for the network', async () => {
    const { progressText } = await import('../../../src/features/downloads/LibraryFileRow')
    expect(progressText({ file: file({ status: 'waiting' }), bytes: 1024 * 1024, speed: 1000 })).not.toMatch(
      /left/,
    )
  })

  it('words durations', async () => {
    const { durationText } = await import('../../../src/features/downloads/LibraryFileRow')
    expect(durationText(45)).toBe('45 s')
    expect(durationText(200)).toBe('3 min 20 s')
    expect(durationText(7500)).toBe('2 h 5 min')
  })
})
