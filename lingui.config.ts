import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

/**
 * Soko's languages (docs/swahili.md). English is the source: its words stay in the code, compiled into the
 * bundle by the build (scripts/lingui.ts); Kiswahili is one catalog per part of the app, so a page loads
 * only the words of its own parts, and only when Kiswahili is chosen (src/lib/i18n.ts).
 */
const FEATURES = [
  'account-home',
  'accounts',
  'admin',
  'bookings',
  'catalog',
  'checkout',
  'customers',
  'developers',
  'discounts',
  'downloads',
  'invoice-pay',
  'invoices',
  'marketing',
  'payouts',
  'tickets',
  'transactions',
]

/** The contract's messages only sellers and admins meet. */
const SELLER_CONTRACT = [
  'api.ts',
  'api-bundles.ts',
  'api-memberships.ts',
  'membership-posts.contract.ts',
  'developers.contract.ts',
  'errors/developers.ts',
  'webhooks.contract.ts',
  'discounts.contract.ts',
  'errors/webhooks.ts',
  'errors/admin.ts',
  'errors/catalog.ts',
  'errors/customers.ts',
  'errors/invoices-input.ts',
  'errors/payouts.ts',
  'errors/tickets.ts',
  'errors/transactions.ts',
  'admin.contract.ts',
  'admin-ops.contract.ts',
  'admin-people.contract.ts',
  'catalog.contract.ts',
  'contact-topics.ts',
  'customers.contract.ts',
  'invoice-fields.ts',
  'mpesa-b2c.ts',
  'payouts.constants.ts',
  'payouts.contract.ts',
  'paypal-payouts.ts',
  'platform-terms.contract.ts',
  'product.schema.ts',
  'product-details.schema.ts',
  'membership-details.schema.ts',
  'tickets.contract.ts',
  'transactions.contract.ts',
].map((file) => `<rootDir>/contract/${file}`)

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'sw'],
  fallbackLocales: { default: 'en' },
  format: formatter({ origins: false, lineNumbers: false }),
  orderBy: 'messageId',
  // The app's own small runtime (src/lib/i18n-runtime.tsx, named by an alias in vite.config.ts).
  runtimeConfigModule: {
    i18n: ['@soko/i18n', 'i18n'],
    Trans: ['@soko/i18n', 'Trans'],
    useLingui: ['@soko/i18n', 'useLingui'],
  },
  catalogs: [
    // What every page has: the header, the footer, the error pages, the shared components.
    {
      path: '<rootDir>/locales/{locale}/shell',
      include: [
        '<rootDir>/src/components',
        '<rootDir>/src/lib',
        '<rootDir>/src/routes',
        '<rootDir>/src/main.tsx',
      ],
    },
    // What the contract says that a buyer may read: the server's error codes and validation messages of
    // buying, paying, accounts and downloads (every page in Kiswahili loads it)…
    {
      path: '<rootDir>/locales/{locale}/contract',
      include: ['<rootDir>/contract'],
      exclude: [...SELLER_CONTRACT, '<rootDir>/contract/pages.ts'],
    },
    // …those of selling and of the admin (loaded by their pages only)…
    { path: '<rootDir>/locales/{locale}/contract-seller', include: SELLER_CONTRACT },
    // …and the pages' names and descriptions, which only the server writes (into each page's head).
    { path: '<rootDir>/locales/{locale}/pages', include: ['<rootDir>/contract/pages.ts'] },
    // What only the server writes: mail, SMS, the sandbox pages, page titles of server-rendered pages.
    { path: '<rootDir>/locales/{locale}/server', include: ['<rootDir>/server'] },
    ...FEATURES.map((feature) => ({
      path: `<rootDir>/locales/{locale}/${feature}`,
      include: [`<rootDir>/src/features/${feature}`],
      // The product editor's words are a seller's: a buyer's pages do not load them.
      exclude: feature === 'catalog' ? ['<rootDir>/src/features/catalog/seller/**'] : [],
    })),
    { path: '<rootDir>/locales/{locale}/catalog-seller', include: ['<rootDir>/src/features/catalog/seller'] },
  ],
})
