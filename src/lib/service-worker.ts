import { WORKER_REGISTRATION } from '../../contract/runtime'

let registered: Promise<ServiceWorkerRegistration | null> = Promise.resolve(null)

/**
 * Follows the service worker the page's start script registers (scripts/page-assets.ts: once the page has
 * loaded, or once it is idle on a slow connection), so it is there on pages that never start the app.
 * Production builds only.
 */
export function followServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  if (!navigator.serviceWorker.controller)
    navigator.serviceWorker.addEventListener('controllerchange', handOverLoadedAssets, { once: true })
  const started = (
    window as unknown as Record<string, Promise<ServiceWorkerRegistration | null> | undefined>
  )[WORKER_REGISTRATION]
  registered = started ?? Promise.resolve(null)
}

/**
 * On a first visit the page loads its scripts before the worker controls it; once it does, it is told what
 * they were, and keeps those its precache lacks (a seller's first page, say), so that page opens offline.
 */
function handOverLoadedAssets() {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${location.origin}/assets/`))
  navigator.serviceWorker.controller?.postMessage({ type: 'KEEP_ASSETS', urls })
}

let updating: Promise<void> = Promise.resolve()

/** Asks the browser to fetch sw.js now: a new build's worker then installs and waits. */
export function checkForNewWorker(): Promise<void> {
  updating = registered
    .then((registration) => registration?.update())
    .then(() => undefined)
    .catch((error: unknown) => {
      console.error('Checking for a new service worker failed', error)
    })
  return updating
}

function within<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  return Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(resolve, ms))])
}

/**
 * Before a full load to a new build: a worker still installing is given a moment to finish, then the
 * waiting worker is told to take over, so the next page comes from the new build's precache and not the old.
 */
export async function activateWaitingWorker(): Promise<void> {
  const registration = await registered
  if (!registration) return
  // The check for a new sw.js may still be under way: until it ends there is no worker to wait for.
  await updating
  const installing = registration.installing
  if (installing)
    await within(
      10_000,
      new Promise<void>((resolve) =>
        installing.addEventListener('statechange', () => {
          if (installing.state !== 'installing') resolve()
        }),
      ),
    )
  const waiting = registration.waiting
  if (!waiting) return
  const controlling = new Promise<void>((resolve) =>
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
  )
  // sw/updates.ts answers this message by taking over.
  waiting.postMessage({ type: 'SKIP_WAITING' })
  await within(5_000, controlling)
}
