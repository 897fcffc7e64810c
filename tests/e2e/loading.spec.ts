import type { Page } from '@playwright/test'
import type { ExplorePage, HomeProducts } from '../../contract/storefront'
import { expect, test } from './fixtures'
import { rendered } from './rendered'

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
// Every visit here is a first one, with the HTML the server sends: once installed, the service worker would
// answer navigations with the app's shell instead.
test.use({ ...PHONE, serviceWorkers: 'block' })

/**
 * Opens a page the server or the build rendered, remembering its heading element as the HTML made it, and
 * answers what the browser said about hydration once the app has taken the page over.
 */
async function openRendered(page: Page, path: string) {
  const said: string[] = []
  page.on('console', (message) => {
    if (/server’s HTML was replaced|hydrat/i.test(message.text())) said.push(message.text())
  })
  page.on('pageerror', (error) => said.push(error.message))
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      Object.assign(window, { serverHeading: document.querySelector('main h1') })
    })
  })
  await page.goto(path)
  await rendered(page)
  const kept = await page.evaluate(() => {
    const { serverHeading } = window as unknown as { serverHeading: Element | null }
    return serverHeading !== null && serverHeading === document.querySelector('main h1')
  })
  return { kept, said }
}

test('the app takes over the HTML the server and the build sent, as it is, without painting it again', async ({
  page,
  request,
}) => {
  const home = (await (await request.get('/_payload.json')).json()) as HomeProducts
  const product = home.featured[0]
  if (!product) throw new Error('no featured product')
  for (const path of ['/', '/explore', `/${product.slug}`, '/creators', '/features', '/login', '/signup']) {
    const { kept, said } = await openRendered(page, path)
    expect(said, path).toEqual([])
    expect(kept, `${path}: the heading is still the element the HTML made`).toBe(true)
  }
  // Before the app has taken the sign-in page over (or without script), its form posts to the server, which
  // signs the person in: the button works at once, and the password never goes into the address.
  const html = await (await request.get('/login')).text()
  expect(html).toMatch(/<form[^>]* action="\/login" method="post">/)
  expect(html).toMatch(/<button type="submit" class="button" aria-busy="false">Sign in<\/button>/)
  // An address the build rendered without its query: the page takes it over, then says what the query adds.
  const { kept, said } = await openRendered(page, '/login?redirect=%2Faccount%2Fpurchases')
  expect(said).toEqual([])
  expect(kept).toBe(true)
  await expect(page.getByText('Sign in to continue to that page.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled()
})

test.describe('for a visitor whose browser writes dates and prices another way', () => {
  test.use({ locale: 'fr-FR', timezoneId: 'America/Los_Angeles' })

  test('the server writes them as the browser would, so the app still takes its HTML over as it is', async ({
    page,
    request,
  }) => {
    const home = (await (await request.get('/_payload.json')).json()) as HomeProducts
    const product = [...home.featured, ...home.recent].find((p) => !p.free)
    if (!product) throw new Error('no priced product')
    for (const path of ['/', '/explore', `/${product.slug}`]) {
      const { kept, said } = await openRendered(page, path)
      expect(said, path).toEqual([])
      expect(kept, path).toBe(true)
    }
    // French: the amount before the currency's code, a comma before the cents.
    await expect(page.locator('.product-price .price-charged')).toContainText(/\d,\d\d\s?[A-Z]{3}/)
  })
})

test('a product page names every script it needs in its HTML, so they load together, after the page shows, and its photo once', async ({
  page,
  request,
}) => {
  const home = (await (await request.get('/_payload.json')).json()) as HomeProducts
  // One with a photo (products other tests made may have none).
  const product = [...home.featured, ...home.recent].find((p) => p.image !== null)
  if (!product) throw new Error('no product with a photo on the home page')
  const asked: string[] = []
  const photos: string[] = []
  page.on('request', (req) => {
    if (req.resourceType() === 'script') asked.push(new URL(req.url()).pathname)
    if (req.resourceType() === 'image' && req.url().includes('/files/public/')) photos.push(req.url())
  })
  const html = await (await request.get(`/${product.slug}`)).text()
  // No script tag: the start script asks for them once the page has painted.
  expect(html).not.toMatch(/<script[^>]+src=/)
  const named = [
    ...(JSON.parse(/const scripts = (\[[^\]]*\])/.exec(html)?.[1] ?? '[]') as string[]),
    ...(JSON.parse(
      /<script id="soko-page-scripts" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1] ?? '[]',
    ) as string[]),
  ]
  expect(named.length).toBeGreaterThan(3)
  await page.goto(`/${product.slug}`)
  await rendered(page)
  await expect(page.getByRole('button', { name: /^(Buy( now)?|Get tickets|Book)\b/ })).toBeVisible()
  expect(asked.length).toBeGreaterThan(0)
  expect(asked.filter((script) => !named.includes(script))).toEqual([])
  // The first photo is asked for once, at one size: its preload chooses as the page does.
  const sizes = photos.map((url) => url.replace(/-\d+\.webp$/, ''))
  expect(sizes.length).toBeGreaterThan(0)
  expect(new Set(sizes).size).toBe(sizes.length)
})

test('a product page keeps its layout when the app starts: the approximate price has its line already', async ({
  page,
  request,
}) => {
  // Priced in dollars (the demo seller's proposal kit): the suite's visitor is in Kenya (its geolocation
  // service says so), so the page adds the price in shillings once it knows.
  const found = (await (await request.get('/explore/_payload.json?q=proposal')).json()) as ExplorePage
  const product = found.results.find((p) => !p.free && p.price.currency === 'USD')
  if (!product) throw new Error('no product priced in dollars')
  // Where the line under the price stood in the server's HTML, before any script ran.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const note = document.querySelector('.price-note')
      Object.assign(window, { noteTop: note?.getBoundingClientRect().top })
    })
  })
  await page.goto(`/${product.slug}`)
  await rendered(page)
  await expect(page.locator('.product-price .price-approx')).toContainText('about KES')
  const [before, after] = await page.evaluate(() => [
    (window as unknown as { noteTop?: number }).noteTop,
    document.querySelector('.price-note')?.getBoundingClientRect().top,
  ])
  expect(before).toBeGreaterThan(0)
  expect(after).toBe(before)
})
