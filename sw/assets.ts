import { matchPrecache } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { CACHE_PREFIX, CACHE_VERSION } from './precache'

declare const self: ServiceWorkerGlobalScope

export const ASSETS_CACHE = `${CACHE_PREFIX}-assets-${CACHE_VERSION}`
/** Scripts and styles kept at most, a few builds' worth of seller and admin pages. The oldest go first. */
const MAX_ASSETS = 250

const isAsset = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith('/assets/')

/**
 * The scripts and styles left out of the precache (the seller's and admin's pages, the sign-in SDK, the
 * scanner's decoder) are kept here when first used, so a page opened once online opens again offline. Their
 * names carry a hash of their content, so the kept copy is answered first.
 */
export function registerAssets() {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && isAsset(url),
    new CacheFirst({ cacheName: ASSETS_CACHE, plugins: [{ cacheDidUpdate: trimAssets }] }),
  )
  self.addEventListener('message', (event) => {
    const data = event.data as { type?: string; urls?: unknown } | null
    if (data?.type === 'KEEP_ASSETS' && Array.isArray(data.urls)) event.waitUntil(keepAssets(data.urls))
  })
}

/**
 * The page's first load happened before this worker controlled it; the page sends what it loaded, and what
 * the precache lacks is kept. The browser's HTTP cache answers these requests, so nothing is downloaded twice.
 */
async function keepAssets(urls: unknown[]) {
  const cache = await caches.open(ASSETS_CACHE)
  for (const href of urls) {
    if (typeof href !== 'string' || !URL.canParse(href)) continue
    const url = new URL(href)
    if (!isAsset(url) || (await matchPrecache(url.href)) || (await cache.match(url.href))) continue
    await cache.add(url.href).catch(() => {}) // gone or offline: it is kept when next used instead
  }
  await trimAssets()
}

async function trimAssets() {
  const cache = await caches.open(ASSETS_CACHE)
  const keys = await cache.keys()
  // Keys come in the order they were added.
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(old)
}
