import { matchPrecache } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { STANDALONE_ROUTES } from '../contract/lite'
import { type AppRoute, dependsOnData, matchAppRoute, paramHasShape } from '../contract/routes'
import { CACHE_PREFIX, CACHE_VERSION } from './precache'

declare const self: ServiceWorkerGlobalScope

/**
 * Paths the server owns, and kept files the worker answers itself (/offline-files/): a navigation to them
 * must never get the app shell.
 */
export const SERVER_OWNED = [
  /^\/files\//,
  /^\/offline-files\//,
  /^\/hooks\//,
  /^\/builds\//,
  /^\/sandbox\//,
  /^\/o\//,
  // A checkout reminder's links: back to the product, and the stop page.
  /^\/r\//,
  /^\/invoices\//,
  /^\/i\//,
  /_payload\.json$/,
  // The server's own forms and pages for buying and paying without the app (server/web/plain).
  /^\/buy\//,
  /^\/join\//,
  /^\/p\//,
  // The seller API, and its reference page.
  /^\/api\//,
  /^\/developers$/,
]

/** How long a page whose existence depends on data waits for the network before the kept shell answers. */
const NETWORK_WAIT_MS = 4_000
/** How long a standalone page waits for the network before its kept copy answers. */
const PAGE_WAIT_MS = 3_000
/** The server's HTML of the standalone pages last visited, to answer them offline or on a stalled link. */
export const PAGES_CACHE = `${CACHE_PREFIX}-pages-${CACHE_VERSION}`
/** Pages kept at most; the oldest go first. */
const MAX_PAGES = 40
/** Someone's own page among the standalone ones (an invoice's pay page): never kept. */
const NEVER_KEPT = new Set(['/p'])

/**
 * Every other navigation is answered as the server would, as far as the worker can tell alone:
 * - a path outside the route table (or whose id cannot name anything) is the shell with a 404 status, and
 *   the app shows its 404 page;
 * - a standalone page (contract/lite.ts: the storefront, a product, a booking page…) is the server's HTML,
 *   which works before and without the app; when the network is slow or gone, the copy kept from the last
 *   visit, else the shell;
 * - another path whose existence depends on data (an order…) asks the network, which knows whether it
 *   exists; offline, or when the network is slow or fails, the kept shell answers, so the page opens
 *   offline as before;
 * - every other page is the precached shell at once, network or not.
 */
export function registerNavigation() {
  // A new build's worker: pages kept by the last one name scripts of a build that is gone.
  self.addEventListener('activate', (event) => event.waitUntil(caches.delete(PAGES_CACHE)))
  registerRoute(
    new NavigationRoute(({ request, url, event }) => answer(request, url, event), { denylist: SERVER_OWNED }),
  )
}

async function answer(request: Request, url: URL, event: ExtendableEvent): Promise<Response> {
  const route = matchAppRoute(url.pathname)
  if (!route || !paramHasShape(route, lastSegment(url.pathname))) return shell(404)
  if (STANDALONE_ROUTES.has(route)) return (await standalonePage(request, route, event)) ?? shell(200)
  if (dependsOnData(route)) {
    const network = await fromNetwork(request, NETWORK_WAIT_MS)
    if (network) return network
  }
  return shell(200)
}

/**
 * The network's page (kept for next time while the browser already reads it); else the copy kept last
 * time; null when there is neither.
 */
async function standalonePage(
  request: Request,
  route: AppRoute,
  event: ExtendableEvent,
): Promise<Response | null> {
  const network = await fromNetwork(request, PAGE_WAIT_MS)
  const key = new URL(request.url)
  key.hash = ''
  if (network?.ok && !NEVER_KEPT.has(route)) event.waitUntil(keepPage(key.href, network.clone()))
  if (network) return network
  return (await caches.match(key.href, { cacheName: PAGES_CACHE })) ?? null
}

async function keepPage(href: string, response: Response) {
  const cache = await caches.open(PAGES_CACHE)
  await cache.delete(href) // put again at the end: the oldest keys are the least recently visited
  await cache.put(href, response)
  const keys = await cache.keys()
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) await cache.delete(old)
}

/** The network's answer when it comes in time and is a page or a 404; null to answer with the shell. */
async function fromNetwork(request: Request, wait: number): Promise<Response | null> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), wait)
  try {
    const response = await fetch(request, { signal: controller.signal })
    return response.ok || response.status === 404 ? response : null
  } catch {
    return null // offline, or too slow: the kept shell
  } finally {
    clearTimeout(timer)
  }
}

async function shell(status: 200 | 404): Promise<Response> {
  const kept = await matchPrecache('/index.html')
  if (!kept) return fetch('/index.html')
  if (status === 200) return kept
  return new Response(kept.body, { status, statusText: 'Not Found', headers: kept.headers })
}

function lastSegment(pathname: string): string {
  const segment = pathname.split('/').filter(Boolean).at(-1) ?? ''
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
