import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Lang, Message } from '../../../contract/i18n'
import { escapeHtml } from '../../lib/html'
import { translate } from '../../lib/i18n'
import { requestLang } from '../../web/locale'
import { sandboxContentSecurityPolicy } from '../../web/security-headers'

/**
 * What every simulator page shares; each adds its provider's own look in `css`. A 390 px phone is the
 * first screen they are made for: nothing wider than the screen, 16 px text in fields (a phone zooms in
 * on smaller), long words wrap, and every button and lone link is at least 44 px tall.
 */
const BASE_CSS = `
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; overflow-wrap: anywhere; }
  .banner { margin: 0; padding: .5rem 1rem; background: #ffd140; color: #1a1a1a; text-align: center; font-weight: 600; }
  main { max-width: 28rem; }
  h1 { font-size: 1.4rem; }
  input, button, select { font: inherit; font-size: 1rem; max-width: 100%; }
  input { width: 100%; min-height: 44px; }
  button { min-height: 44px; }
  p > a:only-child { display: inline-block; padding: .625rem 0; }`

const BANNER = /*i18n*/ { id: 'sandbox.page.banner', message: 'Sandbox — no real money moves' }

/**
 * The language of a buyer's simulator page (the M-Pesa phone, PayPal's approval page, Stripe's card
 * page): `?lang=`, else the `lang` cookie the app's pages set (same origin), else Accept-Language.
 */
export function pageLang(c: Context): Lang {
  return requestLang(c.req.query('lang'), c.req.header('cookie'), c.req.header('accept-language')).lang
}

/**
 * A message as HTML: its text escaped, its `{placeholders}` filled with `html` (HTML, put in as it is:
 * escape any text in it first).
 */
export function translateHtml(lang: Lang, message: Message, html: Record<string, string> = {}): string {
  // Each placeholder is first a mark from Unicode's private use area, which no message has.
  const names = Object.keys(html)
  const marks = Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE001`]))
  const text = escapeHtml(translate(lang, message, marks))
  return text.replace(/\uE000(\d+)\uE001/g, (_, i: string) => html[names[Number(i)] ?? ''] ?? '')
}

/** A simulator's page and the Content-Security-Policy it is sent with. */
export interface SandboxPage {
  html: string
  policy: string
}

/**
 * A simulator's page (the M-Pesa phone, PayPal's approval page, Stripe's card page): kept out of search
 * engines, under the banner that says no real money moves, with `title` (plain text) as its heading and
 * `body` (HTML) below it. `head` goes before the title; `script` (JavaScript) runs after the main column.
 * Its policy allows exactly its own style and script, by hash, and its forms' redirects to `returnTo`.
 */
export function sandboxPage(p: {
  title: string
  css: string
  body: string
  head?: string
  script?: string
  /** Addresses the page's forms may end up at (the shop's return and cancel links). */
  returnTo?: (string | null)[]
  /** The language the page is written in (its `<html lang>` and the banner); English unless given. */
  lang?: Lang
}): SandboxPage {
  const lang = p.lang ?? 'en'
  const style = `${BASE_CSS}${p.css}\n`
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${p.head ?? ''}
<title>${escapeHtml(p.title)}</title>
<style>${style}</style>
</head>
<body>
<header><p class="banner" role="note">${escapeHtml(translate(lang, BANNER))}</p></header>
<main>
<h1>${escapeHtml(p.title)}</h1>
${p.body}
</main>
${p.script ? `<script>${p.script}</script>` : ''}
</body>
</html>`
  return {
    html,
    policy: sandboxContentSecurityPolicy({
      styles: [style],
      scripts: p.script ? [p.script] : [],
      returnTo: p.returnTo ?? [],
    }),
  }
}

/** Answers a page; never cached, as each shows a payment as it stands now. */
export function page(c: Context, sandbox: SandboxPage, status: ContentfulStatusCode = 200) {
  return c.html(sandbox.html, status, {
    'cache-control': 'no-store',
    'content-security-policy': sandbox.policy,
  })
}
