import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { DEMO_SELLER } from './demo'
import { expect, test } from './fixtures'
import { savedQueryKeys, setOffline, trackOnLine } from './offline'
import { rpc } from './seller'
import { signInTyping } from './session'
import { typeInto } from './typing'

/**
 * The demo seller's client book on a phone: the buyers of the demo's sales and an invoice client, one row
 * each; a search; one client opened, a note kept, an invoice started for them; the CSV export (with a
 * client named like a spreadsheet formula); the orders view; and the list read again with no network.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' }
const run = randomBytes(3).toString('hex')

test.use(PHONE)

test('the seller finds a client, keeps a note, bills them and exports the book; offline it still reads', async ({
  browser,
  baseURL,
}, testInfo) => {
  // A client whose name a spreadsheet would run as a formula, billed by the seller: the export must defuse it.
  const context = await browser.newContext({ ...PHONE, baseURL })
  const token = (await rpc<{ token: string }>(context.request, 'signIn', DEMO_SELLER)).token
  const formula = `=HYPERLINK("http://evil.example/${run}","Click")`
  const today = new Date().toISOString().slice(0, 10)
  const { invoice } = await rpc<{ invoice: { id: string } }>(
    context.request,
    'createInvoice',
    {
      invoice: {
        client: { name: formula, email: `formula.${run}@example.com` },
        currency: 'KES',
        lines: [{ description: 'Consultation', quantityMilli: 1000, unitPrice: 1_000_00 }],
        issueDate: today,
        dueDate: today,
      },
    },
    token,
  )
  await rpc(context.request, 'sendInvoice', { invoiceId: invoice.id }, token)

  await trackOnLine(context)
  const page = await context.newPage()
  await signInTyping(page, DEMO_SELLER.email, DEMO_SELLER.password)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  })

  // From the account menu to the client book.
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customers')
  await expect(page.getByRole('link', { name: 'Clients' })).toHaveAttribute('aria-current', 'page')
  const rows = page.locator('.customer-table tbody tr')
  await expect(rows.first()).toBeVisible()

  // The demo's buyers and its invoice client, each one row: searched by name, typed.
  const search = page.getByRole('searchbox', { name: 'Find a client' })
  for (const [name, spent, purchases] of [
    ['Amina Yusuf', /KES\s2,300\.00/, '2'],
    ['Kevin Mwangi', /USD\s9\.00/, '1'],
    ['Otieno Baraka', /Nothing yet/, '0'],
  ] as const) {
    await typeInto(search, name)
    await page.getByRole('button', { name: 'Show' }).click()
    await expect(rows).toHaveCount(1)
    await expect(rows.getByRole('link', { name })).toBeVisible()
    await expect(rows.locator('td[data-label="Spent"]')).toHaveText(spent)
    await expect(rows.locator('td[data-label="Purchases"]')).toHaveText(purchases)
  }
  await expect(page.getByRole('link', { name: 'Clients' })).toHaveAttribute('aria-current', 'page')
  // A filter nothing matches says so, with the way back.
  await page.getByText('More filters').click()
  await typeInto(page.getByLabel('Spent over'), '9999999')
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page.getByText('No client matches these filters.')).toBeVisible()
  await page.getByRole('link', { name: 'Show all clients' }).click()
  await expect(rows.first()).toBeVisible()

  // Amina bought twice; her page has both orders and what she spent.
  await typeInto(search, 'amina@soko')
  await page.keyboard.press('Enter')
  await expect(rows).toHaveCount(1)
  await rows.getByRole('link', { name: 'Amina Yusuf' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Amina Yusuf')
  const orders = page.getByRole('table', { name: /Orders by Amina Yusuf/ })
  await expect(orders.getByText('Nairobi Nights — Lightroom Preset Pack')).toBeVisible()
  await expect(orders.getByText('Kanga Lettering Brushes for Procreate')).toBeVisible()
  await expect(page.locator('.customer-summary')).toContainText(/KES\s2,300\.00/)

  // A note, kept across a reload.
  const note = `Prefers M-Pesa; send proofs by WhatsApp (${run})`
  await page.getByLabel('Only you see this').click()
  await page.keyboard.type(note)
  await page.getByRole('button', { name: 'Save note' }).click()
  await expect(page.getByText('Note saved.')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Only you see this')).toHaveValue(note)

  // "New invoice" opens the editor addressed to her.
  await page.getByRole('link', { name: 'New invoice' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New invoice' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Name' })).toHaveValue('Amina Yusuf')
  await expect(page.getByLabel('E-mail')).toHaveValue('amina@soko.test')
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Amina Yusuf')
  await page.screenshot({ path: testInfo.outputPath('customer-phone.png'), fullPage: true })

  // The export: every client, amounts as numbers per currency, the formula defused.
  await page.getByRole('link', { name: '← Customers' }).click()
  await expect(rows.first()).toBeVisible()
  const saving = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const download = await saving
  expect(download.suggestedFilename()).toMatch(/^soko-customers-\d{4}-\d{2}-\d{2}\.csv$/)
  await expect(page.getByText(/^Saved \d+ rows as soko-customers-/)).toBeVisible()
  const csv = (await readFile((await download.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '')
  const [header, ...lines] = csv.trimEnd().split('\r\n')
  expect(header).toMatch(/^Name,E-mail,Phone,Purchases,(Spent [A-Z]{3},)*Spent KES,(Spent [A-Z]{3},)*First/)
  const columns = (header ?? '').split(',')
  const amina = lines.find((line) => line.startsWith('Amina Yusuf,'))?.split(',') ?? []
  expect(amina[columns.indexOf('Purchases')]).toBe('2')
  expect(amina[columns.indexOf('Spent KES')]).toBe('2300.00')
  const kevin = lines.find((line) => line.startsWith('Kevin Mwangi,'))?.split(',') ?? []
  expect(kevin[columns.indexOf('Spent USD')]).toBe('9.00')
  expect(csv).toContain(`"'=HYPERLINK(""http://evil.example/${run}"",""Click"")",formula.${run}@example.com`)
  expect(lines.some((line) => line.startsWith('='))).toBe(false)

  // The orders view is the second tab, with its orders.
  await page.getByRole('link', { name: 'Orders' }).click()
  await expect(page).toHaveURL(/\/account\/customers\?view=orders$/)
  await expect(page.getByText('Orders of your products, newest first.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('link', { name: 'Clients' })).not.toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('link', { name: 'Clients' })).not.toHaveAttribute('data-status', 'active')
  await expect(page.locator('.sale-title').first()).toBeVisible()
  await page.getByRole('link', { name: 'Clients' }).click()
  await expect(rows.first()).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('customers-phone.png'), fullPage: true })

  // With no signal, the book and the client page open from the copy kept on the phone.
  await expect
    .poll(() => savedQueryKeys(page))
    .toEqual(expect.arrayContaining(['customers/list', 'customers/one']))
  await setOffline(context, page, true)
  await page.goto('/account/customers')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customers')
  await expect(page.getByText(/Offline — last updated/)).toBeVisible()
  await expect(rows.getByRole('link', { name: 'Amina Yusuf' })).toBeVisible()
  await rows.getByRole('link', { name: 'Amina Yusuf' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Amina Yusuf')
  await expect(page.getByText(/Offline — last updated/)).toBeVisible()
  await expect(page.getByLabel('Only you see this')).toHaveValue(note)
  await setOffline(context, page, false)
  await context.close()
})
