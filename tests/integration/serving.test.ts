import { rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PlatformTerms } from '../../contract/platform-terms.contract'
import { PAGE_SCRIPTS_ELEMENT_ID, RUNTIME_SETTINGS_ELEMENT_ID } from '../../contract/runtime'
import { type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'
import { FIXTURE_STYLES, fixtureBuild } from '../support/fixture-build'
import { personOf } from '../support/shop'

describe('serving the PWA', () => {
  let app: RunningApp
  let clientDir: string
  beforeAll(async () => {
    clientDir = fixtureBuild()
    const base = testConfig()
    app = await startApp('pglite', {
      clientDir,
      publicUrl: 'https://soko.example',
      firebase: null,
      // Not the build's default: the pages must say 3.
      payouts: { ...base.payouts, holdDays: 3 },
    })
  })
  afterAll(async () => {
    await app.close()
    rmSync(path.dirname(clientDir), { recursive: true, force: true })
  })

  const get = (p: string, headers: Record<string, string> = {}) => fetch(`${app.url}${p}`, { headers })

  it('answers a route of the app with 200 and a path outside it with 404, both the app shell', async () => {
    for (const [p, status] of [
      ['/', 200],
      ['/pricing', 200],
      ['/account/settings/profile', 200],
      // A product address that no product has (products are tested in storefront.test.ts).
      ['/some-product', 404],
      ['/no/such/page', 404],
      ['/a/b/c?x=1', 404],
    ] as const) {
      const res = await get(p)
      expect(res.status, p).toBe(status)
      expect(await res.text(), p).toContain('<div id="root"')
    }
  })

  it("lists a page's route scripts for the start script, and none for a path that is not a page", async () => {
    const pricing = await (await get('/pricing')).text()
    expect(pricing).toContain(
      `<script id="${PAGE_SCRIPTS_ELEMENT_ID}" type="application/json">["/assets/pricing-def456.js"]</script>`,
    )
    for (const p of ['/account/settings/profile', '/no/such/page'])
      expect(await (await get(p)).text(), p).not.toContain(PAGE_SCRIPTS_ELEMENT_ID)
  })

  it('sends each page its own title, description, canonical link and share-card tags', async () => {
    const pricing = await (await get('/pricing?ref=whatsapp')).text()
    expect(pricing).toContain('<title>Pricing | Soko — Sell Digital Products &amp; Get Paid Anywhere</title>')
    expect(pricing).toContain('<link rel="canonical" href="https://soko.example/pricing" />')
    expect(pricing).toMatch(/<meta name="description" content="No monthly fee[^"]*" \/>/)
    expect(pricing).toContain('<meta name="keywords" content="sell digital products')
    expect(pricing).toContain('<meta property="og:title" content="Pricing | Soko')
    expect(pricing).toContain('<meta property="og:url" content="https://soko.example/pricing" />')
    expect(pricing).toContain(
      '<meta property="og:image" content="https://soko.example/icons/og-1200x630.png" />',
    )
    expect(pricing).toContain('<meta name="twitter:card" content="summary_large_image" />')
    // The template's own title is replaced, not repeated.
    expect(pricing.match(/<title>/g)).toHaveLength(1)
    const home = await (await get('/')).text()
    expect(home).toContain('<title>Soko — Sell Digital Products &amp; Get Paid Anywhere</title>')
    expect(home).toContain('<link rel="canonical" href="https://soko.example/" />')
    expect(home).not.toContain('name="robots"')
  })

  it('keeps private pages and 404s out of search engines, with no canonical link on a 404', async () => {
    const settings = await (await get('/account/settings')).text()
    expect(settings).toContain('<meta name="robots" content="noindex" />')
    const missing = await get('/a/b/c?x=1')
    expect(missing.status).toBe(404)
    const html = await missing.text()
    expect(html).toContain('<title>Page Not Found | Soko')
    expect(html).toContain('<meta name="robots" content="noindex" />')
    expect(html).not.toContain('rel="canonical"')
  })

  it('serves a prerendered page with its content in the HTML, and its payload as JSON with an ETag', async () => {
    const html = await (await get('/pricing')).text()
    // A page that works as HTML says so (contract/lite.ts).
    expect(html).toContain('<div id="root" data-standalone data-prerendered="/pricing"><h1>Pricing</h1>')
    expect(html).toContain(`<script id="${RUNTIME_SETTINGS_ELEMENT_ID}"`)
    // Other pages get the plain shell.
    expect(await (await get('/contact-us')).text()).toContain('<div id="root"></div>')
    const payload = await get('/pricing/_payload.json')
    expect(payload.status).toBe(200)
    expect(payload.headers.get('content-type')).toContain('application/json')
    expect(await payload.json()).toEqual({ heading: 'Pricing' })
    const etag = payload.headers.get('etag') ?? ''
    expect((await get('/pricing/_payload.json', { 'if-none-match': etag })).status).toBe(304)
  })

  it('cuts the stylesheet of a page that works as HTML to its own rules, naming the whole one for the app', async () => {
    const html = await (await get('/pricing')).text()
    // The page's classes and those the small script adds (.share-native); not what nothing on it uses.
    expect(html).toContain(
      `<style data-full="${FIXTURE_STYLES.href}">body{margin:0}.pricing-note{color:green}.share-native{border:0}</style>`,
    )
    expect(html).not.toContain('never-used')
    // A page of the app (not standalone) keeps the whole stylesheet, as the build wrote it.
    expect(await (await get('/account/settings/profile')).text()).toContain(
      `<style data-href="${FIXTURE_STYLES.href}">${FIXTURE_STYLES.css}</style>`,
    )
    const file = await get(FIXTURE_STYLES.href)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toContain('text/css')
    expect(file.headers.get('cache-control')).toContain('immutable')
    expect(await file.text()).toBe(FIXTURE_STYLES.css)
  })

  it('answers /favicon.ico with the app’s icon, not the page of a missing path', async () => {
    const icon = await get('/favicon.ico')
    expect(icon.status).toBe(200)
    expect(icon.headers.get('content-type')).toContain('image/svg+xml')
  })

  it('states the hold the server runs with (HOLD_DAYS) and the fee in force, not the build’s, in pages and payloads', async () => {
    const page = await (await get('/features')).text()
    expect(page).toContain(
      `Held for ${app.config.payouts.holdDays} days; Soko keeps 5%: KES\u00a050.00 of KES 1,000`,
    )
    expect(page).not.toContain('[[')
    for (const encoding of ['br', 'gzip', 'identity']) {
      const payload = await get('/features/_payload.json', { 'accept-encoding': encoding })
      expect(await payload.json(), encoding).toEqual({
        heading: 'Features',
        hold: `Held for ${app.config.payouts.holdDays} days`,
        fee: '5%',
        example: 'KES\u00a050.00 of KES 1,000',
      })
    }
  })

  it('states new figures as soon as an admin changes them, in pages and payloads alike', async () => {
    const admin = await personOf(app, 'figures@example.com', { roles: ['admin'] })
    const { terms } = (await app.call('getPlatformTerms', {}, admin.token)).body.data as {
      terms: PlatformTerms
    }
    const changed = {
      ...terms,
      saleFeeBps: 750,
      holdDays: 2,
      saleFeeFixed: { ...terms.saleFeeFixed, KES: 10_00 },
    }
    expect((await app.call('updatePlatformTerms', { terms: changed }, admin.token)).status).toBe(200)
    // 7.5% of KES 1,000 and the fixed KES 10.
    const page = await (await get('/features')).text()
    expect(page).toContain('Held for 2 days; Soko keeps 7.5%: KES\u00a085.00 of KES 1,000')
    const payload = await (await get('/features/_payload.json', { 'accept-encoding': 'gzip' })).json()
    expect(payload).toMatchObject({
      hold: 'Held for 2 days',
      fee: '7.5%',
      example: 'KES\u00a085.00 of KES 1,000',
    })
    await app.call('updatePlatformTerms', { terms }, admin.token)
    expect(await (await get('/features')).text()).toContain('Held for 3 days; Soko keeps 5%')
  })

  it('puts the public runtime settings into the served HTML', async () => {
    const html = await (await get('/')).text()
    const match = html.match(
      new RegExp(`<script id="${RUNTIME_SETTINGS_ELEMENT_ID}" type="application/json">(.*?)</script>`),
    )
    expect(match).not.toBeNull()
    const settings = JSON.parse(match?.[1] ?? '{}')
    expect(settings).toEqual(
      expect.objectContaining({ siteUrl: 'https://soko.example', buildId: 'build-1', firebase: null }),
    )
  })

  it('keeps hashed assets a year and serves them brotli or gzip', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' })
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toBe('Accept-Encoding')
    expect(await br.text()).toContain('console.log')
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
  })

  it('makes the HTML, service worker, manifest and build pointer revalidate', async () => {
    expect((await get('/')).headers.get('cache-control')).toBe('no-cache')
    expect((await get('/sw.js')).headers.get('cache-control')).toBe('no-cache')
    expect((await get('/manifest.webmanifest')).headers.get('cache-control')).toBe('no-cache')
    expect((await get('/builds/latest.json')).headers.get('cache-control')).toBe('no-store')
    expect((await get('/builds/meta/build-1.json')).headers.get('cache-control')).toContain('immutable')
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/assets/index-abc123.js')
    const etag = first.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"/)
    const again = await get('/assets/index-abc123.js', { 'if-none-match': etag })
    expect(again.status).toBe(304)
  })

  it('never answers server-owned paths with the app shell', async () => {
    const unsigned = await get('/files/private/nope')
    expect(unsigned.status).toBe(403)
    expect(await unsigned.text()).not.toContain('<div id="root">')
    for (const p of [
      '/files/public/nope.webp',
      '/hooks/nope',
      '/builds/nope.json',
      '/assets/missing.js',
      '/no-such-product/_payload.json',
    ]) {
      const res = await get(p)
      expect(res.status, p).toBe(404)
      expect(await res.text(), p).not.toContain('<div id="root">')
    }
  })

  it('reports the database in /healthz', async () => {
    const res = await get('/healthz')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      status: 'ok',
      build: 'build-1',
      database: { driver: 'pglite', ok: true, latencyMs: expect.any(Number) },
    })
  })
})

describe('health check', () => {
  it('answers 503 when the database does not answer', async () => {
    const app = await startApp('pglite')
    try {
      await app.database.close()
      const res = await fetch(`${app.url}/healthz`)
      expect(res.status).toBe(503)
      expect(await res.json()).toEqual(
        expect.objectContaining({ status: 'error', database: { driver: 'pglite', ok: false } }),
      )
    } finally {
      await app.close()
    }
  })
})
