import { randomBytes } from 'node:crypto'
import { submitSandboxCard } from '../support/sandbox-card'
import { expect, test } from './fixtures'
import { rpc } from './seller'

/**
 * Merch whose last item has sold says so where buyers look: a "Sold out" badge on its card in the
 * seller's storefront and on its page, where there is no Buy button to press in vain.
 */

const SELLER = { email: 'wanjiru@soko.test', password: 'soko-demo-2026' }
const run = randomBytes(3).toString('hex')
const TITLE = `Last kikoi ${run}`
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

test.use(PHONE)

test('the last item sold, its card and page say Sold out and offer no Buy button', async ({
  page,
  request,
}) => {
  const { token } = await rpc<{ token: string }>(request, 'signIn', SELLER)
  const { product } = await rpc<{
    product: { id: string; slug: string; details: { variants: { id: string }[] } }
  }>(
    request,
    'createProduct',
    {
      kind: 'merch',
      title: TITLE,
      description: 'One hand-woven kikoi.',
      price: { amount: 2_400_00, currency: 'KES' },
      details: {
        variants: [{ options: { size: 'One size' }, price: { amount: 2_400_00, currency: 'KES' }, stock: 1 }],
        shippingZones: [],
        pickup: { address: 'Kilimani studio, Nairobi' },
      },
    },
    token,
  )
  await rpc(request, 'publishProduct', { id: product.id }, token)

  // While the one item is there, the page offers it.
  await page.goto(`/${product.slug}`)
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Buy', exact: true })).toBeVisible()

  // Someone buys it (by card, through the API).
  const started = await rpc<{ next: { url: string } }>(request, 'startCheckout', {
    productId: product.id,
    variantId: product.details.variants[0]?.id,
    delivery: { kind: 'pickup' },
    method: 'card',
    email: `kikoi-${run}@example.com`,
  })
  expect((await submitSandboxCard(started.next.url, '4242 4242 4242 4242')).status).toBe(303)

  // The storefront's card says so.
  await page.goto('/creators/wanjiru')
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: TITLE }) })
  await expect(card.getByText('Sold out', { exact: true })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('storefront-sold-out-phone.png'), fullPage: true })

  // And its page, with nothing to buy.
  await card.getByRole('link', { name: TITLE }).click()
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible()
  await expect(page.getByText('Sold out', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Nothing is left in stock right now.', { exact: false })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Buy', exact: true })).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('product-sold-out-phone.png'), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: test.info().outputPath('product-sold-out-desktop.png'), fullPage: true })
})
