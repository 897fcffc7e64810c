import { setCacheNameDetails } from 'workbox-core'
import { cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching'

/** Caches carry the app's prefix and a version, so a later scheme can drop them cleanly. */
export const CACHE_PREFIX = 'soko'
export const CACHE_VERSION = 'v1'

export function registerPrecache(manifest: Array<PrecacheEntry | string>) {
  setCacheNameDetails({ prefix: CACHE_PREFIX, suffix: CACHE_VERSION, precache: 'shell' })
  cleanupOutdatedCaches()
  // `/` is a page of the server's like the others (navigation.ts), not the precached shell at /index.html.
  precacheAndRoute(manifest, { directoryIndex: '' })
}
