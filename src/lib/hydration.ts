import { useSyncExternalStore } from 'react'

/** For a value that never changes once the page runs: there is nothing to subscribe to. */
export const subscribeToNothing = () => () => {}

/**
 * False while React takes over HTML rendered ahead of time (by the server or the build), true after that
 * and whenever the page renders on its own. What the HTML could not know (the address's query, the device)
 * is shown once this is true, so the first render matches the HTML and nothing is painted twice.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  )
}
