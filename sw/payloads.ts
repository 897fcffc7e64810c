import { matchPrecache } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import { CACHE_PREFIX, CACHE_VERSION } from './precache'

const cacheName = `${CACHE_PREFIX}-payloads-${CACHE_VERSION}`

/**
 * Every page's data (`{path}/_payload.json`): the network when it answers within a few seconds, else the
 * copy from the last visit, else the precached one. Some payloads are precached so their pages open
 * offline even if never visited: the home page's words, and the pages that state the platform's terms
 * (/pricing, /features…), whose fee and hold an admin can change at any time. Their precached copy was
 * filled in with the terms of the day the worker was installed, so it answers only when neither the network
 * nor a later kept copy does: a returning visitor sees a changed fee at the next visit. Registered before
 * the precache, which would otherwise answer them.
 */
export function registerPayloads() {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.pathname.endsWith('/_payload.json'),
    new NetworkFirst({
      cacheName,
      networkTimeoutSeconds: 4,
      plugins: [
        {
          handlerDidError: async ({ request }) =>
            (await matchPrecache(new URL(request.url).pathname)) ?? undefined,
        },
      ],
    }),
  )
}
