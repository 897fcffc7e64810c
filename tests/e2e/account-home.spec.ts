import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import type { BuyerHome, SellerHome } from '../../contract/account-home.contract'
import { formatMoney } from '../../contract/format-money'
import { buyByCard, DEMO_SELLER, demoProducts, newBuyer } from './demo'
import { expect, test } from './fixtures'
import { savedQueryKeys, setOffline, trackOnLine } from './offline'
import { rendered } from './rendered'
import { rpc } from './seller'
import { signInTyping } from './session'
import { typeInto } from './typing'

/**
 * /account on a phone, as people meet it: a new seller's first visit (the first steps, and empty lists that
 * say what comes next); the demo seller's dashboard with the figures the API gives, again with no network;
 * and someone who only buys, who sees their purchases and an invitation to sell. Each passes axe, light and
 * dark.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' }
const run = randomBytes(3).toString('hex')
const money = (amount: number, currency: string) => formatMoney(amount, currency, 'en-US')
/** axe-core, put in the pages before they load (the Content-Security-Policy keeps injected scripts out). */
const AXE_SCRIPT = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
  'axe-core/axe.min.js',
)

test.use(PHONE)

async function axeClean(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    const { violations } = await new AxeBuilder({ page, axeSource: 'void 0' })
      .setLegacyMode()
      // The rules the accessibility spec adds to axe's defaults for a phone-first app.
      .options({
        rules: Object.fromEntries(
          ['duplicate-id', 'duplicate-id-active', 'target-size', 'label-content-name-mismatch'].map(
            (rule) => [rule, { enabled: true }],
          ),
        ),
      })
      .analyze()
    expect(
      violations.map((v) => `${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`),
    ).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' })
}

const region = (page: Page, name: string) => page.getByRole('region', { name })

test('a new seller’s first visit shows the first steps and empty lists that say what comes next', async ({
  page,
  context,
}) => {
  await context.addInitScript({ path: AXE_SCRIPT })
  const email = `nuru.${run}@example.com`
  await page.goto('/register')
  await rendered(page)
  await typeInto(page.getByLabel('Your name'), 'Nuru Wambui')
  await typeInto(page.getByLabel('E-mail'), email)
  await typeInto(page.getByLabel('Password'), 'a-long-walk-to-lamu')
  await typeInto(page.getByLabel('Storefront name'), 'Nuru Ceramics')
  await typeInto(page.getByLabel('Handle'), `nuru-${run}`)
  await typeInto(page.getByLabel('M-Pesa number'), '0712 345 678')
  await page.getByRole('button', { name: 'Open my storefront' }).click()
  await expect(page).toHaveURL(/\/account$/)
  await rendered(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Nuru Wambui')

  // The first steps, each a link to do it; nothing done yet.
  const steps = region(page, 'Get your storefront going')
  await expect(steps.getByRole('listitem')).toHaveCount(3)
  await expect(steps.getByText('Done')).toHaveCount(0)
  await expect(steps.getByRole('link', { name: 'Add your first product' })).toBeVisible()
  await expect(steps.getByRole('link', { name: 'Add a payout destination' })).toHaveAttribute(
    'href',
    '/account/withdraw',
  )
  await expect(steps.getByRole('link', { name: 'Share your storefront' })).toHaveAttribute(
    'href',
    `/creators/nuru-${run}`,
  )
  // Empty, each card says what will show there.
  await expect(region(page, 'Balance')).toContainText('Your earnings add up here')
  await expect(region(page, 'Balance').getByRole('link', { name: 'Withdraw' })).toBeVisible()
  await expect(region(page, 'Sales')).toContainText('No sales this month or last')
  await expect(region(page, 'Next payout')).toContainText('None scheduled')
  await expect(region(page, 'Needs you')).toContainText('Nothing right now')
  await expect(region(page, 'Latest orders')).toContainText('No orders yet. Share your storefront')
  // Every other page of the account is still a tap away.
  const links = page.getByRole('navigation', { name: 'Your account' })
  for (const name of ['Purchases', 'Transactions', 'Your products', 'Invoices', 'Withdraw', 'Settings'])
    await expect(links.getByRole('link', { name, exact: true })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('new-seller-phone.png'), fullPage: true })
  await axeClean(page)

  // From the keyboard: the first step opens the product editor's kinds.
  await steps.getByRole('link', { name: 'Add your first product' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/account\/new-product$/)
})

test('the demo seller’s dashboard shows their real figures, what needs them, and works offline', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ ...PHONE, baseURL })
  await trackOnLine(context)
  await context.addInitScript({ path: AXE_SCRIPT })
  const token = (await rpc<{ token: string }>(context.request, 'signIn', DEMO_SELLER)).token
  // An invoice due in two days: it needs the seller this week.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  const client = `Pendo Studio ${run}`
  const { invoice } = await rpc<{ invoice: { id: string } }>(
    context.request,
    'createInvoice',
    {
      invoice: {
        client: { name: client, email: `pendo.${run}@example.com` },
        currency: 'KES',
        lines: [{ description: 'Poster design', quantityMilli: 1000, unitPrice: 2_500_00 }],
        issueDate: day(0),
        dueDate: day(2),
      },
    },
    token,
  )
  await rpc(context.request, 'sendInvoice', { invoiceId: invoice.id }, token)

  const page = await context.newPage()
  await signInTyping(page, DEMO_SELLER.email, DEMO_SELLER.password)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  })
  await rendered(page)

  // What the page shows is what the API says, and the balances are the books'.
  const home = await rpc<SellerHome>(context.request, 'getAccountHome', {}, token)
  expect(home.role).toBe('seller')
  const books = await rpc<{ currencies: { currency: string; available: number; held: number }[] }>(
    context.request,
    'listTransactions',
    {},
    token,
  )
  expect(home.balances.map(({ currency, available, held }) => ({ currency, available, held }))).toEqual(
    expect.arrayContaining(
      books.currencies.map(({ currency, available, held }) => ({ currency, available, held })),
    ),
  )
  expect(home.balances).toHaveLength(books.currencies.length)
  const balance = region(page, 'Balance')
  for (const b of home.balances) {
    await expect(balance).toContainText(money(b.available, b.currency))
    await expect(balance).toContainText(money(b.held, b.currency))
  }
  const sales = region(page, 'Sales')
  const kes = home.sales.find((s) => s.currency === 'KES')
  if (!kes) throw new Error('the demo seller has no KES sales this month')
  await expect(sales).toContainText(money(kes.today.amount, 'KES'))
  await expect(sales).toContainText(money(kes.month.amount, 'KES'))
  await expect(sales).toContainText(`${kes.month.count} sale`)
  const orders = region(page, 'Latest orders').getByRole('listitem')
  await expect(orders).toHaveCount(home.latestOrders.length)
  await expect(orders.first()).toContainText(home.latestOrders[0]?.title ?? '')
  await expect(orders.first()).toContainText(
    money(home.latestOrders[0]?.amount ?? 0, home.latestOrders[0]?.currency ?? 'KES'),
  )
  // The invoice due this week is first among what needs the seller… or at least among them.
  const need = region(page, 'Needs you').getByRole('link', { name: new RegExp(client) })
  await expect(need).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('demo-seller-phone.png'), fullPage: true })
  await axeClean(page)

  // Without a signal, the dashboard opens from the copy kept on the phone, and says how old it is.
  await expect.poll(() => savedQueryKeys(page)).toContain('ledger/home')
  await setOffline(context, page, true)
  await page.goto('/account')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Wanjiru Kamau')
  await expect(page.getByText(/^Offline — last updated /)).toBeVisible()
  await expect(region(page, 'Balance')).toContainText(
    money(home.balances[0]?.available ?? 0, home.balances[0]?.currency ?? 'KES'),
  )
  await expect(region(page, 'Sales')).toContainText(money(kes.month.amount, 'KES'))
  await expect(region(page, 'Needs you').getByRole('link', { name: new RegExp(client) })).toBeVisible()
  await setOffline(context, page, false)
  await expect(page.getByText(/^Offline — last updated /)).toHaveCount(0)

  // A tap on the invoice opens it.
  await region(page, 'Needs you')
    .getByRole('link', { name: new RegExp(client) })
    .click()
  await expect(page).toHaveURL(new RegExp(`/account/invoices/${invoice.id}$`))
  await context.close()
})

test('someone who only buys sees their purchases, downloads and tickets, and an invitation to sell', async ({
  page,
  context,
  request,
}) => {
  await context.addInitScript({ path: AXE_SCRIPT })
  const sellerToken = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
  const products = await demoProducts(request, sellerToken)
  const download = products.find((p) => p.kind === 'digital')
  const meetup = products.find((p) => p.kind === 'event')
  if (!download || !meetup) throw new Error('the demo data has no download or event')
  const buyer = await newBuyer(request, `home-${run}`)
  await buyByCard(request, download.id, { token: buyer.token })
  const { products: events } = await rpc<{
    products: { id: string; details: { ticketTypes: { id: string }[] } }[]
  }>(request, 'listMyProducts', { kinds: ['event'] }, sellerToken)
  const ticketTypeId = events.find((p) => p.id === meetup.id)?.details.ticketTypes[0]?.id
  await buyByCard(request, meetup.id, { token: buyer.token }, { ticketTypeId, holders: ['Achieng Otieno'] })

  await signInTyping(page, buyer.email, buyer.password)
  await rendered(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Achieng Otieno')
  const home = await rpc<BuyerHome>(request, 'getAccountHome', {}, buyer.token)
  expect(home.role).toBe('buyer')
  // No seller's cards.
  await expect(region(page, 'Balance')).toHaveCount(0)
  await expect(region(page, 'Sales')).toHaveCount(0)
  await expect(
    region(page, 'Coming up').getByRole('link', { name: `${meetup.title}: 1 ticket` }),
  ).toBeVisible()
  const purchases = region(page, 'Recent purchases').getByRole('listitem')
  await expect(purchases).toHaveCount(2)
  await expect(purchases.first()).toContainText(meetup.title)
  await expect(purchases.nth(1)).toContainText(download.title)
  await expect(region(page, 'Your downloads').getByRole('link', { name: download.title })).toHaveAttribute(
    'href',
    `/download/${home.downloads[0]?.id}`,
  )
  await page.screenshot({ path: test.info().outputPath('buyer-phone.png'), fullPage: true })
  await axeClean(page)

  // The invitation opens the storefront form.
  await region(page, 'Sell on Soko').getByRole('link', { name: 'Open a storefront' }).click()
  await expect(page).toHaveURL(/\/register$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Start selling')
})
