import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'

/** The inline script of the fixture's prerendered page, as the router's scroll restoration puts one there. */
export const FIXTURE_INLINE_SCRIPT = 'scrollTo(0,0);document.currentScript.remove()'

/** The fixture's stylesheet, inline as the build puts it (scripts/page-assets.ts), and its file. */
export const FIXTURE_STYLES = {
  href: '/assets/styles-fix123.css',
  css: 'body{margin:0}h1.headline{font-size:2rem}.pricing-note{color:green}.share-native{border:0}.never-used{color:red}',
}
const STYLE = `<style data-href="${FIXTURE_STYLES.href}">${FIXTURE_STYLES.css}</style>`

/**
 * A miniature build: what `vite build` leaves in dist/client, with precompressed copies, and one page the
 * prerender step wrote to dist/prerendered. Answers the client folder.
 */
export function fixtureBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'soko-dist-'))
  const dir = path.join(root, 'client')
  const write = (file: string, body: string, compress = false) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), body)
    if (compress) {
      writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(body))
      writeFileSync(path.join(dir, `${file}.gz`), gzipSync(body))
    }
  }
  write(
    'index.html',
    `<!doctype html><html><head><title>Soko — Sell Digital Products &amp; Get Paid Anywhere</title>${STYLE}</head><body><div id="root"></div></body></html>`,
  )
  write(FIXTURE_STYLES.href.slice(1), FIXTURE_STYLES.css, true)
  write('assets/index-abc123.js', `console.log(${JSON.stringify('x'.repeat(2000))})`, true)
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>')
  write('sw.js', 'self.addEventListener("fetch", () => {})')
  write('manifest.webmanifest', '{"name":"Soko"}')
  write('builds/latest.json', '{"id":"build-1","timestamp":1}')
  write('builds/meta/build-1.json', '{"id":"build-1","timestamp":1}')
  write('pricing/_payload.json', '{"heading":"Pricing"}')
  // A page that states the hold, the fee and a worked example: the build writes marks, the server the
  // figures in force.
  write(
    'features/_payload.json',
    '{"heading":"Features","hold":"Held for [[hold-days]] days","fee":"[[sale-fee]]","example":"[[fee:KES:100000]] of KES 1,000"}',
    true,
  )
  write(
    '../prerendered/features.html',
    '<!doctype html><html><head><title>Soko</title></head><body><div id="root" data-prerendered="/features"><p>Held for [[hold-days]] days; Soko keeps [[sale-fee]]: [[fee:KES:100000]] of KES 1,000</p></div></body></html>',
  )
  // What the build lists for each route's page beyond the entry (scripts/page-assets.ts).
  write('../route-scripts.json', '{"/pricing":["assets/pricing-def456.js"],"/account/settings/profile":[]}')
  write(
    '../prerendered/pages.json',
    '{"/pricing":{"en":"pricing.html","sw":"pricing.sw.html"},"/features":{"en":"features.html"}}',
  )
  // The page and its words in Kiswahili, as the prerender writes them.
  write('pricing/_payload.sw.json', '{"heading":"Bei"}')
  write(
    '../prerendered/pricing.sw.html',
    '<!doctype html><html lang="sw"><head><title>Soko — Sell Digital Products &amp; Get Paid Anywhere</title></head><body><div id="root" data-prerendered="/pricing" data-locale="sw-KE"><h1>Bei</h1></div><script id="soko-payload" type="application/json" data-path="/pricing">{"heading":"Bei"}</script></body></html>',
  )
  write(
    '../prerendered/pricing.html',
    `<!doctype html><html><head><title>Soko — Sell Digital Products &amp; Get Paid Anywhere</title>${STYLE}</head><body><div id="root" data-prerendered="/pricing"><h1>Pricing</h1><p class="pricing-note">No monthly fee</p><script>${FIXTURE_INLINE_SCRIPT}</script></div><script id="soko-payload" type="application/json" data-path="/pricing">{"heading":"Pricing"}</script></body></html>`,
  )
  return dir
}
