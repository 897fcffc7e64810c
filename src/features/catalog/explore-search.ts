import { PRODUCT_KINDS } from '../../../contract/catalog.constants'
import { currencyCodes } from '../../../contract/currencies'
import { EXPLORE_SORTS, type ExploreQuery } from '../../../contract/storefront'

// The search in /explore's URL, apart from the page, so the route reads it without loading the page's code.

/** /explore's search in its URL: only what is set, so links stay short and shareable. */
export function validateExploreSearch(search: Record<string, unknown>): ExploreQuery {
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : ''
  const number = (value: unknown) => {
    const n = Number(text(value))
    return text(value) !== '' && Number.isFinite(n) && n >= 0 ? n : undefined
  }
  const pick = <T extends string>(value: unknown, allowed: readonly T[]) =>
    allowed.includes(text(value) as T) ? (text(value) as T) : undefined
  const query: ExploreQuery = {
    q: text(search.q).slice(0, 100) || undefined,
    kind: pick(search.kind, PRODUCT_KINDS),
    min: number(search.min),
    max: number(search.max),
    currency: pick(search.currency, currencyCodes),
    sort: pick(search.sort, EXPLORE_SORTS),
    page:
      number(search.page) && (number(search.page) as number) > 1
        ? Math.floor(number(search.page) as number)
        : undefined,
  }
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as ExploreQuery
}

export function exploreSearchString(query: ExploreQuery): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && key !== 'category') params.set(key, String(value))
  return params.toString()
}
