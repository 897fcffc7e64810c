import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { escapeHtml } from '../../lib/html'
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
}): SandboxPage {
  const style = `${BASE_CSS}${p.css}\n`
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${p.head ?? ''}
<title>${escapeHtml(p.title)}</title>
<style>${style}</style>
</head>
<body>
<header><p class="banner" role="note">Sandbox — no real money moves</p></header>
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
