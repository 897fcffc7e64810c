import type { QueryClient } from '@tanstack/react-query'

/**
 * For routes whose screens read offline: puts the copy kept in IndexedDB into the cache before they
 * render (loaded on demand, so other pages never pay for it).
 */
export async function restoreForOffline(queryClient: QueryClient): Promise<void> {
  const { restoreOfflineCache } = await import('./offline-cache')
  await restoreOfflineCache(queryClient)
}
