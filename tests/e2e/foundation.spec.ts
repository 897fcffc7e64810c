import { RUNTIME_SETTINGS_ELEMENT_ID } from '../../contract/runtime'
import { expect, test } from './fixtures'
import { rendered } from './rendered'

test('the home page has the product title and renders the app', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveTitle('Soko — Sell Digital Products & Get Paid Anywhere')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('get paid anywhere')
  await expect(page.getByRole('link', { name: 'Start selling' })).toBeVisible()
})

test('an unknown path is HTTP 404 and the app shows its 404 page with the full path', async ({ page }) => {
  const response = await page.goto('/no/such/page?x=1')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
  await expect(page.getByText('Page not found: /no/such/page?x=1')).toBeVisible()
})

test('client navigation between routes works without a full reload', async ({ page }) => {
  await page.goto('/')
  await rendered(page)
  await page.evaluate(() => {
    ;(window as { marker?: number }).marker = 1
  })
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click()
  await expect(page).toHaveURL(/\/pricing$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing')
  expect(await page.evaluate(() => (window as { marker?: number }).marker)).toBe(1)
})

test('the served HTML carries the public runtime settings and the page can call getSettings', async ({
  page,
}) => {
  await page.goto('/')
  const settings = JSON.parse((await page.locator(`#${RUNTIME_SETTINGS_ELEMENT_ID}`).textContent()) ?? '{}')
  expect(settings.siteUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  expect(settings.buildId).toMatch(/^[0-9a-f]{16}$/)
  const answer = await page.evaluate(async () => {
    const res = await fetch('/', { method: 'POST', body: JSON.stringify({ subject: 'getSettings' }) })
    return {
      status: res.status,
      body: (await res.json()) as { statusCode: number; data: { platform: { siteName: string } } },
    }
  })
  expect(answer.status).toBe(200)
  expect(answer.body.statusCode).toBe(200)
  expect(answer.body.data.platform.siteName).toBe('Soko')
})

test('assets are served compressed and cached for a year', async ({ page }) => {
  const scripts: { url: string; encoding?: string; cache?: string }[] = []
  page.on('response', (res) => {
    if (res.url().includes('/assets/') && res.url().endsWith('.js'))
      scripts.push({
        url: res.url(),
        encoding: res.headers()['content-encoding'],
        cache: res.headers()['cache-control'],
      })
  })
  await page.goto('/')
  // The page shows before its scripts are asked for: wait until the app has taken it over.
  await rendered(page)
  expect(scripts.length).toBeGreaterThan(0)
  for (const script of scripts) expect(script.cache).toBe('public, max-age=31536000, immutable')
  // Chunks under 512 bytes are not worth compressing; the entry chunk always is.
  const entry = scripts.find((script) => /\/assets\/index-[\w-]+\.js$/.test(script.url))
  expect(entry?.encoding).toBe('br')
})

test('the service worker installs and precaches the shell', async ({ page }) => {
  await page.goto('/')
  const cached = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    const names = await caches.keys()
    const shell = names.find((name) => name.startsWith('soko-shell'))
    const keys = shell ? await (await caches.open(shell)).keys() : []
    return { scope: registration.scope, shell, urls: keys.map((request) => new URL(request.url).pathname) }
  })
  expect(cached.shell).toBeDefined()
  expect(cached.urls.some((url) => url.startsWith('/index.html'))).toBe(true)
  // A buyer's pages are there to open offline; the seller's and admin's pages, the sign-in SDK, the editor
  // and the scanner's decoder are not downloaded by every visitor's phone.
  for (const buyer of ['_product', 'storefront', 'ExplorePage', 'PurchasesPage', 'DownloadButton'])
    expect(cached.urls, buyer).toContainEqual(expect.stringMatching(new RegExp(`^/assets/${buyer}-`)))
  const leftOut =
    /^\/assets\/(FirebaseSignIn|RichTextEditor|jsQR|ProductEditor|Checkout|withdraw|audit|customers|login)-/
  expect(cached.urls.filter((url) => leftOut.test(url))).toEqual([])
})
