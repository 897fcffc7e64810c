import { randomBytes } from 'node:crypto'
import { BUSY_MESSAGE } from '../../server/lib/checkout-line'
import { expect, test } from './fixtures'
import { rendered } from './rendered'
import { rpc, sellDigitalProduct } from './seller'
import { typeInto } from './typing'

/**
 * A sale-day crowd: the product's checkout line is full and the server answers "Busy" with Retry-After.
 * The buyer's page says so, counts the wait down on its button, and then lets them pay.
 *
 * The server's side of it (a full line, a wait too long) is in tests/integration/checkout-line.test.ts;
 * filling a real line here would race. So the first startCheckout gets the answer the server gives then
 * (its status, header and message), and the next one goes to the server as usual.
 */

const SELLER = { email: 'wanjiru@soko.test', password: 'soko-demo-2026' }
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const run = randomBytes(3).toString('hex')

test.use({ ...PHONE, serviceWorkers: 'block' })

test('a full checkout line says "Busy", counts the wait down on the button, then the buyer pays', async ({
  page,
  request,
}) => {
  const { token } = await rpc<{ token: string }>(request, 'signIn', SELLER)
  const bytes = randomBytes(4 * 1024)
  bytes.set([0x50, 0x4b, 0x03, 0x04])
  const product = await sellDigitalProduct(
    request,
    token,
    { title: `Drop day ${run}`, description: 'Stems.', price: { amount: 300_00, currency: 'KES' } },
    [{ name: `stems-${run}.zip`, bytes }],
  )

  let refused = 0
  await page.route('**/', async (route) => {
    const body = route.request().postData() ?? ''
    if (route.request().method() !== 'POST' || !body.includes('"startCheckout"') || refused > 0)
      return route.fallback()
    refused++
    await route.fulfill({
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': '3' },
      body: JSON.stringify({ statusCode: 503, message: BUSY_MESSAGE, data: null, requestId: 'busy' }),
    })
  })

  await page.goto(`/${product.slug}`)
  await rendered(page)
  await page.getByRole('button', { name: 'Buy now' }).click()
  await typeInto(page.getByLabel('E-mail'), `drop-${run}@example.com`)
  await page.getByRole('radio', { name: 'Card', exact: true }).click()
  const pay = page.getByRole('button', { name: /^Pay KES 300\.00/ })
  await pay.click()

  await expect(page.getByRole('alert')).toHaveText(BUSY_MESSAGE)
  const waiting = page.getByRole('button', { name: /^Try again in \d s$/ })
  await expect(waiting).toBeDisabled()
  await page.screenshot({ path: test.info().outputPath('checkout-busy-phone.png'), fullPage: true })
  await expect(page.getByRole('button', { name: 'Try again in 1 s' })).toBeVisible()
  // The wait is over: the button pays again, and this time the server takes the checkout.
  await expect(pay).toBeEnabled({ timeout: 3_000 })
  await pay.click()
  await expect(page).toHaveURL(/\/sandbox\/stripe\/pay\//)
  expect(refused).toBe(1)
})
