/**
 * The app's route table as the server needs it: which paths are pages (200) and which are not (404).
 * `$name` matches exactly one non-empty segment. tests/unit/client/route-table.test.tsx checks that
 * this list and the router's file routes are the same set.
 */
export const appRoutes = [
  '/',
  '/p',
  '/admin',
  '/admin/people',
  '/admin/people/$id',
  '/admin/products',
  '/admin/orders',
  '/admin/orders/$id',
  '/admin/payouts',
  '/admin/reviews',
  '/admin/messages',
  '/admin/settings',
  '/admin/audit',
  '/login',
  '/invite',
  '/signup',
  '/register',
  '/explore',
  '/explore/$category',
  '/pricing',
  '/features',
  '/creators',
  '/creators/$handle',
  '/download',
  '/download/$id',
  '/book',
  '/book/$slug',
  '/contact-us',
  '/reset',
  '/reset/$id',
  '/verify-email',
  '/verify',
  '/verify/account/$token',
  '/sucess-payment',
  '/downloads',
  '/account',
  '/account/create/merch',
  '/account/create/invoice',
  '/account/invoices',
  '/account/invoices/$id',
  '/account/create/product',
  '/account/create/service',
  '/account/verify',
  '/account/withdraw',
  '/account/purchases',
  '/account/memberships',
  '/account/members',
  '/account/new-product',
  '/account/products',
  '/account/services',
  '/account/settings',
  '/account/customers',
  '/account/customers/$key',
  '/account/bookings',
  '/account/check-in',
  '/account/check-in/$eventId',
  '/account/downloads',
  '/account/settings/profile',
  '/account/products/services',
  '/account/transactions',
  '/account/developers',
  '/account/discounts',
  '/$product',
] as const

export type AppRoute = (typeof appRoutes)[number]

const compiled = appRoutes.map((route) => ({ route, segments: route.split('/').filter(Boolean) }))

/** The route a pathname renders, or null when it is not a page of the app (a 404). */
export function matchAppRoute(pathname: string): AppRoute | null {
  const segments = pathname.split('/').filter(Boolean)
  // Exact routes win over parameters, as in the router: /pricing is the pricing page, not a product.
  let best: { route: AppRoute; params: number } | null = null
  for (const { route, segments: pattern } of compiled) {
    if (pattern.length !== segments.length) continue
    let params = 0
    const matches = pattern.every((part, i) => {
      if (part.startsWith('$')) {
        params++
        return (segments[i] ?? '') !== ''
      }
      return part === segments[i]
    })
    if (matches && (best === null || params < best.params)) best = { route, params }
  }
  return best?.route ?? null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Routes whose last segment has a shape (an order's or invoice's id, a client-book key `e:{e-mail}` or
 * `p:{phone}`): an address whose segment lacks it names nothing, a 404 without asking for any data.
 */
const PARAM_SHAPES: Partial<Record<AppRoute, RegExp>> = {
  '/download/$id': UUID,
  '/account/invoices/$id': UUID,
  '/account/customers/$key': /^(e:.+@.+|p:\d{8,15})$/,
}

/** Whether a route's parameter (decoded) could name something; true for routes with no shape to keep. */
export function paramHasShape(route: AppRoute, value: string): boolean {
  return PARAM_SHAPES[route]?.test(value) ?? true
}

/**
 * Routes whose pages exist only when the data they name does (a product, a service to book, a creator, a
 * category, an order, an invoice, a customer): the route table alone cannot say whether such a path is a 404.
 */
export function dependsOnData(route: AppRoute): boolean {
  return (
    route.includes('$') &&
    !route.startsWith('/admin/') &&
    !route.startsWith('/reset/') &&
    !route.startsWith('/verify/')
  )
}

/** First path segments the app itself uses: no product slug or storefront handle may take one. */
export const reservedSegments: ReadonlySet<string> = new Set(
  appRoutes
    .map((route) => route.split('/')[1] ?? '')
    .filter((segment) => segment !== '' && !segment.startsWith('$'))
    .concat([
      'api',
      'developers',
      'files',
      'hooks',
      'builds',
      'sandbox',
      'o',
      'invoices',
      'i',
      'assets',
      'icons',
      'healthz',
      'sw.js',
      'manifest.webmanifest',
      'favicon.svg',
      'robots.txt',
      'index.html',
      '_payload.json',
    ]),
)
