import { matchPrecache } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { dependsOnData, matchAppRoute, paramHasShape } from '../contract/routes'

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
  /^\/invoices\//,
  /^\/i\//,
  /_payload\.json$/,
]

/** How long a page whose existence depends on data waits for the network before the kept shell answers. */
const NETWORK_WAIT_MS = 4_000

/**
 * Every other navigation is answered as the server would, as far as the worker can tell alone:
 * - a path outside the route table (or whose id cannot name anything) is the shell with a 404 status, and
 *   the app shows its 404 page;
 * - a path whose existence depends on data (a product, a service to book, an order…) asks the network, which
 *   knows whether it exists; offline, or when the network is slow or fails, the kept shell answers, so the
 *   page opens offline as before;
 * - every other page is the precached shell at once, network or not.
 */
export function registerNavigation() {
  registerRoute(new NavigationRoute(({ request, url }) => answer(request, url), { denylist: SERVER_OWNED }))
}

async function answer(request: Request, url: URL): Promise<Response> {
  const route = matchAppRoute(url.pathname)
  if (!route || !paramHasShape(route, lastSegment(url.pathname))) return shell(404)
  if (dependsOnData(route)) {
    const network = await fromNetwork(request)
    if (network) return network
  }
  return shell(200)
}

/** The network's answer when it comes in time and is a page or a 404; null to answer with the shell. */
async function fromNetwork(request: Request): Promise<Response | null> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), NETWORK_WAIT_MS)
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
