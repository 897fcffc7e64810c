/**
 * Public pages' data, served as `GET {path}/_payload.json` (and put into the first HTML). Zod-free: the
 * server makes these, the browser only reads them.
 */

import type { ProductKind } from './catalog.constants'
import type {
  DigitalDetails,
  EventDetails,
  MembershipDetails,
  MerchDetails,
  ProductFile,
  ProductImage,
  ServiceDetails,
  TicketType,
  Tier,
  Variant,
} from './catalog.contract'
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

/** Where a service or event happens, as its page says: an online meeting's link goes only to buyers. */
export type PublicPlace = { kind: 'online' } | { kind: 'place'; address: string }

/**
 * Each kind's details as its public page shows them: no meeting link, and what is left to buy (a
 * variant's `stock` and a ticket type's `left` are less what orders hold, paid or being paid for).
 */
export interface PublicDetails {
  digital: DigitalDetails
  service: Omit<ServiceDetails, 'where'> & { where: PublicPlace }
  merch: Omit<MerchDetails, 'variants'> & {
    variants: (Omit<Variant, 'stock'> & {
      /** What is left: the seller's stock less what orders hold. */
      stock: number
    })[]
  }
  event: Omit<EventDetails, 'where' | 'ticketTypes'> & {
    where: PublicPlace
    ticketTypes: (TicketType & {
      /** Seats not yet sold or held. */
      left: number
    })[]
  }
  membership: Omit<MembershipDetails, 'tiers'> & {
    tiers: (Tier & {
      /** Places left under the tier's member limit; null for no limit. */
      left: number | null
    })[]
  }
}

/** A kind with its details as the public page shows them: checking `kind` tells which. */
export type PublicKindWithDetails = {
  [K in ProductKind]: { kind: K; details: PublicDetails[K] }
}[ProductKind]

/** A product as its page shows it: nothing private (an online event's link goes only to buyers). */
export type PublicProduct = Omit<ProductCard, 'kind'> & {
  id: string
  description: string
  images: ProductImage[]
  files: ProductFile[]
  publishedAt: string
} & PublicKindWithDetails

export interface ProductPage {
  product: PublicProduct
  seller: Creator
  rates: Rates
  /** The one offer its checkout makes: another of the seller's digital products, for less. */
  offer: UpsellOfferView | null
}

/** "Add {title} for {price} (instead of {listPrice})", as a checkout shows it. */
export interface UpsellOfferView {
  productId: string
  slug: string
  title: string
  price: Money
  listPrice: Money
}

/** A bundle on a storefront: its price beside what its parts cost alone, and whether it can be bought now. */
export interface BundleCard {
  id: string
  title: string
  price: Money
  worth: Money
  saving: Money
  /** Its parts' titles, in the seller's order. */
  parts: string[]
  available: boolean
}

export interface CreatorPage {
  creator: Creator
  products: ProductCard[]
  rates: Rates
  /** Absent from pages kept offline from before bundles. */
  bundles?: BundleCard[]
}

/** The home page's products, beside its words: best sellers still on sale, then the newest of the rest. */
export interface HomeProducts {
  featured: ProductCard[]
  recent: ProductCard[]
  rates: Rates
}

/** How many of each the home page shows. */
export const HOME_FEATURED = 4
export const HOME_RECENT = 8

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
