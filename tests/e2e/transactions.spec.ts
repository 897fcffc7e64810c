import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { formatMoney } from '../../contract/format-money'
import { saleFee } from '../../server/ledger/postings'
import { submitSandboxCard } from '../support/sandbox-card'
import { expect, test } from './fixtures'
import { rendered } from './rendered'
import { rpc, sellDigitalProduct, zipBytes } from './seller'
import { signInTyping } from './session'

/**
 * A seller whose books are in KES (the demo seller, paid out by M-Pesa) also sells in US dollars: a buyer
 * on a phone pays for a USD product with PayPal, and the sale shows on the seller's /account/transactions
 * under USD — its own balance beside the KES one, its fee, totals and chart — and exports as a USD file.
 */

const SELLER = { email: 'wanjiru@soko.test', password: 'soko-demo-2026' }
const run = randomBytes(3).toString('hex')
const USD_PRICE = 12_00
const USD_NET = USD_PRICE - saleFee(USD_PRICE)
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' }

interface Books {
  currency: string
  currencies: { currency: string; available: number; held: number }[]
  summary: { totals: { sales: number } }
}

let sellerToken = ''
let usdSlug = ''
/** The seller's USD books before this run's sale (other specs may have sold in USD on this server). */
let before = { balance: 0, sales: 0 }

test.describe.configure({ mode: 'serial' })
test.use(PHONE)

test.beforeAll(async ({ request }) => {
  sellerToken = (await rpc<{ token: string }>(request, 'signIn', SELLER)).token
  const description = 'Twelve drum loops from Kisumu.'
  const kes = await sellDigitalProduct(
    request,
    sellerToken,
    { title: `Shilling loops ${run}`, description, price: { amount: 300_00, currency: 'KES' } },
    [{ name: `shilling-${run}.zip`, bytes: zipBytes() }],
  )
  usdSlug = (
    await sellDigitalProduct(
      request,
      sellerToken,
      { title: `Dollar loops ${run}`, description, price: { amount: USD_PRICE, currency: 'USD' } },
      [{ name: `dollar-${run}.zip`, bytes: zipBytes() }],
    )
  ).slug
  // A sale in the seller's own currency first (by card, through the API), so the books have two.
  const started = await rpc<{ orderId: string; next: { url: string } }>(request, 'startCheckout', {
    productId: kes.id,
    method: 'card',
    email: `kes-buyer-${run}@example.com`,
  })
  expect((await submitSandboxCard(started.next.url, '4242 4242 4242 4242')).status).toBe(303)
  await expect
    .poll(async () => {
      const { orders } = await rpc<{ orders: { id: string; status: string }[] }>(
        request,
        'listSales',
        { limit: 50 },
        sellerToken,
      )
      return orders.find((o) => o.id === started.orderId)?.status
    })
    .toBe('paid')
  const usd = await rpc<Books>(request, 'listTransactions', { currency: 'USD' }, sellerToken)
  const balance = usd.currencies.find((c) => c.currency === 'USD')
  before = { balance: (balance?.available ?? 0) + (balance?.held ?? 0), sales: usd.summary.totals.sales }
})

/** Types into a field as a person does: focus it, then the keyboard. */
async function type(page: Page, label: string, text: string) {
  await page.getByLabel(label).click()
  await page.keyboard.type(text)
}

test('a USD product bought with PayPal on a phone shows on the KES seller’s transactions under USD', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // The buyer, signed out, on their phone.
  await page.goto(`/${usdSlug}`)
  await rendered(page)
  await page.getByRole('button', { name: 'Buy now' }).click()
  await type(page, 'E-mail', `usd-buyer-${run}@example.com`)
  await page.getByRole('radio', { name: 'PayPal', exact: true }).click()
  await page.getByRole('button', { name: /^Pay USD\s12\.00/ }).click()
  await expect(page).toHaveURL(/\/sandbox\/paypal\//)
  await expect(page.locator('.amount')).toHaveText('USD 12.00')
  await page.getByRole('button', { name: 'Pay now' }).click()
  await expect(page).toHaveURL(/\/sucess-payment\?order=/)
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 15_000 })

  // The seller, on their own phone.
  const context = await browser.newContext({ ...PHONE, baseURL, acceptDownloads: true })
  const seller = await context.newPage()
  await signInTyping(seller, SELLER.email, SELLER.password)
  await seller
    .getByRole('navigation', { name: 'Your account' })
    .getByRole('link', { name: 'Transactions' })
    .click()
  await expect(seller.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible()

  // The books open in KES, the seller's own currency, and name every currency with its balance.
  const currencies = seller.getByRole('navigation', { name: 'Balance by currency' })
  const kesChip = currencies.getByRole('link', { name: /^KES\s/ })
  const usdChip = currencies.getByRole('link', { name: /^USD\s/ })
  await expect(kesChip).toHaveAttribute('aria-current', 'page')
  await expect(usdChip).toHaveText(formatMoney(before.balance + USD_NET, 'USD', 'en-US'))
  const movements = seller.getByRole('region', { name: 'Movements' })
  await expect(movements.getByText(`Shilling loops ${run}`).first()).toBeVisible()
  await expect(movements.getByText(`Dollar loops ${run}`)).toHaveCount(0)

  // Under USD: the sale and its fee, the USD balance held for 7 days, totals and the chart in USD.
  await usdChip.click()
  await expect(seller).toHaveURL(/[?&]currency=USD/)
  await expect(usdChip).toHaveAttribute('aria-current', 'page')
  await expect(kesChip).not.toHaveAttribute('aria-current', 'page')
  const sale = movements
    .getByRole('listitem')
    .filter({ hasText: 'Sale ·' })
    .filter({ hasText: `Dollar loops ${run}` })
  await expect(sale).toContainText('+USD 12.00')
  await expect(sale).toContainText('PayPal')
  const fee = movements
    .getByRole('listitem')
    .filter({ hasText: 'Soko fee ·' })
    .filter({ hasText: `Dollar loops ${run}` })
  await expect(fee).toContainText(formatMoney(-saleFee(USD_PRICE), 'USD', 'en-US'))
  await expect(movements.getByText(`Shilling loops ${run}`)).toHaveCount(0)
  await expect(seller.getByRole('heading', { name: 'All time' })).toBeVisible()
  const totals = seller.locator('.transaction-totals')
  await expect(totals).toContainText(`Sales${formatMoney(before.sales + USD_PRICE, 'USD', 'en-US')}`)
  await expect(seller.getByRole('figure', { name: /Last 30 days/ })).toContainText(/Earned USD\s[\d,.]+ over/)
  await expect(seller.locator('.balance-card').filter({ hasText: 'Held' })).toContainText(/USD\s/)

  // The export is the USD books, named so.
  const saving = seller.waitForEvent('download')
  await seller.getByRole('button', { name: 'Export CSV' }).click()
  const download = await saving
  expect(download.suggestedFilename()).toMatch(
    /^soko-transactions-USD-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
  )
  const csv = await readFile((await download.path()) ?? '', 'utf8')
  expect(csv).toContain(`,Sale,`)
  expect(csv).toMatch(new RegExp(`,Dollar loops ${run}[^,\\r\\n]*,PayPal,12\\.00,USD,`))
  expect(csv).not.toContain(',KES,')

  // How the page looks, for review: on the phone, then on a desktop (same session, not a phone).
  await seller.screenshot({ path: testInfo.outputPath('transactions-phone.png'), fullPage: true })
  const desktop = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    storageState: await context.storageState(),
  })
  const wide = await desktop.newPage()
  await wide.goto(seller.url())
  await expect(wide.getByRole('navigation', { name: 'Balance by currency' })).toBeVisible()
  await expect(wide.getByText(`Dollar loops ${run}`).first()).toBeVisible()
  await wide.screenshot({ path: testInfo.outputPath('transactions-desktop.png'), fullPage: true })
  await desktop.close()
  await context.close()
})
