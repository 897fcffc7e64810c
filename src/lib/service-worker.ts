let registered: Promise<ServiceWorkerRegistration | null> = Promise.resolve(null)

/**
 * Registers sw/ after the page has loaded, so it never competes with first paint. Production builds only.
 * The browser's own API is all it takes (a helper library would be 2 KB more on every first load).
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  if (!navigator.serviceWorker.controller)
    navigator.serviceWorker.addEventListener('controllerchange', handOverLoadedAssets, { once: true })
  registered = new Promise((resolve) => {
    const register = () =>
      navigator.serviceWorker.register('/sw.js').then(resolve, (error: unknown) => {
        console.error('Service worker registration failed', error)
        resolve(null)
      })
    // The app starts after the first paint (index.html): the page may have finished loading by then.
    if (document.readyState === 'complete') void register()
    else window.addEventListener('load', () => void register(), { once: true })
  })
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
