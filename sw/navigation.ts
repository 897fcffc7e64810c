import { createHandlerBoundToURL } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

/** Paths the server owns: a navigation to them must reach the network, never the app shell. */
export const SERVER_OWNED = [/^\/files\//, /^\/hooks\//, /^\/builds\//, /^\/sandbox\//, /_payload\.json$/]

/** Every other navigation gets the precached shell, so the app opens with no network at all. */
export function registerNavigation() {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_OWNED }))
}
