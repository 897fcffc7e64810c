import { createHandlerBoundToURL } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

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

/** Every other navigation gets the precached shell, so the app opens with no network at all. */
export function registerNavigation() {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_OWNED }))
}
