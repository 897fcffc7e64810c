import { createHash, randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { rendered } from './rendered'
import { rpc, sellDigitalProduct } from './seller'

/**
 * Buying, signed out, in the sandbox: M-Pesa (the tester accepts on the sandbox phone), a card and PayPal,
 * each ending on /sucess-payment turned to paid and a download whose bytes are the seller's; a declined
 * card and a cancelled STK push each say so and charge nothing.
 */

const SELLER = { email: 'wanjiru@soko.test', password: 'soko-demo-2026' }
const PHONE = '0712345678'
const run = randomBytes(3).toString('hex')
/** What the seller uploads: random, so only the real file can match it. */
const fileBytes = randomBytes(300 * 1024)
const fileName = `field-notes-${run}.zip`
// A ZIP's first bytes, so the upload's type check accepts it; the rest is random.
fileBytes.set([0x50, 0x4b, 0x03, 0x04])

let slug = ''
let sellerToken = ''

test.describe.configure({ mode: 'serial' })
// The plain download, as a browser without a service worker gets it; the offline library (the worker's
// resumable downloads) is downloads.spec.ts.
test.use({ serviceWorkers: 'block' })

test.beforeAll(async ({ request }) => {
  // The demo seller puts a digital product with a known file on sale, through the API.
  sellerToken = (await rpc<{ token: string }>(request, 'signIn', SELLER)).token
  const product = await sellDigitalProduct(
    request,
    sellerToken,
    {
      title: `Field notes ${run}`,
      description: 'Sounds of Kisumu.',
      price: { amount: 750_00, currency: 'KES' },
    },
    [{ name: fileName, bytes: fileBytes }],
  )
  slug = product.slug
})

/** The seller's view of the order: its status as the books have it. */
async function saleStatus(request: APIRequestContext, orderId: string) {
  const { orders } = await rpc<{ orders: { id: string; status: string }[] }>(
    request,
    'listSales',
    { limit: 50 },
    sellerToken,
  )
  return orders.find((o) => o.id === orderId)?.status
}

/** Opens the product signed out and fills the checkout up to the payment method. */
async function checkout(page: Page, method: 'M-Pesa' | 'Card' | 'PayPal') {
  await page.goto(`/${slug}`)
  await rendered(page)
  await page.getByRole('button', { name: 'Buy now' }).click()
  await page.getByLabel('E-mail').fill(`buyer-${run}@example.com`)
  await page.getByRole('radio', { name: method, exact: true }).check()
  if (method === 'M-Pesa') await page.getByLabel('M-Pesa phone number').fill(PHONE)
}

const orderIdOf = (page: Page) => new URL(page.url()).searchParams.get('order') ?? ''

/** On /sucess-payment: waits for "paid", downloads the file and checks its bytes. */
async function expectPaidAndDownload(page: Page) {
  await expect(page).toHaveURL(/\/sucess-payment\?order=/)
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 15_000 })
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: `Download ${fileName}` }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(fileName)
  const bytes = await readFile((await download.path()) ?? '')
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(
    createHash('sha256').update(fileBytes).digest('hex'),
  )
}

/** The sandbox phone, in its own tab, as the buyer's handset (`opened`: a tab the page opened on it). */
async function sandboxPhone(context: BrowserContext, opened?: Page) {
  const phone = opened ?? (await context.newPage())
  if (!opened) await phone.goto(`/sandbox/mpesa/phone?number=${PHONE}`)
  const prompt = phone.locator('.prompt').first()
  await expect(prompt).toContainText('750', { timeout: 15_000 })
  return { phone, prompt }
}

test('pays with M-Pesa: the wait screen opens the sandbox phone, the prompt is accepted there, the order turns paid, the file downloads', async ({
  page,
  context,
  request,
}) => {
  await checkout(page, 'M-Pesa')
  await page.getByRole('button', { name: /^Pay KES 750\.00/ }).click()
  await expect(page.getByText('Check your phone')).toBeVisible()
  // Sandbox mode: the wait screen links to the simulator's phone, on the number the prompt went to.
  const tab = context.waitForEvent('page')
  await page.getByRole('link', { name: 'Open the sandbox phone (opens in a new tab)' }).click()
  const { phone, prompt } = await sandboxPhone(context, await tab)
  await expect(phone).toHaveURL(/\/sandbox\/mpesa\/phone\?number=254712345678$/)
  await prompt.getByLabel('M-PESA PIN').fill('1234')
  await prompt.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(phone.getByText(/Paid/)).toBeVisible()
  await expectPaidAndDownload(page)
  expect(await saleStatus(request, orderIdOf(page))).toBe('paid')
})

test('a cancelled M-Pesa prompt says so, offers to try again, and charges nothing', async ({
  page,
  context,
  request,
}) => {
  await checkout(page, 'M-Pesa')
  await page.getByRole('button', { name: /^Pay KES 750\.00/ }).click()
  await expect(page.getByText('Check your phone')).toBeVisible()
  const { prompt } = await sandboxPhone(context)
  await prompt.getByRole('button', { name: 'Cancel', exact: true }).click()
  await expect(page.getByText('You cancelled the M-Pesa prompt')).toBeVisible({ timeout: 15_000 })
  // Said once, not once by the page and again in M-Pesa's words.
  await expect(page.getByText('Nothing was charged')).toHaveCount(1)
  await expect(page.getByText('Nothing was charged. Try again when you are ready.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()
  const { orders } = await rpc<{
    orders: { id: string; status: string; failure: { code: string } | null }[]
  }>(request, 'listSales', { limit: 5 }, sellerToken)
  expect(orders[0]).toMatchObject({ status: 'failed', failure: { code: '1032' } })
})

test('after an unanswered prompt, paying by Paybill with the order reference turns the same page to paid', async ({
  page,
  context,
}) => {
  await checkout(page, 'M-Pesa')
  await page.getByRole('button', { name: /^Pay KES 750\.00/ }).click()
  await expect(page.getByText('Check your phone')).toBeVisible()
  const { phone, prompt } = await sandboxPhone(context)
  await prompt.getByRole('button', { name: 'Let it time out' }).click()
  await expect(page.getByText('Your phone did not answer the M-Pesa prompt')).toBeVisible({ timeout: 15_000 })
  // The wait screen's Paybill details: the business number and the order's reference as account number.
  const details = (await page.getByRole('region', { name: 'Pay by Paybill' }).textContent()) ?? ''
  const reference = details.match(/SK[A-Z2-9]{8}/)?.[0] ?? ''
  const business = details.match(/Business number\D*(\d{5,7})/)?.[1] ?? ''
  expect(reference).not.toBe('')
  expect(business).not.toBe('')
  const paybill = phone.getByRole('region', { name: 'Pay bill' })
  await paybill.getByLabel('Business number').fill(business)
  await paybill.getByLabel('Account number').fill(reference)
  await paybill.getByLabel('Amount (KES)').fill('750')
  await paybill.getByLabel('M-PESA PIN').fill('1234')
  await paybill.getByRole('button', { name: 'Send money' }).click()
  await expectPaidAndDownload(page)
})

test('pays by card (4242…) on the card page and returns to a paid order with the file', async ({
  page,
  request,
}) => {
  await checkout(page, 'Card')
  await page.getByRole('button', { name: /^Pay KES 750\.00/ }).click()
  await expect(page).toHaveURL(/\/sandbox\/stripe\/pay\//)
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: /^Pay/ }).click()
  await expectPaidAndDownload(page)
  expect(await saleStatus(request, orderIdOf(page))).toBe('paid')
})

test('a declined card (4000 0000 0000 0002) is refused on the card page and leaves nothing charged', async ({
  page,
  request,
}) => {
  await checkout(page, 'Card')
  await page.getByRole('button', { name: /^Pay KES 750\.00/ }).click()
  await page.getByLabel('Card number').fill('4000 0000 0000 0002')
  await page.getByRole('button', { name: /^Pay/ }).click()
  await expect(page.getByRole('alert')).toHaveText(/Your card was declined\./)
  await page.getByRole('link', { name: /Back to Soko/ }).click()
  await expect(page).toHaveURL(/\/sucess-payment\?order=/)
  await expect(page.getByText('Nothing was charged')).toHaveCount(1)
  expect(await saleStatus(request, orderIdOf(page))).toBe('cancelled')
})

test('pays with PayPal (converted to US dollars, shown before paying) and returns to a paid order', async ({
  page,
  request,
}) => {
  await checkout(page, 'PayPal')
  const pay = page.getByRole('button', { name: /^Pay USD \d+\.\d\d/ })
  await expect(pay).toBeVisible()
  await expect(page.getByText(/converted from KES\s750\.00/)).toBeVisible()
  await pay.click()
  await expect(page).toHaveURL(/\/sandbox\/paypal\//)
  await page.getByRole('button', { name: 'Pay now' }).click()
  await expectPaidAndDownload(page)
  expect(await saleStatus(request, orderIdOf(page))).toBe('paid')
})
