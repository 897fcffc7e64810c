import { LANGS, type Lang } from '../../../contract/i18n'
import { escapeHtml } from '../../lib/html'
import { translate } from '../../lib/i18n'

/**
 * The pages that work without script (Opera Mini, KaiOS, a phone whose script did not arrive): plain HTML
 * with the app's own styles, every action a form the server answers. The app's pages take the same
 * paths' forms over when script runs.
 */

export const LAYOUT = {
  skip: /*i18n*/ { id: 'plain.layout.skip', message: 'Skip to content' },
  home: /*i18n*/ { id: 'plain.layout.home', message: 'Soko home' },
  signIn: /*i18n*/ { id: 'plain.layout.signIn', message: 'Sign in' },
  signOut: /*i18n*/ { id: 'plain.layout.signOut', message: 'Sign out' },
  /** A language's name in itself, for the link to it. */
  otherLanguage: /*i18n*/ { id: 'plain.layout.otherLanguage', message: 'English' },
  title: /*i18n*/ { id: 'plain.layout.title', message: '{page} — Soko' },
}

export interface PlainView {
  lang: Lang
  /** The page's path and query, for the link to the same page in the other language. */
  path: string
  /** Signed in by the session cookie: the header offers to sign out (a form, with its token). */
  signedIn: boolean
  /** The token every form of the page carries (form-guard.ts). */
  formToken: string
  /** The page's content, already escaped. */
  main: string
}

/** The other language's link: the same address with `lang=`, which the server keeps in a cookie. */
function otherLanguage(view: PlainView): string {
  const other = LANGS.find((lang) => lang !== view.lang) ?? view.lang
  const url = new URL(view.path, 'http://x')
  url.searchParams.set('lang', other)
  const label = translate(other, LAYOUT.otherLanguage)
  return `<a class="nav-link lang-switch" href="${escapeHtml(url.pathname + url.search)}" hreflang="${other}" lang="${other}">${escapeHtml(label)}</a>`
}

/** The body of a plain page: the header, the content and the language switch; no script anywhere. */
export function plainBody(view: PlainView): string {
  const say = (message: { id: string; message: string }) => escapeHtml(translate(view.lang, message))
  const account = view.signedIn
    ? `<form method="post" action="/logout" class="inline-form">${tokenField(view.formToken)}<button type="submit" class="button button-small secondary">${say(LAYOUT.signOut)}</button></form>`
    : `<a class="button button-small" href="/login">${say(LAYOUT.signIn)}</a>`
  return [
    `<a class="skip-link" href="#main">${say(LAYOUT.skip)}</a>`,
    '<header class="site-header"><div class="header-inner">',
    `<a class="brand" href="/" aria-label="${say(LAYOUT.home)}"><span>Soko</span></a>`,
    '<nav class="main-nav"><ul class="nav-links">',
    `<li>${otherLanguage(view)}</li></ul>${account}</nav>`,
    '</div></header>',
    `<main id="main" class="layout-default"><section class="page narrow plain-page">${view.main}</section></main>`,
  ].join('')
}

/** A whole plain page (its styles are put in by sendPage), and a refresh when the page is waiting. */
export function plainDocument(
  view: PlainView & { title: string; refresh?: { seconds: number; url: string } },
): string {
  const title = escapeHtml(translate(view.lang, LAYOUT.title, { page: view.title }))
  const refresh = view.refresh
    ? `<meta http-equiv="refresh" content="${view.refresh.seconds};url=${escapeHtml(view.refresh.url)}">`
    : ''
  return `<!doctype html><html lang="${view.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title>${refresh}<link rel="icon" href="/favicon.svg" type="image/svg+xml"></head><body><div id="root">${plainBody(view)}</div></body></html>`
}

/** The hidden field that carries the form's token. */
export function tokenField(token: string): string {
  return `<input type="hidden" name="_form" value="${escapeHtml(token)}">`
}
