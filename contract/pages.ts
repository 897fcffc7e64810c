import type { AppRoute } from './routes'

/** docs/product.md (Title and pages): the site's title; a page may put its own name in front (`Pricing | Soko — …`). */
export const SITE_TITLE = 'Soko — Sell Digital Products & Get Paid Anywhere'

export const SITE_DESCRIPTION =
  'Soko is where creatives and freelancers sell digital products, services, merch and event tickets, ' +
  'invoice clients and get paid by card, PayPal and M-Pesa.'

export const SITE_KEYWORDS =
  'sell digital products, M-Pesa payments, freelancer invoicing, creator marketplace, event tickets, Kenya, East Africa'

export function pageTitle(name?: string): string {
  return name ? `${name} | ${SITE_TITLE}` : SITE_TITLE
}

export interface PageMeta {
  /** The page's own name, put before the site title. */
  name?: string
  description?: string
  /** Pages of one person's account: kept out of search engines. */
  private?: boolean
}

/**
 * What the server puts into the head of each page's HTML before any JavaScript runs (server/web/head.ts).
 * The names match what each page sets once it is running.
 */
export const pageMeta: Record<AppRoute, PageMeta> = {
  '/': {},
  '/p': { name: 'Pages', description: 'Published pages from Soko creators.' },
  '/admin': { name: 'Admin', private: true },
  '/admin/people': { name: 'People · Admin', private: true },
  '/admin/people/$id': { name: 'Person · Admin', private: true },
  '/admin/products': { name: 'Products · Admin', private: true },
  '/admin/orders': { name: 'Orders · Admin', private: true },
  '/admin/orders/$id': { name: 'Order · Admin', private: true },
  '/admin/payouts': { name: 'Payouts · Admin', private: true },
  '/admin/reviews': { name: 'Reviews · Admin', private: true },
  '/admin/messages': { name: 'Messages · Admin', private: true },
  '/admin/settings': { name: 'Settings · Admin', private: true },
  '/admin/audit': { name: 'Audit log · Admin', private: true },
  '/login': { name: 'Sign in', description: 'Sign in to Soko to buy, download what you bought, and sell.' },
  '/invite': { name: 'Accept your invitation', private: true },
  '/signup': {
    name: 'Create your account',
    description: 'Create a Soko account to buy from creators and keep your purchases in one place.',
  },
  '/register': {
    name: 'Start selling',
    description: 'Open a Soko storefront in two minutes and get paid by M-Pesa, card and PayPal.',
  },
  '/explore': {
    name: 'Explore',
    description: 'Find digital products, services, merch and event tickets from Soko creators.',
  },
  '/pricing': {
    name: 'Pricing',
    description: 'No monthly fee: Soko keeps a small share of each sale and nothing when you sell nothing.',
  },
  '/features': {
    name: 'Features',
    description:
      'Digital products, bookings, merch, tickets and invoices, paid by M-Pesa, card or PayPal, on any phone.',
  },
  '/explore/$category': {
    name: 'Explore',
    description: 'Find digital products, services, merch and event tickets from Soko creators.',
  },
  '/creators': { name: 'Creators', description: 'The creators and freelancers selling on Soko.' },
  '/creators/$handle': { name: 'Creator', description: 'A Soko creator’s storefront.' },
  '/download': { name: 'Download', private: true },
  '/download/$id': { name: 'Download', private: true },
  '/book': { name: 'Book a service', description: 'Book and pay for a service from a Soko creator.' },
  '/book/$slug': { name: 'Book a service', description: 'Book and pay for a service from a Soko creator.' },
  '/contact-us': {
    name: 'Contact us',
    description: 'Questions about selling, payouts or a purchase? Write to the Soko team.',
  },
  '/reset': { name: 'Reset your password', private: true },
  '/reset/$id': { name: 'Set a new password', private: true },
  '/verify-email': { name: 'Check your e-mail', private: true },
  '/verify': { name: 'Confirm your phone', private: true },
  '/verify/account/$token': { name: 'Confirming your e-mail', private: true },
  '/sucess-payment': { name: 'Payment', private: true },
  '/downloads': { name: 'Your downloads', private: true },
  '/account': { name: 'Your account', private: true },
  '/account/create/merch': { name: 'New merch', private: true },
  '/account/create/invoice': { name: 'New invoice', private: true },
  '/account/invoices': { name: 'Invoices', private: true },
  '/account/invoices/$id': { name: 'Invoice', private: true },
  '/account/create/product': { name: 'New digital product', private: true },
  '/account/create/service': { name: 'New service', private: true },
  '/account/verify': { name: 'Verify your identity', private: true },
  '/account/withdraw': { name: 'Withdraw', private: true },
  '/account/purchases': { name: 'Purchases', private: true },
  '/account/new-product': { name: 'What will you sell?', private: true },
  '/account/products': { name: 'Your products', private: true },
  '/account/services': { name: 'Your services', private: true },
  '/account/settings': { name: 'Settings', private: true },
  '/account/customers': { name: 'Customers', private: true },
  '/account/customers/$key': { name: 'Customer', private: true },
  '/account/bookings': { name: 'Bookings', private: true },
  '/account/check-in': { name: 'Check-in', private: true },
  '/account/check-in/$eventId': { name: 'Check-in', private: true },
  '/account/downloads': { name: 'Downloads', private: true },
  '/account/settings/profile': { name: 'Profile', private: true },
  '/account/products/services': { name: 'Services', private: true },
  '/account/transactions': { name: 'Transactions', private: true },
  '/$product': { name: 'Product', description: 'A product from a Soko creator.' },
}
