import { RUNTIME_SETTINGS_ELEMENT_ID, type RuntimeSettings } from '../../contract/runtime'

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
