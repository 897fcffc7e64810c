import { randomBytes, randomInt } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { DEMO_SELLER } from './demo'
import { expect, test } from './fixtures'
import { payPromptOnHandset } from './handset'
import { rendered } from './rendered'
import { rpc, sellDigitalProduct } from './seller'
import { signInTyping } from './session'
import { typeInto } from './typing'

/**
 * An offer at checkout, on phones, typed: the seller sets "Add the presets for KES 500 (instead of 800)" on
 * their stems in the product editor; a buyer ticks it at checkout and pays both with one M-Pesa prompt for
 * the total, and the order has two lines with the files of both; the same without script, where the total
 * is shown again with the offer before paying.
 */

const run = randomBytes(3).toString('hex')
const PHONE_VIEWPORT = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const zip = () => {
  const bytes = randomBytes(16 * 1024)
  bytes.set([0x50, 0x4b, 0x03, 0x04])
  return bytes
}
const main = `Studio stems ${run}`
const extra = `Mixing presets ${run}`
let product = { id: '', slug: '' }

/** axe's violations on the page as it is now, one line each. */
async function axeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze()
  return axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

const phoneOfRun = () => `0797${String(randomInt(0, 1_000_000)).padStart(6, '0')}`

test.use({ ...PHONE_VIEWPORT, serviceWorkers: 'block' })
test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ request }) => {
  const token = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
  product = await sellDigitalProduct(
    request,
    token,
    {
      title: main,
      description: 'Stems from the Kilimani sessions.',
      price: { amount: 1_500_00, currency: 'KES' },
    },
    [{ name: `stems-${run}.zip`, bytes: zip() }],
  )
  await sellDigitalProduct(
    request,
    token,
    { title: extra, description: 'Presets for the stems.', price: { amount: 800_00, currency: 'KES' } },
    [{ name: `presets-${run}.zip`, bytes: zip() }],
  )
})

test('the seller sets an offer in the editor; a buyer adds it at checkout: one M-Pesa prompt, two lines, both files', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await signInTyping(page, DEMO_SELLER.email, DEMO_SELLER.password)
  await page.goto(`/account/create/product?kind=digital&id=${product.id}`)
  await rendered(page)
  await page.getByText('Offer at checkout').click()
  await page.getByLabel('Product to offer').selectOption({ label: `${extra} (KES 800.00)` })
  await expect(page.getByText('Less than its own price, KES 800.00.')).toBeVisible()
  // A price at or above the product's own is refused under its field.
  await typeInto(page.getByLabel('Offer price (KES)'), '800')
  await page.getByRole('button', { name: 'Save offer' }).click()
  await expect(page.getByText('An offer is less than the product’s own price (KES 800.00)')).toBeVisible()
  await page.getByLabel('Offer price (KES)').click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('500')
  await page.getByRole('button', { name: 'Save offer' }).click()
  await expect(page.getByText(`Saved: its checkout offers ${extra} for KES 500.00.`)).toBeVisible()
  expect(await axeViolations(page), 'editor with its offer').toEqual([])
  await page.screenshot({ path: test.info().outputPath('editor-offer.png'), fullPage: true })

  const buyer = await browser.newContext({ ...PHONE_VIEWPORT, baseURL, serviceWorkers: 'block' })
  const shop = await buyer.newPage()
  await shop.goto(`/${product.slug}`)
  await rendered(shop)
  await shop.getByRole('button', { name: 'Buy now' }).click()
  const offer = shop.getByRole('checkbox', { name: new RegExp(`Add ${extra} for KES 500\\.00`) })
  await expect(offer).toBeVisible()
  await offer.check()
  await expect(shop.locator('.quote dd strong')).toHaveText('KES 2,000.00')
  expect(await axeViolations(shop), 'checkout with the offer taken').toEqual([])
  const phone = phoneOfRun()
  await shop.getByLabel('E-mail').click()
  await shop.keyboard.type(`offer-buyer-${run}@example.com`)
  await shop.getByRole('radio', { name: 'M-Pesa', exact: true }).check()
  await shop.getByLabel('M-Pesa phone number').click()
  await shop.keyboard.type(phone)
  await shop.screenshot({ path: test.info().outputPath('checkout-offer.png'), fullPage: true })
  await shop.getByRole('button', { name: /^Pay KES 2,000\.00/ }).click()
  await expect(shop.getByText('Check your phone')).toBeVisible()
  await payPromptOnHandset(browser, baseURL, phone, '2,000', { only: true })
  await expect(shop.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 15_000 })
  await expect(shop.getByText(`${extra} · KES 500.00`)).toBeVisible()
  await expect(shop.getByRole('button', { name: `Download stems-${run}.zip` })).toBeVisible()
  await expect(shop.getByRole('button', { name: `Download presets-${run}.zip` })).toBeVisible()
  await shop.screenshot({ path: test.info().outputPath('order-two-lines.png'), fullPage: true })
  // The checkout without script, as its page stands with the offer ticked (axe needs script to run).
  await shop.goto(`/buy/${product.slug}?step=pay&upsell=on`)
  await expect(shop.getByText(`Added: ${extra}, KES 500.00`)).toBeVisible()
  expect(await axeViolations(shop), 'plain pay step with the offer').toEqual([])
  await buyer.close()
})

test('the seller refunds the offer’s line alone: its money back, the product bought stays the buyer’s', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await signInTyping(page, DEMO_SELLER.email, DEMO_SELLER.password)
  await page.goto('/account/customers?view=orders')
  await rendered(page)
  const sale = page
    .locator('li.card')
    .filter({ hasText: `Added: ${extra}` })
    .first()
  await sale.getByRole('button', { name: /^Refund order/ }).click()
  // Both lines are ticked; the product bought is unticked, so only the offer goes back.
  await sale.getByRole('checkbox', { name: new RegExp(main) }).uncheck()
  await expect(sale.getByRole('checkbox', { name: new RegExp(extra) })).toBeChecked()
  await typeInto(sale.getByLabel('Reason (optional)'), 'Sent the wrong presets')
  expect(await axeViolations(page), 'refund of chosen lines').toEqual([])
  await page.screenshot({ path: test.info().outputPath('refund-line.png'), fullPage: true })
  await sale.getByRole('button', { name: 'Refund KES 500.00' }).click()
  await expect(page.getByText(/what you ticked/)).toBeVisible()
  // M-Pesa gives it back by B2C: once its result is in, the sale says the line was refunded.
  await expect
    .poll(
      async () => {
        await page.reload()
        await rendered(page)
        return page.getByText(`${extra} (KES 500.00, refunded)`).count()
      },
      { timeout: 30_000 },
    )
    .toBe(1)
})

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false })

  test('the offer is ticked, the total shown again with it, and one M-Pesa prompt takes both', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000)
    await page.goto(`/${product.slug}`)
    await page.getByRole('button', { name: 'Buy now' }).click()
    await expect(page).toHaveURL(new RegExp(`/buy/${product.slug}`))
    await expect(page.getByText('Total: KES 1,500.00')).toBeVisible()
    await page.getByLabel(`Add ${extra} for KES 500.00 (instead of KES 800.00)`).check()
    await page.getByRole('button', { name: 'Update the total' }).click()
    await expect(page.getByText('Total: KES 2,000.00')).toBeVisible()
    await expect(page.getByText(`Added: ${extra}, KES 500.00`)).toBeVisible()
    const phone = phoneOfRun()
    await page.getByRole('radio', { name: /^M-Pesa/ }).check()
    await typeInto(page.getByLabel('M-Pesa phone number'), phone)
    await typeInto(page.getByLabel('E-mail'), `plain-offer-${run}@example.com`)
    await page.screenshot({ path: test.info().outputPath('plain-offer.png'), fullPage: true })
    await page.getByRole('button', { name: /^Pay/ }).click()
    await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible()
    await payPromptOnHandset(browser, baseURL, phone, '2,000', { only: true })
    await expect(page.getByRole('heading', { name: 'Paid — thank you' })).toBeVisible({ timeout: 20_000 })
  })
})
