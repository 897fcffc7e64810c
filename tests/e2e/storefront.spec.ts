import type { HomeProducts, ProductPage } from '../../contract/storefront'
import { DEMO_HANDLE } from './demo'
import { expect, test } from './fixtures'

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
test.use(PHONE)

const baseURL = () => process.env.SOKO_E2E_URL ?? ''

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('the home page arrives with its product sections rendered by the server', async ({
    page,
    request,
  }) => {
    const home = (await (await request.get('/_payload.json')).json()) as HomeProducts & { heading: string }
    expect(home.heading).toBe('Sell digital products & get paid anywhere')
    expect(home.featured.length).toBeGreaterThan(0)
    await page.goto('/')
    const featured = page.getByRole('region', { name: 'Featured' })
    for (const product of home.featured) {
      const card = featured
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: product.title }) })
      await expect(card).toBeVisible()
      await expect(card.getByText(product.seller.displayName)).toBeVisible()
    }
    const recent = page.getByRole('region', { name: 'New on Soko' })
    for (const product of home.recent)
      await expect(recent.getByRole('link', { name: product.title, exact: true })).toBeVisible()
    // The words are still there.
    await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible()
  })
})

test('a buyer opens a product from the home page, and its seller from there', async ({ page, request }) => {
  const home = (await (await request.get('/_payload.json')).json()) as HomeProducts
  // The demo seller's (other tests' sellers may sell more and come first): their storefront has links.
  const first = home.featured.find((p) => p.seller.handle === DEMO_HANDLE)
  if (!first) throw new Error('no featured product of the demo seller')
  await page.goto('/')
  await page.getByRole('region', { name: 'Featured' }).getByRole('link', { name: first.title }).click()
  await expect(page).toHaveURL(new RegExp(`/${first.slug}$`))
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible()
  // What they get, the refund terms and who sells it are on the page.
  await expect(page.getByRole('heading', { name: 'What you get' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Refunds and help' })).toBeVisible()
  await page.getByRole('link', { name: `Visit the storefront of ${first.seller.displayName}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: first.seller.displayName })).toBeVisible()
  await expect(page.getByRole('link', { name: 'wanjiru.example', exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: /On sale/ })).toBeVisible()
})

test('on a phone the buy button stays on screen while the page scrolls', async ({ page, request }) => {
  const home = (await (await request.get('/_payload.json')).json()) as HomeProducts
  const digital = [...home.featured, ...home.recent].find((p) => p.kind === 'digital' && !p.free)
  if (!digital) throw new Error('no digital product on the home page')
  await page.goto(`/${digital.slug}`)
  // The app has started (the share row is the browser's own): the page is the app's, not the server's HTML.
  await expect(page.getByRole('button', { name: /^(Share|Copy link)$/ })).toBeVisible()
  const buy = page.getByRole('button', { name: 'Buy now' })
  await page.getByRole('heading', { name: 'Refunds and help' }).scrollIntoViewIfNeeded()
  await expect(buy).toBeInViewport()
  await buy.click()
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
})

test('sharing a product: the share sheet where there is one, else WhatsApp and Copy link', async ({
  browser,
  request,
}) => {
  const home = (await (await request.get('/_payload.json')).json()) as HomeProducts
  const product = home.featured[0]
  if (!product) throw new Error('no featured product')
  const { product: full } = (await (
    await request.get(`/${product.slug}/_payload.json`)
  ).json()) as ProductPage
  const url = new URL(`/${product.slug}`, baseURL()).href

  // A phone with a share sheet (Web Share): one Share button that hands it the page.
  const withSheet = await browser.newContext({ ...PHONE, baseURL: baseURL() })
  await withSheet.addInitScript(() => {
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        ;(window as { shared?: ShareData }).shared = data
      },
    })
  })
  const phone = await withSheet.newPage()
  await phone.goto(`/${product.slug}`)
  await phone.getByRole('button', { name: 'Share', exact: true }).click()
  await expect
    .poll(() => phone.evaluate(() => (window as { shared?: ShareData }).shared))
    .toMatchObject({ url, title: full.title })
  await expect(phone.getByRole('link', { name: /WhatsApp/ })).toHaveCount(0)
  await withSheet.close()

  // A browser without one: a WhatsApp link with the page's address, and Copy link.
  const without = await browser.newContext({ ...PHONE, baseURL: baseURL() })
  await without.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { configurable: true, value: undefined })
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          ;(window as { copied?: string }).copied = text
        },
      },
    })
  })
  const laptop = await without.newPage()
  await laptop.goto(`/${product.slug}`)
  const whatsapp = laptop.getByRole('link', { name: 'Share on WhatsApp' })
  await expect(whatsapp).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(url)}`),
  )
  await laptop.getByRole('button', { name: 'Copy link' }).click()
  await expect(laptop.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible()
  expect(await laptop.evaluate(() => (window as { copied?: string }).copied)).toBe(url)
  await without.close()
})
