import { registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import { CACHE_PREFIX, CACHE_VERSION } from './precache'

/**
 * Public page data (`{path}/_payload.json`) not in the precache: the network when it answers within a few
 * seconds, else the copy from the last visit, so a page opened before renders offline.
 */
export function registerPayloads() {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.pathname.endsWith('/_payload.json'),
    new NetworkFirst({ cacheName: `${CACHE_PREFIX}-payloads-${CACHE_VERSION}`, networkTimeoutSeconds: 4 }),
  )
}
