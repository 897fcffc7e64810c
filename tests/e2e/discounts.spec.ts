import { randomBytes, randomInt } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import { request as apiRequest, type Page } from '@playwright/test'
import { DEMO_SELLER } from './demo'
import { expect, test } from './fixtures'
import { payPromptOnHandset } from './handset'
import { rendered } from './rendered'
import { rpc, sellDigitalProduct } from './seller'
import { signInTyping } from './session'
import { typeInto } from './typing'
import { startWorkerServer, type WorkerServer } from './worker-server'

/**
 * Selling more, on phones, typed: a seller makes a 20 % code for one product; a buyer opens the shared link
 * and pays the discounted total by M-Pesa, with script and without; the seller's books show list price,
 * discount, fee and what is left. And a buyer who asked to be texted leaves an M-Pesa checkout unanswered:
 * an hour later (the server's clock moved on the sandbox's clock page) the reminder SMS arrives, and its
 * link goes back to the product with the code applied.
 */

const run = randomBytes(3).toString('hex')
const CODE = `LAMU${run.toUpperCase()}`
const PHONE_VIEWPORT = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const fileBytes = randomBytes(32 * 1024)
// A zip's signature: the upload checks a file is what it says it is.
fileBytes.set([0x50, 0x4b, 0x03, 0x04])
const title = `Coast sessions ${run}`
let slug = ''

/** A number of this run only, so its sandbox inbox holds this run's messages. */
const phoneOfRun = () => `0798${String(randomInt(0, 1_000_000)).padStart(6, '0')}`

test.use({ ...PHONE_VIEWPORT, serviceWorkers: 'block' })

test.beforeAll(async ({ request }) => {
  const token = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
  const product = await sellDigitalProduct(
    request,
    token,
    { title, description: 'Live takes from Lamu.', price: { amount: 1_500_00, currency: 'KES' } },
    [{ name: `coast-${run}.zip`, bytes: fileBytes }],
  )
  slug = product.slug
})

/** The buyer's checkout from a product page opened by the shared link, up to the M-Pesa prompt. */
async function checkoutByMpesa(page: Page, phone: string, opts: { textMe?: boolean } = {}) {
  await rendered(page)
  await page.getByRole('button', { name: 'Buy now' }).click()
  await expect(page.getByRole('status').filter({ hasText: `${CODE} applied: −KES 300.00` })).toBeVisible()
  await page.getByLabel('E-mail').click()
  await page.keyboard.type(`code-buyer-${run}-${phone}@example.com`)
  await page.getByRole('radio', { name: 'M-Pesa', exact: true }).check()
  await page.getByLabel('M-Pesa phone number').click()
  await page.keyboard.type(phone)
  if (opts.textMe) await page.getByLabel('Text me if my payment doesn’t go through').check()
  await page.getByRole('button', { name: /^Pay KES 1,200\.00/ }).click()
  await expect(page.getByText('Check your phone')).toBeVisible()
}

test('a seller makes a 20 % code for one product; its shared link takes 20 % off an M-Pesa payment; the books show it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  // The seller makes the code, typing.
  await signInTyping(page, DEMO_SELLER.email, DEMO_SELLER.password)
  await page.goto('/account/discounts')
  await rendered(page)
  await page.getByLabel('Code', { exact: true }).click()
  await page.keyboard.type(CODE)
  await page.getByLabel('Percent off').click()
  await page.keyboard.type('20')
  await page.getByRole('radio', { name: 'Only these' }).check()
  await page.getByRole('checkbox', { name: title }).check()
  await page.getByRole('button', { name: 'Make the code' }).click()
  const made = page.locator('li, tr', { hasText: CODE }).first()
  await expect(made).toBeVisible()
  await expect(made).toContainText('20')
  await page.screenshot({ path: test.info().outputPath('discounts.png'), fullPage: true })

  // A buyer, signed out on their own phone, opens the link the seller shared.
  const buyer = await browser.newContext({ ...PHONE_VIEWPORT, baseURL, serviceWorkers: 'block' })
  const shop = await buyer.newPage()
  await shop.goto(`/${slug}?code=${CODE.toLowerCase()}`)
  const phone = phoneOfRun()
  await checkoutByMpesa(shop, phone)
  await shop.screenshot({ path: test.info().outputPath('checkout-code.png'), fullPage: true })
  await payPromptOnHandset(browser, baseURL, phone, '1,200')
  await expect(shop.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 15_000 })
  await buyer.close()

  // The seller's transactions: the sale at what was paid, its list price and code, and Soko's fee on it.
  await page.goto('/account/transactions')
  await rendered(page)
  const sale = page.locator('.movement', { hasText: title }).filter({ hasText: 'List price' })
  await expect(sale).toContainText('+KES 1,200.00')
  await expect(sale).toContainText(`List price KES 1,500.00 · ${CODE} −KES 300.00`)
  await expect(sale).toContainText('Soko fee KES 60.00 · you keep KES 1,140.00')
  const fee = page.locator('.movement', { hasText: title }).filter({ hasNotText: 'List price' })
  await expect(fee).toContainText('-KES 60.00')
  await page.screenshot({ path: test.info().outputPath('transactions.png'), fullPage: true })
})

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false })

  test('the shared link’s code is applied on the plain checkout, and M-Pesa takes the discounted total', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000)
    const seller = await apiRequest.newContext({ baseURL })
    const token = (await rpc<{ token: string }>(seller, 'signIn', DEMO_SELLER)).token
    const made = await rpc(
      seller,
      'createDiscountCode',
      { code: `${CODE}X`, kind: 'percent', percentBps: 2000 },
      token,
    )
    expect(made).toBeTruthy()
    await seller.dispose()

    await page.goto(`/${slug}?code=${CODE}X`)
    await page.getByRole('button', { name: 'Buy now' }).click()
    await expect(page).toHaveURL(new RegExp(`/buy/${slug}`))
    await expect(page.getByText(`${CODE}X`).first()).toBeVisible()
    await expect(page.getByText('KES 1,200.00').first()).toBeVisible()
    const phone = phoneOfRun()
    await page.getByRole('radio', { name: /^M-Pesa/ }).check()
    await typeInto(page.getByLabel('M-Pesa phone number'), phone)
    await typeInto(page.getByLabel('E-mail'), `plain-code-${run}@example.com`)
    await page.screenshot({ path: test.info().outputPath('plain-pay.png'), fullPage: true })
    await page.getByRole('button', { name: /^Pay/ }).click()
    await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible()
    await payPromptOnHandset(browser, baseURL, phone, '1,200')
    await expect(page.getByRole('heading', { name: 'Paid — thank you' })).toBeVisible({ timeout: 20_000 })
  })
})

test.describe('an hour later, on a server of its own', () => {
  let soko: WorkerServer

  test.beforeAll(async ({ geo }) => {
    soko = await startWorkerServer(geo.url)
  })
  test.afterAll(async () => {
    await soko?.stop()
  })

  test('a buyer who asked to be texted leaves the M-Pesa prompt unanswered; an hour later the SMS brings them back with the code', async ({
    browser,
  }) => {
    test.setTimeout(180_000)
    const request = await apiRequest.newContext({ baseURL: soko.url })
    const token = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
    const product = await sellDigitalProduct(
      request,
      token,
      { title, description: 'Live takes from Lamu.', price: { amount: 1_500_00, currency: 'KES' } },
      [{ name: `coast-${run}.zip`, bytes: fileBytes }],
    )
    await rpc(request, 'createDiscountCode', { code: CODE, kind: 'percent', percentBps: 2000 }, token)
    const context = await browser.newContext({
      ...PHONE_VIEWPORT,
      baseURL: soko.url,
      serviceWorkers: 'block',
    })
    try {
      const shop = await context.newPage()
      await shop.goto(`/${product.slug}?code=${CODE}`)
      const phone = phoneOfRun()
      await checkoutByMpesa(shop, phone, { textMe: true })
      await shop.close()

      // The prompt is never answered. An hour later, on the sandbox's clock page.
      const clockPage = await context.newPage()
      await clockPage.goto('/sandbox/clock')
      await typeInto(clockPage.getByLabel('Move forward by (hours)'), '1')
      await clockPage.getByRole('button', { name: 'Move the clock' }).click()
      await expect(clockPage.locator('#offset')).toHaveText("1 hour ahead of the machine's clock")

      // The reminders look every minute; the phone's page checks its inbox every 2 s.
      const handset = await context.newPage()
      await handset.goto(`/sandbox/mpesa/phone?number=${phone}`)
      const reminder = handset.locator('.sms', { hasText: 'did not go through' })
      await expect(reminder).toContainText(`Soko: your payment for "${title}" did not go through`, {
        timeout: 120_000,
      })
      await handset.screenshot({ path: test.info().outputPath('reminder-sms.png'), fullPage: true })

      // Its link: back on the product, the code applied at checkout, and a way to stop reminders.
      await reminder.getByRole('link').click()
      await expect(handset).toHaveURL(new RegExp(`/${product.slug}\\?code=${CODE}&r=[\\w-]{16}$`))
      await rendered(handset)
      await expect(handset.getByRole('button', { name: 'Stop reminders' })).toBeVisible()
      await handset.getByRole('button', { name: 'Buy now' }).click()
      await expect(
        handset.getByRole('status').filter({ hasText: `${CODE} applied: −KES 300.00` }),
      ).toBeVisible()
      await handset.screenshot({ path: test.info().outputPath('back-with-code.png'), fullPage: true })

      // One tap stops further reminders.
      await handset.getByRole('button', { name: 'Stop reminders' }).click()
      await expect(handset.getByRole('status')).toContainText('no more reminders of unpaid checkouts')
      await handset.screenshot({ path: test.info().outputPath('stopped.png'), fullPage: true })
      // The stop page, asking and done, passes axe in both languages.
      const stopUrl = new URL(handset.url())
      for (const lang of ['en', 'sw']) {
        for (const done of [false, true]) {
          await handset.goto(`${stopUrl.pathname}?${done ? 'done=1&' : ''}lang=${lang}`)
          const axe = await new AxeBuilder({ page: handset }).analyze()
          expect(
            axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
            `stop page, ${lang}${done ? ', done' : ''}`,
          ).toEqual([])
        }
      }
      await expect(handset.getByRole('status')).toContainText('hakuna vikumbusho zaidi')
    } finally {
      await context.close()
      await request.dispose()
    }
  })
})
