import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query'
import { del, get, set } from 'idb-keyval'
import { getSession, restoreSession, subscribeSession } from './session'

/**
 * The reads people need with no network (purchases, transactions, the seller's products) kept in
 * IndexedDB: a query opts in with `meta: { persist: true }`. The copy belongs to one signed-in user and is
 * dropped when another signs in or the session ends, so a shared phone never shows someone else's books
 * (signed out, the copy holds only orders this browser bought signed out).
 * Loaded only by the pages that use it, so it costs the first load nothing.
 */
export const OFFLINE_CACHE_KEY = 'soko-query-cache'
/** Copies older than this are not shown: a month-old balance misleads more than it helps. */
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000
/** Writes are gathered: answers arriving together are saved once. Short, as the page may be left any moment. */
const SAVE_DELAY_MS = 50

interface Saved {
  userId: string
  savedAt: number
  state: DehydratedState
}

let restoring: Promise<void> | undefined

/**
 * Puts the saved copy into the cache (once per page load) and keeps saving it as queries succeed. Pages
 * that read offline await this before their first render, so offline they render at once from the copy.
 */
export function restoreOfflineCache(queryClient: QueryClient): Promise<void> {
  restoring ??= (async () => {
    await restoreSession()
    const userId = owner()
    try {
      const saved = await get<Saved>(OFFLINE_CACHE_KEY)
      if (saved && saved.userId === userId && Date.now() - saved.savedAt < MAX_AGE_MS)
        // Only what the cache lacks or holds older: a fresher answer already in memory wins.
        hydrate(queryClient, saved.state)
      else if (saved) await del(OFFLINE_CACHE_KEY)
    } catch (error) {
      console.error('The offline copy could not be read', error)
    }
    keepSaving(queryClient)
  })()
  return restoring
}

/** Whose copy it is: the signed-in user, or `guest` (orders this browser bought signed out, by their keys). */
function owner(): string {
  const { status, user } = getSession()
  if (status === 'signedIn') return user?.id ?? 'signed-in'
  return 'guest'
}

function keepSaving(queryClient: QueryClient) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const save = () => {
    timer = undefined
    const userId = owner()
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.meta?.persist === true && query.state.status === 'success',
    })
    set(OFFLINE_CACHE_KEY, { userId, savedAt: Date.now(), state } satisfies Saved).catch((error: unknown) =>
      console.error('The offline copy could not be saved', error),
    )
  }
  // Leaving the page: what is waiting to be saved is saved now.
  addEventListener('pagehide', () => {
    if (!timer) return
    clearTimeout(timer)
    save()
  })
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.meta?.persist !== true)
      return
    timer ??= setTimeout(save, SAVE_DELAY_MS)
  })
  // Signed out (or someone else signed in): the copy goes with the session.
  let userId = owner()
  subscribeSession(() => {
    const next = owner()
    if (next === userId) return
    userId = next
    if (timer) clearTimeout(timer)
    timer = undefined
    del(OFFLINE_CACHE_KEY).catch((error: unknown) =>
      console.error('The offline copy could not be cleared', error),
    )
  })
}
