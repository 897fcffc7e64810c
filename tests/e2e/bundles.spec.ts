import { randomBytes, randomInt } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { eventInput } from '../support/event-input'
import { DEMO_HANDLE, DEMO_SELLER } from './demo'
import { expect, test } from './fixtures'
import { payPromptOnHandset } from './handset'
import { rendered } from './rendered'
import { rpc, sellDigitalProduct } from './seller'
import { signInTyping } from './session'
import { typeInto } from './typing'

/**
 * Bundles, on phones, typed: the demo seller bundles a download and an event's ticket on their products
 * page (a price at or above what they cost alone is refused under its field), puts it on sale, and a buyer
 * finds it on the storefront and pays by card: the receipt has the ticket with the name typed and the
 * file. Without script, the same bundle is paid with one M-Pesa prompt.
 */

const run = randomBytes(3).toString('hex')
const PHONE_VIEWPORT = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const beats = `Beat pack ${run}`
const party = `Listening party ${run}`
const bundle = `Party pack ${run}`

async function axeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze()
  return axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

test.use({ ...PHONE_VIEWPORT, serviceWorkers: 'block' })
test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ request }) => {
  const token = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
  const zip = randomBytes(8 * 1024)
  zip.set([0x50, 0x4b, 0x03, 0x04])
  await sellDigitalProduct(
    request,
    token,
    { title: beats, description: 'Ten beats.', price: { amount: 1_500_00, currency: 'KES' } },
    [{ name: `beats-${run}.zip`, bytes: zip }],
  )
  const { product } = await rpc<{ product: { id: string } }>(
    request,
    'createProduct',
    eventInput(party, { daysAhead: 10, price: 1_000_00, capacity: 20 }),
    token,
  )
  await rpc(request, 'publishProduct', { id: product.id }, token)
})

test('the seller bundles a download and a ticket; a buyer pays by card and gets both, the ticket named', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await signInTyping(page, DEMO_SELLER.email, DEMO_SELLER.password)
  await page.goto('/account/products')
  await rendered(page)
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Make the bundle' }) })
  await typeInto(form.getByLabel('Title'), bundle)
  await form.getByRole('checkbox', { name: new RegExp(beats) }).check()
  await form.getByRole('checkbox', { name: new RegExp(party) }).check()
  await expect(form.getByText(/Bought alone they cost KES.2,500\.00/)).toBeVisible()
  // At what they cost alone, it saves nothing: refused under the price.
  await typeInto(form.getByLabel('Bundle price in KES'), '2500')
  await form.getByRole('button', { name: 'Make the bundle' }).click()
  await expect(
    form.getByText(/Price the bundle below what its parts cost alone \(KES.2,500\.00\)/),
  ).toBeVisible()
  await form.getByLabel('Bundle price in KES').click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('2000')
  await form.getByRole('button', { name: 'Make the bundle' }).click()
  const card = page.locator('.bundle-card').filter({ hasText: bundle })
  await expect(card).toContainText('Draft')
  await expect(card).toContainText(/KES.2,000\.00 instead of KES.2,500\.00: you save KES.500\.00/)
  await card.getByRole('button', { name: `Publish ${bundle}` }).click()
  await expect(card).toContainText('On sale')
  expect(await axeViolations(page), 'products page with its bundles').toEqual([])
  await page.screenshot({ path: test.info().outputPath('seller-bundles.png'), fullPage: true })

  const buyer = await browser.newContext({ ...PHONE_VIEWPORT, baseURL, serviceWorkers: 'block' })
  const shop = await buyer.newPage()
  await shop.goto(`/creators/${DEMO_HANDLE}`)
  await rendered(shop)
  await shop.getByRole('link', { name: bundle }).click()
  await expect(shop.getByRole('heading', { name: `Buy ${bundle}` })).toBeVisible()
  await expect(
    shop.getByText(/KES.2,000\.00 for all of them, instead of KES.2,500\.00: you save KES.500\.00/),
  ).toBeVisible()
  expect(await axeViolations(shop), 'bundle page').toEqual([])
  await typeInto(shop.getByLabel(`Name on the ticket to ${party}`), 'Achieng Otieno')
  await shop.getByRole('button', { name: 'Continue' }).click()
  await expect(shop.getByText('Total: KES 2,000.00')).toBeVisible()
  await shop.getByRole('radio', { name: /^Card/ }).check()
  await typeInto(shop.getByLabel('E-mail'), `bundle-${run}@example.com`)
  await shop.screenshot({ path: test.info().outputPath('bundle-pay.png'), fullPage: true })
  await shop.getByRole('button', { name: /^Pay/ }).click()
  await typeInto(shop.getByLabel('Card number'), '4242 4242 4242 4242')
  await typeInto(shop.getByLabel(/MM\/YY/), '12/40')
  await typeInto(shop.getByLabel('CVC'), '123')
  await shop.getByRole('button', { name: /^Pay/ }).click()
  await expect(shop.getByRole('heading', { name: 'Paid — thank you' })).toBeVisible({ timeout: 20_000 })
  await expect(shop.getByRole('heading', { name: bundle })).toBeVisible()
  await expect(shop.getByText('Achieng Otieno')).toBeVisible()
  await expect(shop.getByRole('img', { name: /QR code/ })).toHaveCount(1)
  await expect(shop.getByRole('link', { name: `Download beats-${run}.zip` })).toBeVisible()
  await shop.screenshot({ path: test.info().outputPath('bundle-receipt.png'), fullPage: true })
  await buyer.close()
})

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false })

  test('the bundle is found on the storefront and paid with one M-Pesa prompt', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000)
    await page.goto(`/creators/${DEMO_HANDLE}`)
    await page.getByRole('link', { name: bundle }).click()
    await typeInto(page.getByLabel(`Name on the ticket to ${party}`), 'Otieno Odhiambo')
    await page.getByRole('button', { name: 'Continue' }).click()
    const phone = `0797${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
    await page.getByRole('radio', { name: /^M-Pesa/ }).check()
    await typeInto(page.getByLabel('M-Pesa phone number'), phone)
    await typeInto(page.getByLabel('E-mail'), `plain-bundle-${run}@example.com`)
    await page.getByRole('button', { name: /^Pay/ }).click()
    await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible()
    await payPromptOnHandset(browser, baseURL, phone, '2,000', { only: true })
    await expect(page.getByRole('heading', { name: 'Paid — thank you' })).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText('Otieno Odhiambo')).toBeVisible()
  })
})
