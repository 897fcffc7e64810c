import type { Message } from './i18n'
import type { AppRoute } from './routes'

/** docs/product.md (Title and pages): the site's title; a page may put its own name in front (`Pricing | Soko — …`). */
// i18n-ignore: the title pattern stays English in every language, tools and tests find it (docs/swahili.md)
export const SITE_TITLE = 'Soko — Sell Digital Products & Get Paid Anywhere'

export const SITE_DESCRIPTION: Message = /*i18n*/ {
  id: 'site.description',
  message:
    'Soko is where creatives and freelancers sell digital products, services, merch and event tickets, invoice clients and get paid by card, PayPal and M-Pesa.',
}

export const SITE_KEYWORDS =
  'sell digital products, M-Pesa payments, freelancer invoicing, creator marketplace, event tickets, Kenya, East Africa'

export function pageTitle(name?: string): string {
  return name ? `${name} | ${SITE_TITLE}` : SITE_TITLE
}

export interface PageMeta {
  /** The page's own name, put before the site title. */
  name?: Message
  description?: Message
  /** Pages of one person's account: kept out of search engines. */
  private?: boolean
}

/**
 * What the server puts into the head of each page's HTML before any JavaScript runs (server/web/head.ts).
 * The names match what each page sets once it is running.
 */
export const pageMeta: Record<AppRoute, PageMeta> = {
  '/': {},
  '/p': {
    name: /*i18n*/ { id: 'page.p.name', message: 'Pages' },
    description: /*i18n*/ { id: 'page.p.description', message: 'Published pages from Soko creators.' },
  },
  '/admin': { name: /*i18n*/ { id: 'page.admin.name', message: 'Admin' }, private: true },
  '/admin/people': {
    name: /*i18n*/ { id: 'page.admin.people.name', message: 'People · Admin' },
    private: true,
  },
  '/admin/people/$id': {
    name: /*i18n*/ { id: 'page.admin.people.id.name', message: 'Person · Admin' },
    private: true,
  },
  '/admin/products': {
    name: /*i18n*/ { id: 'page.admin.products.name', message: 'Products · Admin' },
    private: true,
  },
  '/admin/orders': {
    name: /*i18n*/ { id: 'page.admin.orders.name', message: 'Orders · Admin' },
    private: true,
  },
  '/admin/orders/$id': {
    name: /*i18n*/ { id: 'page.admin.orders.id.name', message: 'Order · Admin' },
    private: true,
  },
  '/admin/payouts': {
    name: /*i18n*/ { id: 'page.admin.payouts.name', message: 'Payouts · Admin' },
    private: true,
  },
  '/admin/reviews': {
    name: /*i18n*/ { id: 'page.admin.reviews.name', message: 'Reviews · Admin' },
    private: true,
  },
  '/admin/messages': {
    name: /*i18n*/ { id: 'page.admin.messages.name', message: 'Messages · Admin' },
    private: true,
  },
  '/admin/settings': {
    name: /*i18n*/ { id: 'page.admin.settings.name', message: 'Settings · Admin' },
    private: true,
  },
  '/admin/audit': {
    name: /*i18n*/ { id: 'page.admin.audit.name', message: 'Audit log · Admin' },
    private: true,
  },
  '/login': {
    name: /*i18n*/ { id: 'page.login.name', message: 'Sign in' },
    description: /*i18n*/ {
      id: 'page.login.description',
      message: 'Sign in to Soko to buy, download what you bought, and sell.',
    },
  },
  '/invite': { name: /*i18n*/ { id: 'page.invite.name', message: 'Accept your invitation' }, private: true },
  '/signup': {
    name: /*i18n*/ { id: 'page.signup.name', message: 'Create your account' },
    description: /*i18n*/ {
      id: 'page.signup.description',
      message: 'Create a Soko account to buy from creators and keep your purchases in one place.',
    },
  },
  '/register': {
    name: /*i18n*/ { id: 'page.register.name', message: 'Start selling' },
    description: /*i18n*/ {
      id: 'page.register.description',
      message: 'Open a Soko storefront in two minutes and get paid by M-Pesa, card and PayPal.',
    },
  },
  '/explore': {
    name: /*i18n*/ { id: 'page.explore.name', message: 'Explore' },
    description: /*i18n*/ {
      id: 'page.explore.description',
      message: 'Find digital products, services, merch and event tickets from Soko creators.',
    },
  },
  '/pricing': {
    name: /*i18n*/ { id: 'page.pricing.name', message: 'Pricing' },
    description: /*i18n*/ {
      id: 'page.pricing.description',
      message: 'No monthly fee: Soko keeps a small share of each sale and nothing when you sell nothing.',
    },
  },
  '/features': {
    name: /*i18n*/ { id: 'page.features.name', message: 'Features' },
    description: /*i18n*/ {
      id: 'page.features.description',
      message:
        'Digital products, bookings, merch, tickets and invoices, paid by M-Pesa, card or PayPal, on any phone.',
    },
  },
  '/explore/$category': {
    name: /*i18n*/ { id: 'page.explore.category.name', message: 'Explore' },
    description: /*i18n*/ {
      id: 'page.explore.category.description',
      message: 'Find digital products, services, merch and event tickets from Soko creators.',
    },
  },
  '/creators': {
    name: /*i18n*/ { id: 'page.creators.name', message: 'Creators' },
    description: /*i18n*/ {
      id: 'page.creators.description',
      message: 'The creators and freelancers selling on Soko.',
    },
  },
  '/creators/$handle': {
    name: /*i18n*/ { id: 'page.creators.handle.name', message: 'Creator' },
    description: /*i18n*/ { id: 'page.creators.handle.description', message: 'A Soko creator’s storefront.' },
  },
  '/download': { name: /*i18n*/ { id: 'page.download.name', message: 'Download' }, private: true },
  '/download/$id': { name: /*i18n*/ { id: 'page.download.id.name', message: 'Download' }, private: true },
  '/book': {
    name: /*i18n*/ { id: 'page.book.name', message: 'Book a service' },
    description: /*i18n*/ {
      id: 'page.book.description',
      message: 'Book and pay for a service from a Soko creator.',
    },
  },
  '/book/$slug': {
    name: /*i18n*/ { id: 'page.book.slug.name', message: 'Book a service' },
    description: /*i18n*/ {
      id: 'page.book.slug.description',
      message: 'Book and pay for a service from a Soko creator.',
    },
  },
  '/contact-us': {
    name: /*i18n*/ { id: 'page.contactUs.name', message: 'Contact us' },
    description: /*i18n*/ {
      id: 'page.contactUs.description',
      message: 'Questions about selling, payouts or a purchase? Write to the Soko team.',
    },
  },
  '/reset': { name: /*i18n*/ { id: 'page.reset.name', message: 'Reset your password' }, private: true },
  '/reset/$id': { name: /*i18n*/ { id: 'page.reset.id.name', message: 'Set a new password' }, private: true },
  '/verify-email': {
    name: /*i18n*/ { id: 'page.verifyEmail.name', message: 'Check your e-mail' },
    private: true,
  },
  '/verify': { name: /*i18n*/ { id: 'page.verify.name', message: 'Confirm your phone' }, private: true },
  '/verify/account/$token': {
    name: /*i18n*/ { id: 'page.verify.account.token.name', message: 'Confirming your e-mail' },
    private: true,
  },
  '/sucess-payment': { name: /*i18n*/ { id: 'page.sucessPayment.name', message: 'Payment' }, private: true },
  '/downloads': { name: /*i18n*/ { id: 'page.downloads.name', message: 'Your downloads' }, private: true },
  '/account': { name: /*i18n*/ { id: 'page.account.name', message: 'Your account' }, private: true },
  '/account/create/merch': {
    name: /*i18n*/ { id: 'page.account.create.merch.name', message: 'New merch' },
    private: true,
  },
  '/account/create/invoice': {
    name: /*i18n*/ { id: 'page.account.create.invoice.name', message: 'New invoice' },
    private: true,
  },
  '/account/invoices': {
    name: /*i18n*/ { id: 'page.account.invoices.name', message: 'Invoices' },
    private: true,
  },
  '/account/invoices/$id': {
    name: /*i18n*/ { id: 'page.account.invoices.id.name', message: 'Invoice' },
    private: true,
  },
  '/account/create/product': {
    name: /*i18n*/ { id: 'page.account.create.product.name', message: 'New digital product' },
    private: true,
  },
  '/account/create/service': {
    name: /*i18n*/ { id: 'page.account.create.service.name', message: 'New service' },
    private: true,
  },
  '/account/verify': {
    name: /*i18n*/ { id: 'page.account.verify.name', message: 'Verify your identity' },
    private: true,
  },
  '/account/withdraw': {
    name: /*i18n*/ { id: 'page.account.withdraw.name', message: 'Withdraw' },
    private: true,
  },
  '/account/purchases': {
    name: /*i18n*/ { id: 'page.account.purchases.name', message: 'Purchases' },
    private: true,
  },
  '/account/memberships': {
    name: /*i18n*/ { id: 'page.account.memberships.name', message: 'Memberships' },
    private: true,
  },
  '/account/members': {
    name: /*i18n*/ { id: 'page.account.members.name', message: 'Members' },
    private: true,
  },
  '/account/new-product': {
    name: /*i18n*/ { id: 'page.account.newProduct.name', message: 'What will you sell?' },
    private: true,
  },
  '/account/products': {
    name: /*i18n*/ { id: 'page.account.products.name', message: 'Your products' },
    private: true,
  },
  '/account/services': {
    name: /*i18n*/ { id: 'page.account.services.name', message: 'Your services' },
    private: true,
  },
  '/account/settings': {
    name: /*i18n*/ { id: 'page.account.settings.name', message: 'Settings' },
    private: true,
  },
  '/account/developers': {
    name: /*i18n*/ { id: 'page.account.developers.name', message: 'Developers' },
    private: true,
  },
  '/account/discounts': {
    name: /*i18n*/ { id: 'page.account.discounts.name', message: 'Discount codes' },
    private: true,
  },
  '/account/customers': {
    name: /*i18n*/ { id: 'page.account.customers.name', message: 'Customers' },
    private: true,
  },
  '/account/customers/$key': {
    name: /*i18n*/ { id: 'page.account.customers.key.name', message: 'Customer' },
    private: true,
  },
  '/account/bookings': {
    name: /*i18n*/ { id: 'page.account.bookings.name', message: 'Bookings' },
    private: true,
  },
  '/account/check-in': {
    name: /*i18n*/ { id: 'page.account.checkIn.name', message: 'Check-in' },
    private: true,
  },
  '/account/check-in/$eventId': {
    name: /*i18n*/ { id: 'page.account.checkIn.eventId.name', message: 'Check-in' },
    private: true,
  },
  '/account/downloads': {
    name: /*i18n*/ { id: 'page.account.downloads.name', message: 'Downloads' },
    private: true,
  },
  '/account/settings/profile': {
    name: /*i18n*/ { id: 'page.account.settings.profile.name', message: 'Profile' },
    private: true,
  },
  '/account/products/services': {
    name: /*i18n*/ { id: 'page.account.products.services.name', message: 'Services' },
    private: true,
  },
  '/account/transactions': {
    name: /*i18n*/ { id: 'page.account.transactions.name', message: 'Transactions' },
    private: true,
  },
  '/$product': {
    name: /*i18n*/ { id: 'page.product.name', message: 'Product' },
    description: /*i18n*/ { id: 'page.product.description', message: 'A product from a Soko creator.' },
  },
}
