import { PRODUCT_KINDS, type ProductKind } from '../../contract/catalog.constants'
import { isCurrencyCode } from '../../contract/currencies'
import { DEFAULT_LANG, type Lang, type Message, type MessageParams } from '../../contract/i18n'
import { matchAppRoute, paramHasShape } from '../../contract/routes'
import { EXPLORE_SORTS, type ExploreQuery, type ExploreSort } from '../../contract/storefront'
import type { Db } from '../db/client'
import { storefrontBundles } from '../features/bundles'
import {
  creatorPage,
  creatorsPage,
  explorePage,
  hasCategory,
  homeProducts,
  isBookable,
  plainText,
  productPage,
} from '../features/catalog'
import { translate } from '../lib/i18n'
import type { Head } from './head'

/** The share card's words of a product's or a creator's page. */
const HEAD = {
  creatorTitle: /*i18n*/ { id: 'head.creatorTitle', message: '{name} on Soko' },
  creatorSummary: /*i18n*/ { id: 'head.creatorSummary', message: '{name} sells on Soko.' },
  productTitle: /*i18n*/ { id: 'head.productTitle', message: '{title} · {seller} on Soko' },
  productSummary: /*i18n*/ { id: 'head.productSummary', message: '{title} by {seller}.' },
}

/** Plain text of a product's description for a share card: no markup, one line, about two sentences. */
export function summary(html: string, fallback: string): string {
  const text = plainText(html)
  if (!text) return fallback
  return text.length > 200 ? `${text.slice(0, 197).replace(/\s+\S*$/, '')}…` : text
}

/** The search a URL asks /explore for; what is not understood is left out rather than refused. */
export function exploreQuery(params: URLSearchParams, category?: string): ExploreQuery {
  const number = (name: string) => {
    const value = Number(params.get(name) ?? Number.NaN)
    return Number.isFinite(value) && value >= 0 ? value : undefined
  }
  const kind = params.get('kind')
  const sort = params.get('sort')
  const currency = params.get('currency')
  const q = params.get('q')?.trim().slice(0, 100)
  return {
    ...(q ? { q } : {}),
    ...(kind && (PRODUCT_KINDS as readonly string[]).includes(kind) ? { kind: kind as ProductKind } : {}),
    ...(category ? { category: category.toLowerCase() } : {}),
    ...(number('min') !== undefined ? { min: number('min') } : {}),
    ...(number('max') !== undefined ? { max: number('max') } : {}),
    ...(currency && isCurrencyCode(currency) ? { currency } : {}),
    ...(sort && (EXPLORE_SORTS as readonly string[]).includes(sort) ? { sort: sort as ExploreSort } : {}),
    page: Math.min(1000, Math.max(1, Math.floor(number('page') ?? 1))),
  }
}

/** Pages whose HTML carries data from the database: the home page's products, a product, a creator, the lists. */
export function isCatalogPage(pathname: string): boolean {
  const route = matchAppRoute(pathname)
  return (
    route === '/' ||
    route === '/$product' ||
    route === '/creators/$handle' ||
    route === '/creators' ||
    route === '/explore' ||
    route === '/explore/$category'
  )
}

/** A public page's data: the payload, and what its head should say; null when there is no such page. */
export interface PublicData {
  payload: unknown
  head?: Partial<Head>
}

/**
 * The data of the catalog's public pages, by path: / (the build's words for it, `homeWords`, with the
 * products of the moment), /{slug}, /creators, /creators/{handle}, /explore and /explore/{category}.
 * `undefined` for paths that are not catalog pages (and for / when the build has no words for it); null
 * for a missing one.
 */
export async function publicData(
  db: Db,
  pathname: string,
  params: URLSearchParams,
  siteUrl: string,
  homeWords?: object,
  lang: Lang = DEFAULT_LANG,
) {
  const say = (message: Message, values: MessageParams) => translate(lang, message, values)
  const segments = pathname.split('/').filter(Boolean)
  const absolute = (path: string) => new URL(path, `${siteUrl}/`).href
  if (segments.length === 0)
    return homeWords
      ? ({ payload: { ...homeWords, ...(await homeProducts(db)) } } satisfies PublicData)
      : undefined
  if (segments[0] === 'explore' && segments.length <= 2) {
    // A category no product on sale is filed under is no page (not an empty list that pretends).
    if (segments[1] !== undefined && !(await hasCategory(db, segments[1]))) return null
    return { payload: await explorePage(db, exploreQuery(params, segments[1])) }
  }
  if (segments[0] === 'creators' && segments.length === 1)
    return { payload: await creatorsPage(db, Number(params.get('page') ?? 1) || 1) }
  if (segments[0] === 'creators' && segments.length === 2) {
    const page = await creatorPage(db, segments[1] as string)
    if (!page) return null
    const { creator } = page
    return {
      payload: { ...page, bundles: await storefrontBundles(db, creator.handle) },
      head: {
        title: say(HEAD.creatorTitle, { name: creator.displayName }),
        description: summary(creator.bio, say(HEAD.creatorSummary, { name: creator.displayName })),
        ...(creator.avatar ? { image: absolute(creator.avatar.large), imageSize: null } : {}),
      },
    } satisfies PublicData
  }
  if (segments.length === 1) {
    const page = await productPage(db, segments[0] as string)
    if (!page) return null
    const { product } = page
    const image = product.images[0]
    return {
      payload: page,
      head: {
        title: say(HEAD.productTitle, { title: product.title, seller: page.seller.displayName }),
        description: summary(
          product.description,
          say(HEAD.productSummary, { title: product.title, seller: page.seller.displayName }),
        ),
        ...(image ? { image: absolute(image.src), imageSize: null } : {}),
      },
    } satisfies PublicData
  }
  return undefined
}

/**
 * Whether a page whose existence depends on data exists: a service to book (on sale, its seller not
 * suspended), and, for pages the server cannot read for the person asking (an order's, an invoice's, a
 * customer's), whether the address could name one at all. `undefined` for other paths.
 */
export async function pageExists(db: Db, pathname: string): Promise<boolean | undefined> {
  const route = matchAppRoute(pathname)
  if (!route) return undefined
  const last = decodeSegment(pathname.split('/').filter(Boolean).at(-1) ?? '')
  if (route === '/book/$slug') return last !== null && (await isBookable(db, last))
  if (route === '/download/$id' || route === '/account/invoices/$id' || route === '/account/customers/$key')
    return last !== null && paramHasShape(route, last)
  return undefined
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}
