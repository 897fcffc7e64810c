/**
 * Public pages' data, served as `GET {path}/_payload.json` (and put into the first HTML). Zod-free: the
 * server makes these, the browser only reads them.
 */

import type { ProductKind } from './catalog.constants'
import type { ProductFile, ProductImage } from './catalog.contract'
import type { CurrencyCode } from './currencies'
import type { Money } from './money'

/** What one US dollar buys in each currency, as the admin last set it. */
export interface Rates {
  perUsd: Partial<Record<CurrencyCode, number>>
  updatedAt: string | null
}

export interface CreatorCard {
  handle: string
  displayName: string
  bio: string
  country: string
  avatar: { small: string; large: string } | null
  productCount: number
}

export interface Creator extends CreatorCard {
  links: string[]
  since: string
}

/** A product as a list shows it. */
export interface ProductCard {
  slug: string
  kind: ProductKind
  title: string
  price: Money
  /** Pay what you want: the least a buyer may pay. */
  minimum: Money | null
  free: boolean
  category: string | null
  image: ProductImage | null
  seller: { handle: string; displayName: string }
  /** Merch with no stock left in any variant, an event with no seat left of any ticket type. */
  soldOut: boolean
}

/** A product as its page shows it: nothing private (an online event's link goes only to buyers). */
export interface PublicProduct extends ProductCard {
  id: string
  description: string
  images: ProductImage[]
  files: ProductFile[]
  details: Record<string, unknown>
  publishedAt: string
}

export interface ProductPage {
  product: PublicProduct
  seller: Creator
  rates: Rates
}

export interface CreatorPage {
  creator: Creator
  products: ProductCard[]
  rates: Rates
}

export interface CreatorsPage {
  creators: CreatorCard[]
  page: number
  pageCount: number
}

export const EXPLORE_SORTS = ['relevance', 'newest', 'popular', 'price-asc', 'price-desc'] as const
export type ExploreSort = (typeof EXPLORE_SORTS)[number]

/** /explore's search, as its URL carries it (prices in major units of `currency`). */
export interface ExploreQuery {
  q?: string
  kind?: ProductKind
  category?: string
  min?: number
  max?: number
  currency?: CurrencyCode
  sort?: ExploreSort
  page?: number
}

export interface ExplorePage {
  results: ProductCard[]
  total: number
  page: number
  pageCount: number
  categories: { slug: string; name: string; count: number }[]
  rates: Rates
}

export const EXPLORE_PAGE_SIZE = 24
export const CREATORS_PAGE_SIZE = 24

/** A category's address segment: /explore/{categorySlug(name)}. */
export function categorySlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
