/**
 * `meta` of a query kept in IndexedDB for offline reads (see offline-cache.ts). A module of its own, so
 * that queries can say so without pulling the cache's code into the first load.
 */
export const persisted = { persist: true } as const
