import type { Workbox } from 'workbox-window'

let workbox: Promise<{ wb: Workbox; registration: ServiceWorkerRegistration } | null> = Promise.resolve(null)

/** Registers sw/ after the page has loaded, so it never competes with first paint. Production builds only. */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  workbox = new Promise((resolve) => {
    window.addEventListener('load', () => {
      import('workbox-window')
        .then(async ({ Workbox }) => {
          const wb = new Workbox('/sw.js')
          const registration = await wb.register()
          resolve(registration ? { wb, registration } : null)
        })
        .catch((error: unknown) => {
          console.error('Service worker registration failed', error)
          resolve(null)
        })
    })
  })
}

let updating: Promise<void> = Promise.resolve()

/** Asks the browser to fetch sw.js now: a new build's worker then installs and waits. */
export function checkForNewWorker(): Promise<void> {
  updating = workbox
    .then((registered) => registered?.wb.update())
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
  const registered = await workbox
  if (!registered) return
  // The check for a new sw.js may still be under way: until it ends there is no worker to wait for.
  await updating
  const { wb, registration } = registered
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
  if (!registration.waiting) return
  const controlling = new Promise<void>((resolve) =>
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
  )
  wb.messageSkipWaiting()
  await within(5_000, controlling)
}
