import Cookies from 'js-cookie'
import {
  DEFAULT_LANG,
  isLang,
  LANG_COOKIE,
  LANG_COOKIE_MAX_AGE,
  type Lang,
  type MessageParams,
} from '../../contract/i18n'
import { codeOf } from '../../contract/say'
import { i18n } from './i18n-runtime'

/**
 * The app's language (docs/swahili.md). English is in the code itself, compiled by the build: it needs no
 * catalog (the runtime the macros use is ./i18n-runtime.tsx). Kiswahili comes as one catalog per part of the app (locales/sw/*.po, compiled by the build into
 * chunks of their own), loaded before a page of that part renders, and only when Kiswahili is chosen.
 */
let lang: Lang = DEFAULT_LANG

/** On the server, the language of the render asking (src/prerender.tsx: renders overlap). */
let renderLang: () => Lang | undefined = () => undefined

export function setRenderLangSource(source: () => Lang | undefined) {
  renderLang = source
}

export function currentLang(): Lang {
  return renderLang() ?? lang
}

/**
 * Loads what a page in Kiswahili needs that is not in yet (./i18n-sw.ts: a chunk an English page never
 * asks for); nothing at all in English.
 */
export function loadCatalogs(pathname: string, forLang: Lang = currentLang()): Promise<void> | undefined {
  if (forLang === DEFAULT_LANG) return undefined
  return import('./i18n-sw').then((sw) => sw.loadParts(pathname, (messages) => i18n.load(forLang, messages)))
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
  if (lang !== DEFAULT_LANG) await import('./i18n-sw').then((sw) => sw.start(lang, pathname))
  return lang
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
