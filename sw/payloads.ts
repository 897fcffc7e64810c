import { matchPrecache } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import { CACHE_PREFIX, CACHE_VERSION } from './precache'

const cacheName = `${CACHE_PREFIX}-payloads-${CACHE_VERSION}`

/**
 * Public page data (`{path}/_payload.json`) not in the precache: the network when it answers within a few
 * seconds, else the copy from the last visit, so a page opened before renders offline.
 */
export function registerPayloads() {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.pathname.endsWith('/_payload.json'),
    new NetworkFirst({ cacheName, networkTimeoutSeconds: 4 }),
  )
}

/**
 * The home page's data: its words are precached, but its products change, so the network comes first, then
 * the copy from the last visit, then the precached one (the home page opens offline even if never fetched).
 * Registered before the precache, which would otherwise answer it.
 */
export function registerHomePayload() {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.pathname === '/_payload.json',
    new NetworkFirst({
      cacheName,
      networkTimeoutSeconds: 4,
      plugins: [{ handlerDidError: async () => (await matchPrecache('/_payload.json')) ?? undefined }],
    }),
  )
}
