import { randomBytes, randomUUID } from 'node:crypto'
import { DEMO_SELLER } from './demo'
import { expect, test } from './fixtures'
import { signInTyping } from './session'

/**
 * A seller makes an API key on a phone, sees it once, and a script reads their orders with it; the script's
 * write outside the key's scopes is refused, its invoice appears in the activity, and the key revoked on
 * the page stops working at once.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' }
const run = randomBytes(3).toString('hex')

test.use(PHONE)

test('a seller makes a read key, a script lists their orders with it, a write is refused, and revoking stops it', async ({
  page,
  request,
}) => {
  await signInTyping(page, DEMO_SELLER.email, DEMO_SELLER.password)
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Developers' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Developers')

  // Name it, choose what it may do, make it.
  const name = `Orders sheet ${run}`
  await page.getByLabel('Name').click()
  await page.keyboard.type(name)
  const orders = page.getByRole('group', { name: 'Orders, bookings and tickets' })
  await orders.getByText('Read', { exact: true }).click()
  const invoices = page.getByRole('group', { name: 'Invoices' })
  await invoices.getByText('Write', { exact: true }).click()
  await page.getByRole('button', { name: 'Make the key' }).click()

  // Shown once, focused, to copy.
  const shown = page.getByRole('heading', { name: `Your new key “${name}”` })
  await expect(shown).toBeFocused()
  const secret = await page.getByLabel('The key').inputValue()
  expect(secret).toMatch(/^soko_sk_[A-Za-z0-9]{40}$/)
  const card = page.locator('.api-key', { hasText: name })
  await expect(card).toContainText('Orders, bookings and tickets: read')
  await expect(card).toContainText('Invoices: read and write')
  await expect(card).toContainText('Never used')
  await page.getByRole('button', { name: 'I have kept it' }).click()
  await expect(page.getByLabel('The key')).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Developers')
  expect(await page.content()).not.toContain(secret)

  // A script with the key: the orders, page by page.
  const auth = { authorization: `Bearer ${secret}` }
  const listed = await request.get('/api/v1/orders?limit=5', { headers: auth })
  expect(listed.status()).toBe(200)
  const list = (await listed.json()) as {
    data: { id: string; reference: string }[]
    nextCursor: string | null
  }
  expect(list.data.length).toBeGreaterThan(0)
  // A refund needs orders:write: refused, and nothing refunded.
  const refund = await request.post(`/api/v1/orders/${list.data[0]?.id}/refund`, {
    headers: { ...auth, 'idempotency-key': randomUUID() },
    data: { reason: 'Testing the key' },
  })
  expect(refund.status()).toBe(403)
  expect(((await refund.json()) as { error: { code: string } }).error.code).toBe('api.missingScope')
  // An invoice it may write: made, and listed in what the keys changed.
  const made = await request.post('/api/v1/invoices', {
    headers: { ...auth, 'idempotency-key': randomUUID() },
    data: {
      invoice: {
        client: { name: `Script client ${run}`, email: `script.${run}@example.com` },
        currency: 'KES',
        lines: [{ description: 'Logo', quantityMilli: 1000, unitPrice: 5_000_00 }],
        issueDate: new Date().toISOString().slice(0, 10),
        dueDate: new Date().toISOString().slice(0, 10),
      },
    },
  })
  expect(made.status()).toBe(201)
  await page.reload()
  const activity = page.getByRole('region', { name: 'What your keys changed' })
  await expect(activity.locator('.activity-entry').first()).toContainText('Create a draft invoice')
  await expect(activity.locator('.activity-entry').first()).toContainText(`By ${name}`)
  await expect(page.locator('.api-key', { hasText: name })).toContainText('Last used')

  // Revoked on the page: the script's next request is refused.
  await page.getByRole('button', { name: `Revoke ${name}` }).click()
  await page.getByRole('button', { name: 'Yes, revoke it' }).click()
  await expect(page.locator('.api-key', { hasText: name })).toContainText('Revoked')
  const after = await request.get('/api/v1/orders', { headers: auth })
  expect(after.status()).toBe(401)

  // The reference is the server's page, never the app's shell, with the service worker in charge.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  })
  await page.getByRole('link', { name: 'API reference' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Soko API')
  await expect(page.locator('#getBalance code.api-route')).toHaveText('GET /api/v1/balance')
})

test('the reference reads without script in both languages, and names every endpoint with a curl line', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ ...PHONE, baseURL, javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/developers')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Soko API')
  await expect(page.locator('#listOrders code.api-route')).toHaveText('GET /api/v1/orders')
  await expect(page.locator('#createInvoice pre')).toContainText('Idempotency-Key')
  // Webhooks: the signature's check in Node and in PHP.
  await expect(page.locator('#webhooks pre').nth(1)).toContainText(
    'function verifySoko(body, header, secret)',
  )
  await expect(page.locator('#webhooks pre').nth(2)).toContainText('hash_equals($expected')
  await page.getByRole('link', { name: 'Kiswahili' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw')
  await expect(page.locator('#listOrders h3')).not.toHaveText('List your orders')
  await context.close()
})
