import {
  isLang,
  LANG_COOKIE,
  LANG_COOKIE_MAX_AGE,
  type Lang,
  langFromAcceptLanguage,
} from '../../contract/i18n'

/** Languages a request may name, at most this long (`en`, `sw-KE`, `zh-Hant-TW`): anything else is noise. */
const TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/
/** Written for a request that names no language Intl knows. */
export const DEFAULT_LOCALE = 'en-US'

const known = new Map<string, string>()

/**
 * The language a server-rendered page writes its prices and dates in: the first of the request's
 * Accept-Language that Intl formats (as the browser itself would, in most cases), canonical, else
 * `en-US`. Few distinct values: the catalog's pages are kept once per language.
 */
export function pageLocale(acceptLanguage: string | undefined): string {
  for (const part of (acceptLanguage ?? '').split(',').slice(0, 6)) {
    const tag = part.split(';')[0]?.trim() ?? ''
    if (!TAG.test(tag)) continue
    let locale = known.get(tag)
    if (locale === undefined) {
      locale = Intl.NumberFormat.supportedLocalesOf([tag])[0] ?? ''
      if (known.size < 1000) known.set(tag, locale)
    }
    if (locale) return locale
  }
  return DEFAULT_LOCALE
}

/**
 * The language a page is written in: `?lang=` when the address names one (a link to the page in a
 * language, and the switch with scripts off), else the person's choice (the `lang` cookie), else the
 * first of Accept-Language's that Soko speaks. `fromQuery` says the address chose it, so the answer keeps
 * that choice in the cookie.
 */
export function requestLang(
  query: string | undefined,
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): { lang: Lang; fromQuery: boolean } {
  if (isLang(query)) return { lang: query, fromQuery: true }
  const cookie = /(?:^|;\s*)lang=([a-z]{2})(?:;|$)/.exec(cookieHeader ?? '')?.[1]
  if (isLang(cookie)) return { lang: cookie, fromQuery: false }
  return { lang: langFromAcceptLanguage(acceptLanguage), fromQuery: false }
}

/** requestLang of a Hono request: the language to answer a person in with a page's plain text. */
export function contextLang(c: {
  req: { query(name: string): string | undefined; header(name: string): string | undefined }
}): Lang {
  return requestLang(c.req.query('lang'), c.req.header('cookie'), c.req.header('accept-language')).lang
}

/** The Set-Cookie that keeps a language chosen by the address. */
export function langCookie(lang: Lang, secure: boolean): string {
  return `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${LANG_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`
}
