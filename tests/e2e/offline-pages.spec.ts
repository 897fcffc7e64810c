import type { Page } from '@playwright/test'
import type { CreatorPage, ExplorePage } from '../../contract/storefront'
import { expect, test } from './fixtures'
import { setOffline, trackOnLine } from './offline'
import { rendered } from './rendered'

/**
 * A buyer on a phone opens pages they never visited while there is no network: each says they are offline
 * (under the app's header, with what works offline), not "Internal Server Error", and loads by itself when
 * the network is back.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
test.use(PHONE)

/** The app's own JavaScript has run: the service worker is registered and controls this page. */
async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  })
}

async function expectOfflinePage(page: Page, path: string) {
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 }), path).toHaveText('You’re offline')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Soko home' }), path).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'opens by itself' }), path).toBeVisible()
  for (const [name, href] of [
    ['Purchases', '/account/purchases'],
    ['Downloads', '/downloads'],
    ['Transactions', '/account/transactions'],
  ] as const)
    await expect(main.getByRole('link', { name: new RegExp(name) }), path).toHaveAttribute('href', href)
  await expect(main.getByRole('button', { name: 'Try again' }), path).toBeVisible()
  await expect(page.getByText('Internal Server Error'), path).toHaveCount(0)
}

test('pages never visited say offline, with the header and what works offline, and load once back online', async ({
  page,
  context,
  request,
}) => {
  // What the pages will show once online (asked outside the browser: the browser has visited only /).
  const explore = (await (await request.get('/explore/_payload.json')).json()) as ExplorePage
  const product = explore.results[0]
  if (!product) throw new Error('The demo data has no published product')
  const store = (await (
    await request.get(`/creators/${product.seller.handle}/_payload.json`)
  ).json()) as CreatorPage
  const visits = [
    { path: `/${product.slug}`, heading: product.title },
    { path: '/explore?q=kanga', heading: 'Explore' },
    { path: `/creators/${product.seller.handle}`, heading: store.creator.displayName },
    // Signing in needs the network, so its code is not downloaded ahead: the page's own chunk is missing.
    { path: '/login', heading: 'Sign in' },
    // One segment, like a product's address: only the server knows there is no such product.
    { path: '/no-such-page-here', heading: 'Page Not Found' },
  ]

  await trackOnLine(context)
  await page.goto('/')
  await controlledByServiceWorker(page)
  for (const visit of visits) {
    await setOffline(context, page, true)
    await page.goto(visit.path)
    await expectOfflinePage(page, visit.path)
    // "Try again" with the network still gone keeps the page and says so.
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Still no connection' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You’re offline')
    // Back online, the page loads by itself: nothing is clicked.
    await setOffline(context, page, false)
    await expect(page.getByRole('heading', { level: 1 }), visit.path).toHaveText(visit.heading)
    await expect(page.locator('.offline-page')).toHaveCount(0)
  }
})

test.describe('with the service worker out of the way', () => {
  test.use({ serviceWorkers: 'block' })

  test('a page whose server answers with an error still says "Internal Server Error"', async ({ page }) => {
    await page.route(/\/_payload\.json/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    )
    // Reached from another page: a catalog page's first HTML carries its data, so it asks for none. Once
    // the app has taken /login over, the click is the app's own navigation (before, the browser's).
    await page.goto('/login')
    await rendered(page)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internal Server Error')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Soko home' })).toBeVisible()
    await expect(page.locator('.offline-page')).toHaveCount(0)
  })
})
