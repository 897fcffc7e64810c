import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Browser } from '@playwright/test'
import { DEMO_SELLER } from './demo'
import { expect, test } from './fixtures'
import { rpc } from './seller'
import { typeInto } from './typing'

/**
 * Paying an invoice on a phone whose browser runs no script: the pay link opens the invoice with a plain
 * form; the client picks M-Pesa, types the number and presses Pay; the waiting page looks again by itself
 * until the prompt is answered on the sandbox phone (the tester's handset, a browser of its own, with
 * script), then the pay page says what was received. Once in English (a deposit, then the balance left),
 * once in Kiswahili (paid in full).
 */

const run = randomBytes(3).toString('hex')
let sellerToken = ''

test.describe.configure({ mode: 'serial' })
test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })

test.beforeAll(async ({ request }) => {
  sellerToken = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
})

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

/** The demo seller writes and sends an invoice through the API; answers its pay link's path. */
async function sendInvoice(
  request: APIRequestContext,
  lines: { description: string; quantityMilli: number; unitPrice: number }[],
  deposit: { kind: 'percent'; bps: number } | null,
): Promise<string> {
  const { invoice } = await rpc<{ invoice: { id: string } }>(
    request,
    'createInvoice',
    {
      invoice: {
        client: { name: 'Njeri Mwangi', email: `no-script-invoice-${run}@example.com` },
        currency: 'KES',
        lines,
        taxes: [],
        deposit,
        issueDate: day(0),
        dueDate: day(14),
      },
    },
    sellerToken,
  )
  const sent = await rpc<{ invoice: { payUrl: string } }>(
    request,
    'sendInvoice',
    { invoiceId: invoice.id },
    sellerToken,
  )
  const url = new URL(sent.invoice.payUrl)
  return url.pathname + url.search
}

/** The tester's handset: pays the newest prompt to a number on the sandbox phone. */
async function payPrompt(browser: Browser, phone: string, amount: string) {
  const handset = await browser.newContext({ javaScriptEnabled: true })
  const page = await handset.newPage()
  await page.goto(`/sandbox/mpesa/phone?number=${phone}`)
  const prompt = page.locator('.prompt').first()
  await expect(prompt).toContainText(amount, { timeout: 15_000 })
  await prompt.getByLabel('M-PESA PIN').fill('1234')
  await prompt.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page.getByText(/Paid/).first()).toBeVisible()
  await handset.close()
}

test('pays an invoice deposit by M-Pesa without script, and the page reaches paid by itself', async ({
  page,
  browser,
  request,
}) => {
  const link = await sendInvoice(
    request,
    [{ description: `Wedding photos ${run}`, quantityMilli: 1000, unitPrice: 3_000_00 }],
    { kind: 'percent', bps: 5000 },
  )
  await page.goto(link)
  await expect(page.getByRole('heading', { name: /^Invoice / })).toBeVisible()
  await expect(page.getByText('Deposit due now')).toBeVisible()
  await expect(page.getByText(`Wedding photos ${run}`)).toBeVisible()
  await page.getByRole('radio', { name: /^M-Pesa/ }).check()
  await typeInto(page.getByLabel('M-Pesa phone number'), '0722 555 101')
  await page.screenshot({ path: test.info().outputPath('invoice-form.png'), fullPage: true })
  await page.getByRole('button', { name: /^Pay deposit KES\s1,500\.00$/ }).click()
  await expect(page).toHaveURL(/\/p\/wait\?/)
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible()
  await expect(page.getByText('0722 555 101')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('invoice-waiting.png') })
  await payPrompt(browser, '0722555101', '1,500')
  // No click: the waiting page looks again by itself, and lands on the invoice with the balance left.
  await expect(page.getByText(/^Payment received: KES\s1,500\.00 by M-Pesa/)).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/p\?invoice=/)
  await expect(page.getByRole('heading', { name: 'Balance due' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Pay the balance KES\s1,500\.00$/ })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('invoice-balance.png'), fullPage: true })
})

test('in Kiswahili: pays the whole invoice by M-Pesa, and the page says it is paid', async ({
  page,
  browser,
  request,
}) => {
  const link = await sendInvoice(
    request,
    [{ description: `Ushauri wa biashara ${run}`, quantityMilli: 2000, unitPrice: 1_250_00 }],
    null,
  )
  await page.goto(`${link}&lang=sw`)
  await expect(page.getByRole('heading', { name: /^Ankara / })).toBeVisible()
  await expect(page.getByText('Kiasi kinachodaiwa')).toBeVisible()
  await page.getByRole('radio', { name: /^M-Pesa/ }).check()
  await typeInto(page.getByLabel('Namba ya simu ya M-Pesa'), '0722555202')
  await page.getByRole('button', { name: /^Lipa KES\s2,500\.00$/ }).click()
  await expect(page.getByRole('heading', { name: 'Angalia simu yako' })).toBeVisible()
  await expect(page.getByText('0722 555 202')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('invoice-waiting-sw.png') })
  await payPrompt(browser, '0722555202', '2,500')
  await expect(page.getByRole('heading', { name: /^Imelipwa yote/ })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('button', { name: /^Lipa/ })).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('invoice-paid-sw.png'), fullPage: true })
})
