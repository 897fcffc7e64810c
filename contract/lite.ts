import type { AppRoute } from './routes'

/**
 * Pages a visitor can use fully as the server's HTML: what they show is in the markup, their links are
 * plain links and their forms are posted to the server (the buy box, the search, the booking and invoice
 * pages). On a slow connection, or with Save-Data, these pages run a small script of their own instead of
 * the app (docs/loading.md).
 */
export const STANDALONE_ROUTES: ReadonlySet<AppRoute> = new Set<AppRoute>([
  '/',
  '/explore',
  '/explore/$category',
  '/creators',
  '/creators/$handle',
  '/$product',
  '/book/$slug',
  '/p',
  '/features',
  '/pricing',
])

/**
 * The cookie that says how this browser loads pages, `lite` or `app`: the server writes `lite` when the
 * browser asks to save data (the `Save-Data: on` header), and either value may be set by hand to force a
 * mode (a test, a support call). Without it, the connection decides.
 */
export const LOAD_COOKIE = 'soko_load'
export type LoadMode = 'lite' | 'app'

/** Id of the JSON script element with the small script's words, in the page's language. */
export const LITE_WORDS_ELEMENT_ID = 'soko-lite-words'

/** The words the small script of a standalone page puts on screen. */
export interface LiteWords {
  install: string
  share: string
  shareOn: string
  copyLink: string
  linkCopied: string
  /** With `{link}` where the address goes. */
  copyThis: string
  account: string
  /** The install offer's line on a phone, and the way to put it away. */
  installLine: string
  notNow: string
}

/**
 * The classes the small script gives what it adds to a page (the install offer, the share buttons): a page
 * whose stylesheet the server cuts to its own rules keeps theirs too.
 */
export const LITE_CLASSES: readonly string[] = [
  'app-status-line',
  'button',
  'install-button',
  'install-line',
  'link-button',
  'secondary',
  'share-native',
  'visually-hidden',
]
