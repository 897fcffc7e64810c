import { registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { CACHE_PREFIX, CACHE_VERSION } from './precache'

export const IMAGES_CACHE = `${CACHE_PREFIX}-images-${CACHE_VERSION}`
/** Photos kept at most: a few hundred small WebP variants, a few megabytes. The oldest go first. */
const MAX_IMAGES = 300

/**
 * Product photos (public WebP variants under `/files/public/`), kept in a cache of their own once seen, so
 * purchases, downloads and pages opened before show their pictures with no network. Their addresses carry
 * a UUID and never change, so the cached copy is answered first.
 */
export function registerImages() {
  registerRoute(
    ({ url, request, sameOrigin }) =>
      sameOrigin &&
      request.method === 'GET' &&
      url.pathname.startsWith('/files/public/') &&
      url.pathname.endsWith('.webp'),
    new CacheFirst({ cacheName: IMAGES_CACHE, plugins: [{ cacheDidUpdate: trimImages }] }),
  )
}

async function trimImages() {
  const cache = await caches.open(IMAGES_CACHE)
  const keys = await cache.keys()
  // Keys come in the order they were added.
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_IMAGES))) await cache.delete(old)
}
