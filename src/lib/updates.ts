import type { AnyRouter } from '@tanstack/react-router'
import { useSyncExternalStore } from 'react'
import { fullLoad } from './reload'
import { activateWaitingWorker, checkForNewWorker } from './service-worker'

/** docs/product.md (Updates and reloads): the first manifest check is deferred 1000 ms; then hourly and whenever the tab is shown. */
export const FIRST_CHECK_DELAY_MS = 1000
export const CHECK_INTERVAL_MS = 60 * 60 * 1000

/** The build this code came from (vite.config.ts), not the server's: an old cached shell knows it is old. */
export const CURRENT_BUILD = import.meta.env.SOKO_BUILD_ID

let newerBuild: string | null = null
const listeners = new Set<() => void>()

/** The id of a newer build once one is found: the next navigation will load it. */
export function useNewerBuild(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => newerBuild,
    () => null,
  )
}

/** GET builds/latest.json; a different id whose builds/meta/{id}.json exists is a newer build. */
export async function checkForUpdate(): Promise<void> {
  try {
    const latest = await fetchJson<{ id: string; timestamp: number }>('/builds/latest.json')
    if (latest.id === CURRENT_BUILD || latest.id === newerBuild) return
    // The meta file is written with the build: its presence says the build is complete, not half-deployed.
    await fetchJson(`/builds/meta/${encodeURIComponent(latest.id)}.json`)
    newerBuild = latest.id
    for (const listener of listeners) listener()
    await checkForNewWorker()
  } catch (error) {
    // docs/product.md (Updates and reloads): a failed manifest fetch is only logged.
    console.error('Checking for a new version failed', error)
  }
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { cache: 'no-store' })
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return (await response.json()) as T
}

/**
 * Starts the update checks. When a newer build is known, the next navigation to another page is a full
 * page load (after the new service worker takes over); never in the middle of what the person is doing.
 */
export function startUpdateChecks(router: AnyRouter) {
  if (CURRENT_BUILD === 'dev') return
  setTimeout(() => void checkForUpdate(), FIRST_CHECK_DELAY_MS)
  setInterval(() => void checkForUpdate(), CHECK_INTERVAL_MS)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkForUpdate()
  })
  let loading = false
  router.subscribe('onBeforeNavigate', ({ toLocation, pathChanged }) => {
    if (!newerBuild || !pathChanged || loading) return
    loading = true
    void activateWaitingWorker().then(() => {
      console.info(`Loading the new version of Soko (${newerBuild}) at ${toLocation.pathname}`)
      // Throttled per path: when it refuses, the client navigation already under way simply stands.
      if (!fullLoad(toLocation.href)) loading = false
    })
  })
}
