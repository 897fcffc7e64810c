import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { chromiumArgs, findChromium } from '../../scripts/chromium'
import { GEO_ANSWER } from '../support/geo-service'
import { expect, test, watchCsp } from './fixtures'
import { setOffline, trackOnLine } from './offline'
import { readOutbox } from './outbox'
import { rendered } from './rendered'
import { signIn } from './session'

const baseURL = () => process.env.SOKO_E2E_URL ?? ''
const password = 'a-long-walk-to-lamu'
const SITE_TITLE = 'Soko — Sell Digital Products & Get Paid Anywhere'

/** The app's own JavaScript has run: the service worker is registered and controls this page. */
async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  })
}

async function markWindow(page: Page) {
  await page.evaluate(() => {
    ;(window as { marker?: number }).marker = 1
  })
}
const marked = (page: Page) => page.evaluate(() => (window as { marker?: number }).marker === 1)

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('the prerendered pages show their content, and every public page has its head in the HTML', async ({
    page,
  }) => {
    const pages = [
      { path: '/', title: SITE_TITLE, text: 'Sell digital products & get paid anywhere' },
      { path: '/features', title: `Features | ${SITE_TITLE}`, text: 'Downloads that resume' },
      { path: '/pricing', title: `Pricing | ${SITE_TITLE}`, text: 'No monthly fee' },
      { path: '/contact-us', title: `Contact us | ${SITE_TITLE}`, text: 'We answer within one working day' },
    ]
    for (const { path: pagePath, title, text } of pages) {
      const response = await page.goto(pagePath)
      expect(response?.status(), pagePath).toBe(200)
      await expect(page, pagePath).toHaveTitle(title)
      await expect(page.getByText(text).first(), pagePath).toBeVisible()
      await expect(page.locator('link[rel="canonical"]'), pagePath).toHaveAttribute(
        'href',
        new URL(pagePath, baseURL()).href,
      )
      for (const tag of ['og:title', 'og:description', 'og:image', 'og:url'])
        await expect(page.locator(`meta[property="${tag}"]`), `${pagePath} ${tag}`).toHaveCount(1)
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
        'content',
        'summary_large_image',
      )
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/)
      await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /M-Pesa/)
    }
    // A page that is not prerendered still has its head before any script runs.
    await page.goto('/explore')
    await expect(page).toHaveTitle(`Explore | ${SITE_TITLE}`)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new URL('/explore', baseURL()).href,
    )
  })
})

test('an unknown route is a 404 when typed in and when reached by client navigation', async ({ page }) => {
  const response = await page.goto('/a/b/c?x=1')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
  await expect(page.getByText('Page not found: /a/b/c?x=1')).toBeVisible()
  await expect(page).toHaveTitle(`Page Not Found | ${SITE_TITLE}`)
  await rendered(page)
  await markWindow(page)
  await page.getByRole('link', { name: 'Go to the home page' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Sell digital products & get paid anywhere',
  )
  // Back is handled by the router in the page: the same 404 page, with no request to the server.
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
  await expect(page.getByText('Page not found: /a/b/c?x=1')).toBeVisible()
  expect(await marked(page)).toBe(true)
})

test('the marketing pages use their payload and keep it through client navigation', async ({ page }) => {
  const payloads: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/_payload.json')) payloads.push(new URL(request.url()).pathname)
  })
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible()
  // Taken over by the app, or the link is an ordinary one and loads the next page whole.
  await rendered(page)
  // The first page's payload came inside its HTML.
  expect(payloads).toEqual([])
  await page.getByRole('link', { name: 'All features' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Features')
  await expect(page).toHaveTitle(`Features | ${SITE_TITLE}`)
  expect(payloads).toEqual(['/features/_payload.json'])
})

test('the contact form is stored and mailed to the admins; no challenge widget without a site key', async ({
  page,
}) => {
  await page.goto('/contact-us')
  await expect(page.locator('iframe, .challenge')).toHaveCount(0)
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Check the fields marked below.')).toBeVisible()
  await expect(page.getByText('Write at least 10 characters')).toBeVisible()
  await page.getByLabel('Your name').fill('Wanjiru Mwangi')
  await page.getByLabel('E-mail').fill('wanjiru@example.com')
  await page.getByLabel('About').selectOption('purchase')
  await page.getByLabel('Message').fill('I bought a preset pack but the download link says expired.')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Thank you — your message is with us.')).toBeVisible()
  const mail = (await readOutbox(baseURL())).find((m) => m.subject.includes('Wanjiru Mwangi'))
  expect(mail?.to).toBe('admin@soko.test')
  expect(mail?.subject).toBe('Contact: Something I bought — from Wanjiru Mwangi')
  // The demo admin reads it on /admin.
  await signIn(page, 'admin@soko.test', 'soko-demo-2026')
  await page.goto('/admin/messages')
  const messages = page.getByRole('region', { name: 'Messages from the contact page' })
  await messages.getByText('Wanjiru Mwangi').click()
  await expect(messages.getByText('the download link says expired')).toBeVisible()
  await expect(messages.getByRole('link', { name: 'Answer wanjiru@example.com' })).toBeVisible()
})

test('the location is looked up once and kept whole in IndexedDB', async ({ page, geo }) => {
  const hits = async () => Number(await (await fetch(`${geo.url}/hits`)).text())
  const before = await hits()
  await page.goto('/')
  // Stored once the lookup has answered, shortly after the app starts: asked again until it is there.
  const stored = () =>
    page.evaluate(async () => {
      // Opening a database that is not there would make an empty one the app could not use.
      if (!(await indexedDB.databases()).some((db) => db.name === 'keyval-store')) return null
      return new Promise((resolve) => {
        const open = indexedDB.open('keyval-store')
        open.onsuccess = () => {
          try {
            const get = open.result.transaction('keyval').objectStore('keyval').get('location')
            get.onsuccess = () => resolve(get.result ?? null)
          } catch {
            resolve(null)
          }
        }
        open.onerror = () => resolve(null)
      })
    })
  await expect.poll(stored).toEqual(GEO_ANSWER)
  await page.goto('/pricing')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing')
  expect(await hits()).toBe(before + 1)
})

test.describe('with the service worker out of the way', () => {
  // Requests the service worker answers from its cache would never reach page.route().
  test.use({ serviceWorkers: 'block' })

  test('a query is retried once on 503; a mutation is not retried', async ({ page, context }) => {
    const email = `retry.${Date.now()}@example.com`
    const signUp = await page.request.post('/', {
      data: { subject: 'signUp', email, name: 'Retry Test', password },
    })
    const { token } = (await signUp.json()).data as { token: string }
    const calls: Record<string, number> = {}
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        const request = route.request()
        if (request.method() !== 'POST') return route.fallback()
        const { subject } = request.postDataJSON() as { subject: string }
        calls[subject] = (calls[subject] ?? 0) + 1
        if ((subject === 'getSettings' && calls[subject] === 1) || subject === 'signIn')
          return route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              statusCode: 503,
              message: 'Soko is busy. Try again shortly.',
              data: null,
            }),
          })
        return route.fallback()
      },
    )
    await page.goto('/login')
    // The app's own sign-in (an RPC, which the route above answers 503): before its script runs, the form
    // posts to the server's /login, which this test is not about.
    await rendered(page)
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText('Soko is busy. Try again shortly.')).toBeVisible()
    expect(calls.signIn).toBe(1)

    // Signed in from the cookie: the start-up getSettings (a query) fails once and is asked again.
    await context.addCookies([{ name: 'auth_token', value: token, url: baseURL() }])
    await page.goto('/account')
    await expect(page.getByRole('heading', { name: 'Hello, Retry Test' })).toBeVisible()
    await expect.poll(() => calls.getSettings).toBe(2)
  })

  test('a chunk that fails to load reloads the page, and the page then works', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible()
    await markWindow(page)
    let failed = 0
    await page.route(/\/assets\/pricing-[\w-]+\.js$/, (route) => {
      if (failed++ === 0) return route.abort('connectionreset')
      return route.fallback()
    })
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing')
    await expect(page.getByText('No monthly fee')).toBeVisible()
    // The reloaded page is prerendered: its text shows before its script asks for the chunk again.
    await expect.poll(() => failed).toBeGreaterThanOrEqual(2)
    // A full page load happened: the old window's marker is gone.
    expect(await marked(page)).toBe(false)
  })
})

test('after a visit, every page opens again with no network, and the app says it is offline', async ({
  page,
  context,
}) => {
  const visits = [
    { path: '/', heading: 'Sell digital products & get paid anywhere' },
    { path: '/features', heading: 'Features' },
    { path: '/pricing', heading: 'Pricing' },
    { path: '/contact-us', heading: 'Contact us' },
    { path: '/login', heading: 'Sign in' },
    { path: '/signup', heading: 'Create your account' },
    { path: '/explore', heading: 'Explore' },
  ]
  await trackOnLine(context)
  await page.goto('/')
  await controlledByServiceWorker(page)
  for (const visit of visits) {
    await page.goto(visit.path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(visit.heading)
  }
  // The product photos seen are kept by the worker, not left to the browser's HTTP cache. Seen: loaded (a
  // lazy photo below the fold, on a grid the worker's other specs have filled, has no source yet).
  const photos = await page
    .locator('.product-grid img')
    .evaluateAll((images) =>
      images.map((image) => (image as HTMLImageElement).currentSrc).filter((src) => src !== ''),
    )
  expect(photos.length).toBeGreaterThan(0)
  await expect
    .poll(() =>
      page.evaluate(async (wanted) => {
        const cache = await caches.open('soko-images-v1')
        const kept = new Set((await cache.keys()).map((request) => request.url))
        return wanted.filter((url) => !kept.has(url))
      }, photos),
    )
    .toEqual([])
  await setOffline(context, page, true)
  for (const visit of visits) {
    await page.goto(visit.path)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 }), visit.path).toHaveText(visit.heading)
    await expect(page.getByText('You are offline.')).toBeVisible()
  }
  // The last page, /explore, shows the photos seen before with no network.
  await expect
    .poll(() =>
      page
        .locator('.product-grid img')
        .evaluateAll(
          (images, seen) =>
            seen.filter(
              (url) =>
                !(images as HTMLImageElement[]).some((i) => i.currentSrc === url && i.naturalWidth > 0),
            ),
          photos,
        ),
    )
    .toEqual([])
  await setOffline(context, page, false)
  await expect(page.getByText('You are offline.')).toHaveCount(0)
})

test('Chrome reports the app installable, with the manifest icons and shortcuts', async () => {
  const profile = mkdtempSync(path.join(tmpdir(), 'soko-profile-'))
  // A persistent profile: incognito contexts are never installable.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium() ?? undefined,
    args: chromiumArgs,
    baseURL: baseURL(),
  })
  try {
    await watchCsp(context)
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/')
    await controlledByServiceWorker(page)
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
    const { errors, data } = await cdp.send('Page.getAppManifest')
    expect(errors).toEqual([])
    const manifest = JSON.parse(data ?? '{}')
    expect(manifest.display).toBe('standalone')
    expect(
      manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes} ${i.purpose ?? ''}`),
    ).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']))
    expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual([
      '/downloads',
      '/account/transactions',
      '/account/check-in',
    ])
    await cdp.detach()
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})
