import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { DEMO_SELLER } from './demo'
import { expect, test } from './fixtures'
import { setOffline, trackOnLine } from './offline'
import { readOutbox } from './outbox'
import { rpc } from './seller'
import { signIn } from './session'
import { typeInto } from './typing'

/**
 * The demo seller bills a client from a phone: two lines, VAT 16 % on top and a 50 % deposit, the totals
 * checked on screen as they are typed, saved and sent; the client's mail carries the pay link. Then an
 * invoice written with no network waits on the device and reaches Soko exactly once when it comes back.
 */

const PHONE_VIEWPORT = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const run = randomBytes(3).toString('hex')

test.use({ ...PHONE_VIEWPORT, serviceWorkers: 'block' })

/** Amounts are written with a no-break space after the currency code: matched with any space. */
const money = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s')}$`)

/** The seller's invoices whose client matches, read through the API. */
async function invoicesFor(page: Page, client: string) {
  const token = (await rpc<{ token: string }>(page.request, 'signIn', DEMO_SELLER)).token
  const { invoices } = await rpc<{ invoices: { id: string; clientName: string; status: string }[] }>(
    page.request,
    'listInvoices',
    { client },
    token,
  )
  return invoices
}

test('the seller writes an invoice with VAT and a deposit, sees the totals as they type, and sends it', async ({
  page,
}) => {
  const client = `Amani Studio ${run}`
  const email = `amani.${run}@example.com`
  await signIn(page, DEMO_SELLER.email, DEMO_SELLER.password)
  // The dashboard draws again as its figures arrive (other specs sell as the demo seller meanwhile): a tap
  // that lands while it does is tapped again, as a person would.
  await expect(async () => {
    await page.getByRole('link', { name: 'Invoices', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible({ timeout: 3_000 })
  }).toPass({ timeout: 20_000 })
  await page.getByRole('link', { name: 'Create an invoice' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'New invoice' })).toBeVisible()

  await typeInto(page.getByRole('combobox', { name: 'Name' }), client)
  await typeInto(page.getByLabel('E-mail'), email)
  // The seller is in Kenya: the invoice is in shillings unless they choose otherwise.
  await expect(page.getByLabel('Currency')).toHaveValue('KES')

  const lines = page.getByRole('group', { name: 'Lines' })
  const line = (n: number) => lines.getByRole('group', { name: `Line ${n}` })
  await typeInto(line(1).getByLabel('Description'), 'Logo design')
  await typeInto(line(1).getByLabel('Unit price (KES)'), '15,000')
  await expect(line(1).getByTestId('line-amount')).toHaveText(money('KES 15,000.00'))
  await lines.getByRole('button', { name: 'Add a line' }).click()
  // The new line's description takes the focus: the seller just types.
  await expect(line(2).getByLabel('Description')).toBeFocused()
  await page.keyboard.type('Brand guide, 4 pages')
  await typeInto(line(2).getByLabel('Quantity'), '4')
  await typeInto(line(2).getByLabel('Unit price (KES)'), '2,500.50')
  await expect(line(2).getByTestId('line-amount')).toHaveText(money('KES 10,002.00'))

  const totals = page.getByRole('region', { name: 'Totals' })
  await expect(totals.getByTestId('invoice-total')).toHaveText(money('KES 25,002.00'))

  await page.getByRole('button', { name: 'Add a tax' }).click()
  const tax = page.getByRole('group', { name: 'Tax 1' })
  await expect(tax.getByLabel('Tax name')).toBeFocused()
  await typeInto(tax.getByLabel('Tax name'), 'VAT')
  await typeInto(tax.getByLabel('Rate (%)'), '16')
  await expect(tax.getByLabel('Already included in the prices')).not.toBeChecked()

  const deposit = page.getByRole('group', { name: 'Deposit' })
  await deposit.getByLabel('Deposit as').selectOption({ label: 'A percentage' })
  await typeInto(deposit.getByLabel('Deposit (%)'), '50')

  const figure = (term: string) => totals.locator(`dt:text-is("${term}") + dd`)
  await expect(figure('Subtotal')).toHaveText(money('KES 25,002.00'))
  await expect(figure('VAT 16 %')).toHaveText(money('+KES 4,000.32'))
  await expect(totals.getByTestId('invoice-total')).toHaveText(money('KES 29,002.32'))
  await expect(totals.getByTestId('invoice-deposit')).toHaveText(money('KES 14,501.16'))
  await expect(totals.getByTestId('invoice-balance')).toHaveText(money('KES 14,501.16'))

  await page.getByRole('button', { name: 'Save and send' }).click()
  await expect(page).toHaveURL(/\/account\/invoices\/[0-9a-f-]{36}$/)
  const id = /invoices\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? ''
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText(/^INV-\d{4}\s*Sent$/)
  await expect(page.getByRole('status').filter({ hasText: `Sent to ${email}` })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Amounts' }).getByTestId('invoice-total')).toHaveText(
    money('KES 29,002.32'),
  )
  const number = /INV-\d{4}/.exec((await heading.textContent()) ?? '')?.[0]

  // The client's mail carries the pay link (with its key), which the invoice page shows too.
  const payLink = await page
    .getByRole('region', { name: 'The client’s pay link' })
    .getByRole('link', { name: /\/p\?invoice=/ })
    .textContent()
  expect(payLink).toMatch(new RegExp(`/p\\?invoice=${id}&key=`))
  const soko = process.env.SOKO_E2E_URL ?? ''
  await expect
    .poll(
      async () => (await readOutbox(soko, 'mail', email)).find((m) => m.to.includes(email))?.subject ?? null,
    )
    .toBe(`Invoice ${number} from Wanjiru Studio`)
  const mail = (await readOutbox(soko, 'mail', email)).find((m) => m.to.includes(email))
  expect(mail?.text).toContain(payLink ?? 'no pay link on the page')
})

test('an invoice written offline waits on the phone and reaches Soko once when the network returns', async ({
  page,
  context,
}) => {
  const client = `Offline Client ${run}`
  await trackOnLine(context)
  await signIn(page, DEMO_SELLER.email, DEMO_SELLER.password)
  // Online first: the list and the editor are opened once, as a seller's phone has them.
  await page.goto('/account/invoices')
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible()
  await page.getByRole('link', { name: 'Create an invoice' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'New invoice' })).toBeVisible()

  await setOffline(context, page, true)
  await expect(page.getByText('You are offline. You can still write this invoice')).toBeVisible()
  await typeInto(page.getByRole('combobox', { name: 'Name' }), client)
  await typeInto(page.getByLabel('E-mail'), `offline.${run}@example.com`)
  await typeInto(page.getByLabel('Description'), 'Wedding photos, deposit')
  await typeInto(page.getByLabel('Unit price (KES)'), '30000')
  await page.getByRole('button', { name: 'Save draft' }).click()

  await expect(page).toHaveURL(/\/account\/invoices$/)
  const row = page.getByRole('row').filter({ hasText: client })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Waiting to sync')
  await expect(page.getByText(`the invoice for ${client} is kept on this device`)).toBeVisible()
  expect(await invoicesFor(page, client)).toEqual([])

  await setOffline(context, page, false)
  await expect(row).toHaveCount(1)
  await expect(row).not.toContainText('Waiting to sync', { timeout: 10_000 })
  await expect(row.getByRole('link')).toHaveText(/^Draft/)
  await expect(page.getByRole('status').filter({ hasText: `Now on Soko: Draft for ${client}` })).toBeVisible()
  expect(await invoicesFor(page, client)).toHaveLength(1)

  // A reload sends nothing again: the device has forgotten it, and the list still has one.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: client })).toHaveCount(1)
  await expect(page.getByText('Waiting to sync')).toHaveCount(0)
  expect(await invoicesFor(page, client)).toHaveLength(1)
})
