import { get, set } from 'idb-keyval'
import { runtimeSettings } from './runtime'

/** docs/product.md (Calls): the visitor's IP-geolocation answer, kept whole in IndexedDB under `location`. */
export const LOCATION_KEY = 'location'

export type CachedLocation = Record<string, unknown>

/** The query key of the visitor's currency, which comes from the location (src/features/catalog/money.tsx). */
export const VISITOR_CURRENCY_KEY = ['visitor-currency'] as const

/**
 * Once at mount, when nothing is cached: GET the geolocation service (GEO_URL) and keep its answer. A
 * third-party request, so plain fetch: the session token never goes there. Failures are only logged.
 * Answers whether it kept a new location (prices shown meanwhile may then name the visitor's currency).
 */
export async function cacheLocation(): Promise<boolean> {
  try {
    if ((await get(LOCATION_KEY)) !== undefined) return false
    const url = runtimeSettings().geoUrl
    if (!url) return false
    const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'omit' })
    if (!response.ok) throw new Error(`${url} answered ${response.status}`)
    const answer = (await response.json()) as unknown
    if (typeof answer !== 'object' || answer === null) throw new Error(`${url} did not answer a JSON object`)
    await set(LOCATION_KEY, answer)
    return true
  } catch (error) {
    console.error('Looking up the visitor location failed', error)
    return false
  }
}

export function cachedLocation(): Promise<CachedLocation | undefined> {
  return get<CachedLocation>(LOCATION_KEY)
}

/**
 * The ISO country code in a location answer, whichever service gave it (`country_code`, `countryCode`, or a
 * two-letter `country`). Kenya preselects KES and M-Pesa at checkout.
 */
export function countryOf(location: CachedLocation | undefined): string | null {
  const candidates = [location?.country_code, location?.countryCode, location?.country]
  const code = candidates.find((value) => typeof value === 'string' && /^[A-Za-z]{2}$/.test(value))
  return typeof code === 'string' ? code.toUpperCase() : null
}
