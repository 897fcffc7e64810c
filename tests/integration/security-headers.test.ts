import { createHash, randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RUNTIME_SETTINGS_ELEMENT_ID } from '../../contract/runtime'
import { loadConfig } from '../../server/env'
import { CardAdapter } from '../../server/payments/card.adapter'
import { PaypalAdapter } from '../../server/payments/paypal.adapter'
import { appContentSecurityPolicy } from '../../server/web/security-headers'
import { type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'
import { FIXTURE_INLINE_SCRIPT, fixtureBuild } from '../support/fixture-build'

/** A policy's directives by name, each with its sources. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy, 'Content-Security-Policy header').toBeTruthy()
  return new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  )
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** The text of each `<tag>` element of a page. */
const elements = (html: string, tag: 'script' | 'style') =>
  [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1] as string)

/** Every kind of HTML page the app serves: prerendered, shell, the precached shell, catalog, 404s. */
const APP_PAGES = [
  ['/', 200],
  ['/pricing', 200],
  ['/features', 200],
  ['/index.html', 200],
  ['/explore', 200],
  ['/no/such/page', 404],
  ['/no-such-product', 404],
  ['/creators/nobody-here', 404],
] as const

describe('security headers on https', () => {
  let app: RunningApp
  let clientDir: string
  const get = (p: string) => fetch(`${app.url}${p}`)
  beforeAll(async () => {
    clientDir = fixtureBuild()
    app = await startApp('pglite', { clientDir, publicUrl: 'https://soko.example', firebase: null })
  })
  afterAll(async () => {
    await app.close()
    rmSync(path.dirname(clientDir), { recursive: true, force: true })
  })

  it('sends one policy and the other headers with every kind of app page, 404s included', async () => {
    const policies = new Set<string | null>()
    for (const [p, status] of APP_PAGES) {
      const res = await get(p)
      expect(res.status, p).toBe(status)
      expect(res.headers.get('content-type'), p).toContain('text/html')
      policies.add(res.headers.get('content-security-policy'))
      expect(res.headers.get('permissions-policy'), p).toContain('camera=(self)')
      expect(res.headers.get('x-frame-options'), p).toBe('DENY')
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff')
      expect(res.headers.get('referrer-policy'), p).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('strict-transport-security'), p).toBe('max-age=31536000; includeSubDomains')
    }
    expect(policies.size).toBe(1)
    expect([...policies][0]).toBeTruthy()
  })

  it('runs scripts from Soko and the build’s own inline scripts by hash: no other inline script, no eval', async () => {
    const res = await get('/pricing')
    const html = await res.text()
    expect(html).toContain(`<script>${FIXTURE_INLINE_SCRIPT}</script>`)
    const policy = directives(res.headers.get('content-security-policy'))
    expect(policy.get('script-src')).toEqual(["'self'", sha256(FIXTURE_INLINE_SCRIPT)])
    // The runtime settings and the page's payload are data (type="application/json"), never run: no hash.
    const settings = new RegExp(`<script id="${RUNTIME_SETTINGS_ELEMENT_ID}"[^>]*>([^<]*)</script>`).exec(
      html,
    )
    expect(settings?.[1]).toBeTruthy()
    expect(policy.get('script-src')).not.toContain(sha256(settings?.[1] ?? ''))
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'")
    expect(res.headers.get('content-security-policy')).not.toContain('unsafe-eval')
    expect(policy.get('default-src')).toEqual(["'self'"])
  })

  it('forbids framing Soko, plugins, other base URLs and form targets; allows its worker and manifest', async () => {
    const policy = directives((await get('/')).headers.get('content-security-policy'))
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'self'"])
    expect(policy.get('form-action')).toEqual(["'self'"])
    expect(policy.get('worker-src')).toEqual(["'self'"])
    expect(policy.get('manifest-src')).toEqual(["'self'"])
    // Nothing configured to be framed (no Turnstile, no Firebase).
    expect(policy.get('frame-src')).toEqual(["'none'"])
    expect(policy.has('upgrade-insecure-requests')).toBe(true)
    // This site, its storage (the disk store's /files/) and the default geolocation service.
    const files = `https://${app.config.storageHost}`
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://soko.example', files, 'https://ipapi.co'])
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://soko.example', files])
  })

  it('allows the camera to Soko only (ticket check-in) and turns geolocation and other powerful features off', async () => {
    const features = new Map(
      ((await get('/')).headers.get('permissions-policy') ?? '')
        .split(/,\s*/)
        .map((f) => f.split('=') as [string, string]),
    )
    expect(features.get('camera')).toBe('(self)')
    for (const off of ['geolocation', 'microphone', 'payment', 'usb', 'serial', 'display-capture'])
      expect(features.get(off), off).toBe('()')
  })

  it('sends no page policy with data and scripts, but nosniff and HSTS', async () => {
    for (const p of ['/pricing/_payload.json', '/assets/index-abc123.js', '/sw.js', '/healthz']) {
      const res = await get(p)
      expect(res.headers.get('content-security-policy'), p).toBeNull()
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff')
      expect(res.headers.get('strict-transport-security'), p).toBeTruthy()
      // A document's policy: every byte of a script's headers is paid on each of a phone's requests.
      expect(res.headers.get('referrer-policy'), p).toBeNull()
    }
  })

  it('sends each sandbox page with a policy that allows exactly its own style and script', async () => {
    const pages = [
      '/sandbox',
      '/sandbox/mpesa',
      '/sandbox/africastalking',
      '/sandbox/mpesa/phone',
      '/sandbox/mpesa/phone?number=0712345678',
      '/sandbox/stripe/pay/cs_test_missing',
      '/sandbox/paypal/checkoutnow?token=MISSING',
    ]
    for (const p of pages) {
      const res = await get(p)
      const html = await res.text()
      expect(res.headers.get('content-type'), p).toContain('text/html')
      const policy = directives(res.headers.get('content-security-policy'))
      expect(policy.get('default-src'), p).toEqual(["'none'"])
      expect(policy.get('style-src'), p).toEqual(elements(html, 'style').map(sha256))
      const scripts = elements(html, 'script')
      expect(policy.get('script-src'), p).toEqual(scripts.length ? scripts.map(sha256) : ["'none'"])
      expect(policy.get('frame-ancestors'), p).toEqual(["'none'"])
      expect(policy.get('form-action')?.[0], p).toBe("'self'")
      expect(res.headers.get('permissions-policy'), p).toContain('geolocation=()')
    }
    // The phone page that waits for prompts reloads itself with its script.
    expect(
      elements(await (await get('/sandbox/mpesa/phone?number=0712345678')).text(), 'script'),
    ).toHaveLength(1)
  })

  it('lets the PayPal approval and card pages’ forms redirect to the shop’s return and cancel links', async () => {
    const { payments } = app.config
    const paypal = new PaypalAdapter({
      baseUrl: `${app.url}/sandbox/paypal`,
      clientId: payments.paypal.clientId,
      clientSecret: payments.paypal.clientSecret,
      webhookId: payments.paypal.webhookId,
    })
    const order = await paypal.createOrder({
      reference: 'SOKO-1',
      orderId: randomUUID(),
      amount: { amount: 1234, currency: 'USD' },
      description: 'Baobab print',
      returnUrl: 'https://shop.example/hooks/paypal/return?order=1',
      cancelUrl: 'https://cancel.example/hooks/paypal/cancel?order=1',
      requestId: randomUUID(),
    })
    // The sandbox's links name PUBLIC_URL: asked here on the app's own address.
    const approval = await fetch(order.approveUrl.replace('https://soko.example', app.url))
    expect(directives(approval.headers.get('content-security-policy')).get('form-action')).toEqual([
      "'self'",
      'https://shop.example',
      'https://cancel.example',
    ])
    const card = new CardAdapter({
      apiBase: `${app.url}/sandbox/stripe`,
      secretKey: payments.card.secretKey,
      webhookSecret: payments.card.webhookSecret,
    })
    const session = await card.createSession({
      orderId: randomUUID(),
      reference: 'SOKO-2',
      amount: { amount: 150_000, currency: 'KES' },
      description: 'Baobab print',
      email: 'amina@example.com',
      successUrl: 'https://shop.example/sucess-payment?session={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://shop.example/hooks/stripe/cancel',
      expiresAt: new Date(Date.now() + 3_600_000),
      idempotencyKey: randomUUID(),
    })
    const cardPage = await fetch(session.url.replace('https://soko.example', app.url))
    expect(directives(cardPage.headers.get('content-security-policy')).get('form-action')).toEqual([
      "'self'",
      'https://shop.example',
    ])
  })
})

describe('security headers on http', () => {
  let app: RunningApp
  let clientDir: string
  beforeAll(async () => {
    clientDir = fixtureBuild()
    app = await startApp('pglite', { clientDir })
  })
  afterAll(async () => {
    await app.close()
    rmSync(path.dirname(clientDir), { recursive: true, force: true })
  })

  it('sends no HSTS and no upgrade of requests when PUBLIC_URL is http', async () => {
    for (const p of ['/', '/no/such/page', '/sandbox/mpesa/phone', '/healthz']) {
      const res = await fetch(`${app.url}${p}`)
      expect(res.headers.get('strict-transport-security'), p).toBeNull()
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff')
    }
    const res = await fetch(`${app.url}/`)
    const policy = directives(res.headers.get('content-security-policy'))
    expect(policy.has('upgrade-insecure-requests')).toBe(false)
    expect(policy.get('connect-src')).toContain(`http://${app.config.storageHost}`)
  })
})

describe('security headers with API, storage, geolocation, Turnstile and Firebase configured', () => {
  let app: RunningApp
  let clientDir: string
  beforeAll(async () => {
    clientDir = fixtureBuild()
    // From the environment, as an operator sets it.
    const configured = loadConfig({
      PUBLIC_URL: 'https://soko.example',
      API_BASE: 'https://api.soko.example/',
      GEO_URL: 'https://geo.example/v1/json/',
      STORAGE_S3_BUCKET: 'soko-files',
      STORAGE_S3_ENDPOINT: 'https://s3.eu-central-1.example.com',
      STORAGE_S3_ACCESS_KEY_ID: 'id',
      STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
      TURNSTILE_SITE_KEY: '0x4AAAAAAA',
      FIREBASE_API_KEY: 'key',
      FIREBASE_PROJECT_ID: 'soko-demo',
    })
    app = await startApp('pglite', {
      clientDir,
      publicUrl: configured.publicUrl,
      apiBase: configured.apiBase,
      geoUrl: configured.geoUrl,
      s3: configured.s3,
      storageHost: configured.storageHost,
      challengeSiteKey: configured.challengeSiteKey,
      firebase: configured.firebase,
    })
  })
  afterAll(async () => {
    await app.close()
    rmSync(path.dirname(clientDir), { recursive: true, force: true })
  })

  it('names each configured origin in the directives that need it', async () => {
    const policy = directives((await fetch(`${app.url}/signup`)).headers.get('content-security-policy'))
    const bucket = 'https://soko-files.s3.eu-central-1.example.com/'
    expect(policy.get('connect-src')).toEqual(
      expect.arrayContaining([
        'https://api.soko.example',
        bucket,
        'https://geo.example',
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
      ]),
    )
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(['https://api.soko.example', bucket]))
    expect(policy.get('script-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://challenges.cloudflare.com',
        'https://apis.google.com',
        'https://www.google.com/recaptcha/',
      ]),
    )
    expect(policy.get('frame-src')).toEqual(
      expect.arrayContaining([
        'https://challenges.cloudflare.com',
        'https://soko-demo.firebaseapp.com',
        'https://www.google.com/recaptcha/',
      ]),
    )
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'")
  })

  it('lets a checkout form be redirected to a live provider’s page, and only when that provider is live', () => {
    const sandbox = directives(
      appContentSecurityPolicy(loadConfig({ PUBLIC_URL: 'https://soko.example' }), []),
    )
    expect(sandbox.get('form-action')).toEqual(["'self'"])
    const live = (env: Record<string, string>) =>
      directives(appContentSecurityPolicy(loadConfig({ PUBLIC_URL: 'https://soko.example', ...env }), []))
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_0123456789', STRIPE_WEBHOOK_SECRET: 'whsec_0123456789' }
    const paypal = { PAYPAL_CLIENT_ID: 'client', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH-1' }
    expect(live({ ...stripe, ...paypal }).get('form-action')).toEqual([
      "'self'",
      'https://checkout.stripe.com',
      'https://www.paypal.com',
    ])
    // PayPal's own test system has its own approval page.
    const paypalTests = live({ ...paypal, PAYPAL_BASE_URL: 'https://api-m.sandbox.paypal.com' })
    expect(paypalTests.get('form-action')).toEqual(["'self'", 'https://www.sandbox.paypal.com'])
  })

  it('takes an explicit STORAGE_HOST on the site’s scheme, and drops a value that would break the header', () => {
    // By default files are this site's /files/: the site's origin covers them.
    const disk = directives(appContentSecurityPolicy(loadConfig({ PUBLIC_URL: 'https://soko.example' }), []))
    expect(disk.get('connect-src')).toEqual(["'self'", 'https://soko.example', 'https://ipapi.co'])
    const base = testConfig({ publicUrl: 'https://soko.example' })
    const cdn = directives(appContentSecurityPolicy({ ...base, storageHost: 'files.soko.example/up/' }, []))
    expect(cdn.get('connect-src')).toContain('https://files.soko.example/up/')
    const sneaky = appContentSecurityPolicy(
      { ...base, storageHost: "cdn.example; script-src 'unsafe-inline'", apiBase: 'javascript:alert(1)' },
      [],
    )
    expect(sneaky).not.toContain('cdn.example')
    expect(sneaky).not.toContain('javascript')
    expect(directives(sneaky).get('script-src')).toEqual(["'self'"])
  })
})
