import { setFormatLocale } from '../../contract/format-locale'
import type { Lang } from '../../contract/i18n'
import { matchAppRoute } from '../../contract/routes'
import { i18n, type Messages } from './i18n-runtime'

/**
 * The Kiswahili catalogs (locales/sw/*.po, compiled by the build into chunks of their own) and which a page
 * needs: the frame (shell), the contract's messages, and the parts of the app its route draws on.
 */
// Each a chunk of its own; named by key below. Vite needs the literal paths.
const SW = {
  shell: () => import('../../locales/sw/shell.po'),
  contract: () => import('../../locales/sw/contract.po'),
  contractSeller: () => import('../../locales/sw/contract-seller.po'),
  accounts: () => import('../../locales/sw/accounts.po'),
  catalog: () => import('../../locales/sw/catalog.po'),
  catalogSeller: () => import('../../locales/sw/catalog-seller.po'),
  checkout: () => import('../../locales/sw/checkout.po'),
  downloads: () => import('../../locales/sw/downloads.po'),
  marketing: () => import('../../locales/sw/marketing.po'),
  bookings: () => import('../../locales/sw/bookings.po'),
  invoicePay: () => import('../../locales/sw/invoice-pay.po'),
  accountHome: () => import('../../locales/sw/account-home.po'),
  invoices: () => import('../../locales/sw/invoices.po'),
  payouts: () => import('../../locales/sw/payouts.po'),
  tickets: () => import('../../locales/sw/tickets.po'),
  customers: () => import('../../locales/sw/customers.po'),
  developers: () => import('../../locales/sw/developers.po'),
  discounts: () => import('../../locales/sw/discounts.po'),
  transactions: () => import('../../locales/sw/transactions.po'),
  admin: () => import('../../locales/sw/admin.po'),
}

type Part = keyof typeof SW

/** What a buyer's pages show besides the frame: a product page offers checkout, and so on. */
const BUYING: Part[] = ['catalog', 'checkout', 'accounts']
const SELLING: Part[] = [
  'contractSeller',
  'accountHome',
  'accounts',
  'catalog',
  'catalogSeller',
  'checkout',
  'customers',
  'developers',
  'discounts',
  'downloads',
  'invoices',
  'payouts',
  'tickets',
  'transactions',
  'bookings',
]

/** The parts of the app a page's route draws on, beyond the frame (shell) and the server's messages. */
export function partsOf(pathname: string): Part[] {
  const route = matchAppRoute(pathname) ?? ''
  if (route === '/' || route === '/pricing' || route === '/features' || route === '/contact-us')
    return ['marketing', ...BUYING]
  if (route === '/p') return ['invoicePay', 'checkout', 'accounts']
  if (route.startsWith('/book')) return ['bookings', ...BUYING]
  if (route === '/downloads' || route.startsWith('/download') || route === '/sucess-payment')
    return ['downloads', ...BUYING]
  if (
    route === '/account/downloads' ||
    route === '/account/purchases' ||
    route === '/account/memberships' ||
    route === '/account'
  )
    return ['downloads', 'accountHome', ...BUYING]
  if (route.startsWith('/admin')) return ['admin', 'contractSeller', 'accounts', 'catalog']
  if (route.startsWith('/account')) return SELLING
  return BUYING
}

const loaded = new Set<Part>()

/** Loads the catalogs a page needs that are not in yet, handing their messages to `take`. */
export async function loadParts(pathname: string, take: (messages: Messages) => void): Promise<void> {
  const wanted = (['shell', 'contract', ...partsOf(pathname)] as Part[]).filter((part) => !loaded.has(part))
  if (wanted.length === 0) return
  const catalogs: { messages: Messages }[] = await Promise.all(wanted.map((part) => SW[part]()))
  for (const part of wanted) loaded.add(part)
  take(Object.assign({}, ...catalogs.map((catalog) => catalog.messages)))
}

/**
 * A page starting in Kiswahili: dates and money as the server wrote them (sw-TZ stays sw-TZ), else as the
 * browser's country has them, and the page's catalogs in before the app renders.
 */
export async function start(lang: Lang, pathname: string): Promise<void> {
  const server = document.getElementById('root')?.dataset.locale
  const tanzania = navigator.languages?.some((tag) => /^sw-TZ$/i.test(tag))
  setFormatLocale(server?.startsWith('sw') ? server : tanzania ? 'sw-TZ' : 'sw-KE')
  await loadParts(pathname, (messages) => i18n.load(lang, messages))
  i18n.activate(lang)
}
