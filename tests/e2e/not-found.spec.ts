import type { Page } from '@playwright/test'
import { DEMO_ADMIN } from './demo'
import { expect, test } from './fixtures'
import { rendered } from './rendered'
import { rpc } from './seller'

/**
 * Sub-paths that name nothing answer 404 with "Page not found: {path}" — on a first visit (the server) and
 * once the service worker is installed (the worker itself for paths outside the route table, the network
 * for paths whose existence depends on data). Pages that state the platform's terms follow a fee change at
 * the next visit, whatever the worker keeps.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const UNKNOWN = [
  '/book/no-such-service',
  '/download/xyz',
  '/explore/no-such-category',
  '/account/invoices/nope',
  '/account/customers/nobody',
  '/account/no-such-page',
]

async function expectNotFound(page: Page, pathname: string) {
  const response = await page.goto(pathname)
  expect(response?.status(), pathname).toBe(404)
  await rendered(page)
  await expect(page.getByRole('heading', { level: 1 }), pathname).toHaveText('Page Not Found')
  await expect(page.getByText(`Page not found: ${pathname}`, { exact: true }), pathname).toBeVisible()
  // One main landmark, where "Skip to content" leads.
  await expect(page.getByRole('main')).toHaveCount(1)
}

async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  })
}

test.describe('on a first visit', () => {
  test.use({ ...PHONE, serviceWorkers: 'block' })

  test('every unknown sub-path answers 404 with the spec’s page', async ({ page }) => {
    for (const pathname of UNKNOWN) await expectNotFound(page, pathname)
  })
})

test.describe('with the service worker installed', () => {
  test.use({ ...PHONE, serviceWorkers: 'allow' })

  test('every unknown sub-path still answers 404 with the spec’s page', async ({ page }) => {
    await page.goto('/')
    await rendered(page)
    await controlledByServiceWorker(page)
    for (const pathname of UNKNOWN) {
      await expectNotFound(page, pathname)
      await controlledByServiceWorker(page)
    }
    // A page that is one still opens, from the worker.
    const pricing = await page.goto('/pricing')
    expect(pricing?.status()).toBe(200)
    await rendered(page)
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page Not Found')
  })

  test('a returning visitor’s /pricing shows a fee the admin changed since', async ({ page, request }) => {
    const adminToken = (await rpc<{ token: string }>(request, 'signIn', DEMO_ADMIN)).token
    const standard = await rpc<{ terms: Record<string, unknown> & { saleFeeBps: number } }>(
      request,
      'getPlatformTerms',
      {},
      adminToken,
    )
    const percent = (bps: number) => `${(bps / 100).toLocaleString('en', { maximumFractionDigits: 2 })}%`
    const lead = (bps: number) => page.getByText(`Soko keeps ${percent(bps)} of each sale`).first()
    const changed = standard.terms.saleFeeBps === 700 ? 650 : 700
    try {
      await page.goto('/pricing')
      await rendered(page)
      await controlledByServiceWorker(page)
      // Kept by the worker: the next visit is answered by it.
      await page.goto('/pricing')
      await rendered(page)
      await expect(lead(standard.terms.saleFeeBps)).toBeVisible()

      await rpc(
        request,
        'updatePlatformTerms',
        { terms: { ...standard.terms, saleFeeBps: changed } },
        adminToken,
      )
      await page.goto('/pricing')
      await rendered(page)
      await expect(lead(changed)).toBeVisible()
      await expect(lead(standard.terms.saleFeeBps)).toHaveCount(0)
    } finally {
      await rpc(request, 'updatePlatformTerms', { terms: standard.terms }, adminToken)
    }
  })
})
