import { useSyncExternalStore } from 'react'
import { RUNTIME_SETTINGS_ELEMENT_ID, type RuntimeSettings } from '../../contract/runtime'
import { subscribeToNothing } from './hydration'

const fallback: RuntimeSettings = {
  apiBase: '',
  storageHost: '',
  siteUrl: typeof location === 'undefined' ? '' : location.origin,
  geoUrl: '',
  firebase: null,
  challengeSiteKey: '',
  buildId: 'dev',
}

let cached: RuntimeSettings | undefined

/** The runtime settings the server wrote into the page (see server/web/html.ts). */
export function runtimeSettings(): RuntimeSettings {
  if (cached) return cached
  // Prerendering at build time runs without a page: the defaults, not kept, describe no deployment.
  if (typeof document === 'undefined') return fallback
  const text = document.getElementById(RUNTIME_SETTINGS_ELEMENT_ID)?.textContent
  try {
    cached = text ? { ...fallback, ...(JSON.parse(text) as Partial<RuntimeSettings>) } : fallback
  } catch (error) {
    console.error('Runtime settings in the page are not valid JSON; using defaults', error)
    cached = fallback
  }
  return cached
}

/**
 * The runtime settings for a component to render with. A page rendered ahead of time (the build's
 * prerendered pages) was rendered with the defaults: while the browser takes that HTML over this answers
 * the defaults too, then the page's own settings (a sign-in option or a challenge then appears).
 */
export function useRuntimeSettings(): RuntimeSettings {
  return useSyncExternalStore(subscribeToNothing, runtimeSettings, () => fallback)
}
