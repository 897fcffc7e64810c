import { i18n, type Messages } from '@lingui/core'
import Cookies from 'js-cookie'
import { setFormatLocale } from '../../contract/format-locale'
import {
  DEFAULT_LANG,
  isLang,
  LANG_COOKIE,
  LANG_COOKIE_MAX_AGE,
  type Lang,
  type MessageParams,
} from '../../contract/i18n'
import { matchAppRoute } from '../../contract/routes'
import { codeOf } from '../../contract/say'

/**
 * The app's language (docs/swahili.md). English is in the code itself, compiled by the build: it needs no
 * catalog. Kiswahili comes as one catalog per part of the app (locales/sw/*.po, compiled by the build into
 * chunks of their own), loaded before a page of that part renders, and only when Kiswahili is chosen.
 */
// Each a chunk of its own; named by key below. Vite needs the literal paths.
const SW = {
  shell: () => import('../../locales/sw/shell.po'),
  contract: () => import('../../locales/sw/contract.po'),
  accounts: () => import('../../locales/sw/accounts.po'),
  catalog: () => import('../../locales/sw/catalog.po'),
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
  transactions: () => import('../../locales/sw/transactions.po'),
  admin: () => import('../../locales/sw/admin.po'),
}

type Part = keyof typeof SW

/** What a buyer's pages show besides the frame: a product page offers checkout, and so on. */
const BUYING: Part[] = ['catalog', 'checkout', 'accounts']
const SELLING: Part[] = [
  'accountHome',
  'accounts',
  'catalog',
  'checkout',
  'customers',
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
  if (route === '/account/downloads' || route === '/account/purchases' || route === '/account')
    return ['downloads', 'accountHome', ...BUYING]
  if (route.startsWith('/admin')) return ['admin', 'accounts', 'catalog']
  if (route.startsWith('/account')) return SELLING
  return BUYING
}

const loaded = new Set<Part>()
let lang: Lang = DEFAULT_LANG

/** Any message that is not a catalog's compiled form is already final: the build compiled the English. */
i18n.setMessagesCompiler((message) => [message])
i18n.load(DEFAULT_LANG, {})
i18n.activate(DEFAULT_LANG)

/** On the server, the language of the render asking (src/prerender.tsx: renders overlap). */
let renderLang: () => Lang | undefined = () => undefined

export function setRenderLangSource(source: () => Lang | undefined) {
  renderLang = source
}

export function currentLang(): Lang {
  return renderLang() ?? lang
}

/**
 * Loads what a page in Kiswahili needs that is not in yet (undefined, at once, when nothing is missing);
 * nothing at all in English.
 */
export function loadCatalogs(pathname: string, forLang: Lang = currentLang()): Promise<void> | undefined {
  if (forLang === DEFAULT_LANG) return undefined
  const wanted = (['shell', 'contract', ...partsOf(pathname)] as Part[]).filter((part) => !loaded.has(part))
  if (wanted.length === 0) return undefined
  return Promise.all(wanted.map((part) => SW[part]())).then((catalogs: { messages: Messages }[]) => {
    for (const part of wanted) loaded.add(part)
    i18n.load(forLang, Object.assign({}, ...catalogs.map((catalog) => catalog.messages)))
  })
}

/**
 * Runs a synchronous render in a language (the server's renders, which overlap: each sets its language for
 * its own render alone).
 */
export function renderingIn<T>(next: Lang, render: () => T): T {
  const before = lang
  lang = next
  i18n.activate(next)
  try {
    return render()
  } finally {
    lang = before
    i18n.activate(before)
  }
}

/**
 * The language of this page at start: the person's choice (the cookie), else the one the server wrote the
 * page in (`<html lang>`, from Accept-Language on a first visit); its catalogs are in before the app renders.
 */
export async function startLanguage(pathname: string): Promise<Lang> {
  const chosen = Cookies.get(LANG_COOKIE)
  const page = document.documentElement.lang
  lang = isLang(chosen) ? chosen : isLang(page) ? page : DEFAULT_LANG
  document.documentElement.lang = lang
  if (lang !== DEFAULT_LANG) {
    setFormatLocale(sameLocale(document.getElementById('root')?.dataset.locale) ?? 'sw-KE')
    await loadCatalogs(pathname)
    i18n.activate(lang)
  }
  return lang
}

/** The server's locale for the page when it is a Kiswahili one (sw-TZ stays sw-TZ). */
function sameLocale(locale: string | undefined): string | undefined {
  return locale?.startsWith('sw') ? locale : undefined
}

/** The language chosen in this browser, if one was. */
export function chosenLanguage(): Lang | null {
  const chosen = Cookies.get(LANG_COOKIE)
  return isLang(chosen) ? chosen : null
}

/** Remembers a language chosen in the header or the footer, for this browser (the server reads it too). */
export function rememberLanguage(next: Lang) {
  Cookies.set(LANG_COOKIE, next, {
    path: '/',
    expires: LANG_COOKIE_MAX_AGE / 86400,
    sameSite: 'Lax',
    secure: location.protocol === 'https:',
  })
}

/**
 * A message the server named by code, in the page's language: the catalog's words with the values filled
 * in, else the server's English. A message checked in the browser (the contract's English) is found by its
 * English.
 */
export function translateCode(
  code: string | undefined,
  params: MessageParams | undefined,
  english: string,
): string {
  const id = code ?? codeOf(english)
  if (!id || currentLang() === DEFAULT_LANG || !(id in i18n.messages)) return english
  return i18n._(id, params)
}

export { i18n }
