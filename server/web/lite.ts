import type { Lang } from '../../contract/i18n'
import {
  LITE_CLASSES,
  LITE_WORDS_ELEMENT_ID,
  type LiteWords,
  LOAD_COOKIE,
  STANDALONE_ROUTES,
} from '../../contract/lite'
import type { AppRoute } from '../../contract/routes'
import { scriptSafeJson } from '../../contract/runtime'
import { insertAt } from '../lib/html'
import { translate } from '../lib/i18n'
import type { PageStyle } from './page-style'

/** The small script's words (src/lite/lite.ts), put in each standalone page in its language. */
const LITE_WORDS: Record<keyof LiteWords, { id: string; message: string }> = {
  install: /*i18n*/ { id: 'lite.install', message: 'Install Soko' },
  share: /*i18n*/ { id: 'lite.share', message: 'Share' },
  shareOn: /*i18n*/ { id: 'lite.shareOn', message: 'Share on' },
  copyLink: /*i18n*/ { id: 'lite.copyLink', message: 'Copy link' },
  linkCopied: /*i18n*/ { id: 'lite.linkCopied', message: 'Link copied' },
  copyThis: /*i18n*/ { id: 'lite.copyThis', message: 'Copy this link: {link}' },
  account: /*i18n*/ { id: 'lite.account', message: 'Account' },
  installLine: /*i18n*/ { id: 'lite.installLine', message: 'Soko works offline from your home screen.' },
  notNow: /*i18n*/ { id: 'lite.notNow', message: 'Not now' },
}

/**
 * A page that works as HTML alone (contract/lite.ts) says so on its root, `data-standalone`, and carries
 * the small script's words: on a slow connection its start script runs that script instead of the app.
 * Its stylesheet is cut to the rules it uses (page-style.ts); the app, when it starts, loads the rest.
 */
export function asStandalone(
  html: string,
  route: AppRoute | null,
  lang: Lang,
  style: PageStyle | null = null,
): string {
  if (!route || !STANDALONE_ROUTES.has(route)) return html
  const words = Object.fromEntries(
    Object.entries(LITE_WORDS).map(([key, message]) => [
      key,
      // `{link}` stays for the script to fill in.
      translate(lang, message, { link: '{link}' }),
    ]),
  )
  const marked = insertAt(html, '<div id="root"', '<div id="root" data-standalone')
  const page = insertAt(
    marked,
    '</head>',
    `  <script id="${LITE_WORDS_ELEMENT_ID}" type="application/json">${scriptSafeJson(words)}</script>\n  </head>`,
  )
  return style ? style.cutIn(page, LITE_CLASSES, true) : page
}

/**
 * A browser that asks to save data (`Save-Data: on`) is told to load pages lite: the cookie the start
 * script reads (it cannot see the request's headers). One already set, either way, is left as it is.
 */
export function loadModeCookie(
  saveData: string | undefined,
  cookieHeader: string | undefined,
): string | null {
  if (saveData?.trim().toLowerCase() !== 'on') return null
  if (new RegExp(`(?:^|;\\s*)${LOAD_COOKIE}=`).test(cookieHeader ?? '')) return null
  return `${LOAD_COOKIE}=lite; Path=/; SameSite=Lax`
}
