import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Browser, BrowserContext, Page, TestInfo } from '@playwright/test'
import { pdfText } from '../support/pdf-text'
import { DEMO_SELLER } from './demo'
import { expect, test } from './fixtures'
import { readOutbox } from './outbox'
import { rendered } from './rendered'
import { rpc } from './seller'
import { signInTyping } from './session'

/**
 * The client's pay page for an invoice, on a phone: the demo seller writes and sends an invoice in the
 * editor on their phone (two lines, 16 % VAT on top, a 50 % deposit); the client opens the link from the mail, pays the deposit by M-Pesa in the
 * sandbox, then the balance by card, and the page reads paid with both payments; the PDF says Paid and the
 * seller's books list both payments. A wrong key is the 404 page; a cancelled invoice says so. Screenshots
 * of each state, on a phone and a desktop, go to the test's output folder.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' }
const DESKTOP = { viewport: { width: 1280, height: 800 }, locale: 'en-US' }
const run = randomBytes(3).toString('hex')
/** This spec's own M-Pesa number, so other specs' prompts on the sandbox phone are not in the way. */
const MPESA_NUMBER = '0722 417 306'
const CLIENT = { name: 'Achieng Otieno', email: `client-${run}@example.com` }

// 25,000 + 12 × 1,500 = 43,000; VAT 16 % on top = 6,880; total 49,880; deposit 50 % = 24,940.
const DEPOSIT = 'KES 24,940.00'
const TOTAL = 'KES 49,880.00'

let sellerToken = ''

test.describe.configure({ mode: 'serial' })
test.use({ ...PHONE, serviceWorkers: 'block' })

test.beforeAll(async ({ request }) => {
  sellerToken = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
})

interface Invoice {
  id: string
  number: string
  payUrl: string
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

/** The demo seller writes and sends an invoice through the API, as the invoice editor does. */
async function sendInvoice(request: APIRequestContext): Promise<Invoice> {
  const { invoice } = await rpc<{ invoice: Invoice }>(
    request,
    'createInvoice',
    {
      invoice: {
        client: { name: CLIENT.name, email: CLIENT.email },
        currency: 'KES',
        lines: [
          {
            description: `Logo design ${run}, three rounds of changes`,
            quantityMilli: 1000,
            unitPrice: 25_000_00,
          },
          { description: 'Brand guidelines (pages)', quantityMilli: 12_000, unitPrice: 1_500_00 },
        ],
        taxes: [{ name: 'VAT', rateBps: 1600, inclusive: false }],
        deposit: { kind: 'percent', bps: 5000 },
        issueDate: day(0),
        dueDate: day(14),
        notes: 'Thank you for choosing us!\nFiles are delivered once the deposit is in.',
        terms: 'Deposit before work starts; the balance within 14 days of delivery.',
      },
    },
    sellerToken,
  )
  return (await rpc<{ invoice: Invoice }>(request, 'sendInvoice', { invoiceId: invoice.id }, sellerToken))
    .invoice
}

/**
 * The demo seller writes and sends the same invoice on their own phone, in the invoice editor: typed with
 * the keyboard, the totals checked as they appear. Answers the invoice as its page shows it.
 */
async function sendInvoiceInBrowser(browser: Browser, baseURL: string | undefined): Promise<Invoice> {
  const context = await browser.newContext({ ...PHONE, baseURL, serviceWorkers: 'block' })
  const seller = await context.newPage()
  await signInTyping(seller, DEMO_SELLER.email, DEMO_SELLER.password)
  await seller.goto('/account/create/invoice')
  await expect(seller.getByRole('heading', { level: 1, name: 'New invoice' })).toBeVisible()
  const into = async (field: ReturnType<Page['getByLabel']>, text: string) => {
    await field.click()
    await field.press('ControlOrMeta+a')
    await seller.keyboard.type(text)
  }
  await into(seller.getByRole('combobox', { name: 'Name' }), CLIENT.name)
  await into(seller.getByLabel('E-mail'), CLIENT.email)
  const lines = seller.getByRole('group', { name: 'Lines' })
  const line = (n: number) => lines.getByRole('group', { name: `Line ${n}` })
  await into(line(1).getByLabel('Description'), `Logo design ${run}, three rounds of changes`)
  await into(line(1).getByLabel('Unit price (KES)'), '25,000')
  await lines.getByRole('button', { name: 'Add a line' }).click()
  await seller.keyboard.type('Brand guidelines (pages)')
  await into(line(2).getByLabel('Quantity'), '12')
  await into(line(2).getByLabel('Unit price (KES)'), '1,500')
  await seller.getByRole('button', { name: 'Add a tax' }).click()
  const tax = seller.getByRole('group', { name: 'Tax 1' })
  await into(tax.getByLabel('Tax name'), 'VAT')
  await into(tax.getByLabel('Rate (%)'), '16')
  const deposit = seller.getByRole('group', { name: 'Deposit' })
  await deposit.getByLabel('Deposit as').selectOption({ label: 'A percentage' })
  await into(deposit.getByLabel('Deposit (%)'), '50')
  await into(seller.getByLabel('Notes (optional)'), 'Thank you for choosing us!')
  await seller.keyboard.press('Enter')
  await seller.keyboard.type('Files are delivered once the deposit is in.')
  const totals = seller.getByRole('region', { name: 'Totals' })
  await expect(totals.getByTestId('invoice-total')).toHaveText(/^KES\s49,880\.00$/)
  await expect(totals.getByTestId('invoice-deposit')).toHaveText(/^KES\s24,940\.00$/)
  await seller.getByRole('button', { name: 'Save and send' }).click()
  await expect(seller).toHaveURL(/\/account\/invoices\/[0-9a-f-]{36}$/)
  const heading = seller.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText(/^INV-\d{4}\s*Sent$/)
  const id = /invoices\/([0-9a-f-]{36})$/.exec(seller.url())?.[1] ?? ''
  const number = /INV-\d{4}/.exec((await heading.textContent()) ?? '')?.[0] ?? ''
  const payUrl =
    (await seller
      .getByRole('region', { name: 'The client’s pay link' })
      .getByRole('link', { name: /\/p\?invoice=/ })
      .textContent()) ?? ''
  await context.close()
  return { id, number, payUrl }
}

/** The pay link in the newest mail of this invoice to the client, as the app's own path. */
async function mailedPayLink(number: string): Promise<string> {
  const mail = (await readOutbox(process.env.SOKO_E2E_URL ?? '', 'mail', CLIENT.email))
    .filter((m) => m.to.includes(CLIENT.email) && m.subject.includes(number))
    .at(-1)
  const link = mail?.text.match(/https?:\/\/\S+\/p\?invoice=[^\s"<>)\]]+/)?.[0]
  if (!link) throw new Error(`no pay link mailed for ${number}`)
  const url = new URL(link.replace(/&amp;/g, '&'))
  return `${url.pathname}${url.search}`
}

/** Types into a field as a person does: a tap on it, then the keyboard. */
async function type(page: Page, label: string | RegExp, text: string) {
  await page.getByLabel(label).click()
  await page.keyboard.type(text)
}

/** A picture of the page as it is now, for review; `print` as the printer gets it. */
async function shoot(page: Page, testInfo: TestInfo, name: string, print = false) {
  if (print) await page.emulateMedia({ media: 'print' })
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true })
  if (print) await page.emulateMedia({ media: 'screen' })
}

/** The same page on a desktop (another device, so the state shown is the server's, not this tab's). */
async function shootDesktop(
  browser: Browser,
  baseURL: string | undefined,
  path: string,
  testInfo: TestInfo,
  name: string,
  heading: RegExp,
) {
  const context = await browser.newContext({ ...DESKTOP, baseURL, serviceWorkers: 'block' })
  const page = await context.newPage()
  await page.goto(path)
  await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible({ timeout: 15_000 })
  await shoot(page, testInfo, `desktop-${name}`)
  return { context, page }
}

/** The sandbox phone the "Check your phone" screen links to, opened in a new tab: the client's handset. */
async function answerOnSandboxPhone(page: Page, context: BrowserContext) {
  const opening = context.waitForEvent('page')
  await page.getByRole('link', { name: 'Open the sandbox phone (opens in a new tab)' }).click()
  const phone = await opening
  await expect(phone).toHaveURL(/\/sandbox\/mpesa\/phone\?number=254722417306$/)
  const prompt = phone.locator('.prompt').first()
  await expect(prompt).toContainText('24,940', { timeout: 15_000 })
  await prompt.getByLabel('M-PESA PIN').click()
  await phone.keyboard.type('1234')
  await prompt.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(phone.getByText(/Paid/).first()).toBeVisible()
  await phone.close()
}

test('the client pays the deposit by M-Pesa and the balance by card from the mailed link; the PDF and the seller’s books say so', async ({
  page,
  context,
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000)
  // The seller writes and sends it on their phone; the client's mail carries the link.
  const invoice = await sendInvoiceInBrowser(browser, baseURL)
  await expect
    .poll(async () =>
      (await readOutbox(process.env.SOKO_E2E_URL ?? '', 'mail', CLIENT.email)).some(
        (m) => m.to.includes(CLIENT.email) && m.subject.includes(invoice.number),
      ),
    )
    .toBe(true)
  const link = await mailedPayLink(invoice.number)

  // The client opens the link from the mail, on their phone: the deposit is due first, on the seller's
  // own page (their name on it, no marketplace search or sign-in).
  await page.goto(link)
  await rendered(page)
  await expect(page.getByRole('heading', { name: `Invoice ${invoice.number}`, level: 1 })).toBeVisible()
  const sellerName = (await page.locator('.invoice-head .lead strong').textContent()) ?? ''
  await expect(page.locator('.pay-brand-name')).toHaveText(sellerName)
  await expect(page.getByText('Paid securely through Soko')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0)
  await expect(page.getByRole('search')).toHaveCount(0)
  const payBox = page.getByRole('region', { name: 'Deposit due now' })
  await expect(payBox).toContainText(DEPOSIT)
  await expect(payBox).toContainText(`A deposit on the total of ${TOTAL}`)
  const lines = page.getByRole('table', { name: 'What the invoice is for' })
  await expect(lines.getByRole('row')).toHaveCount(3)
  await expect(lines).toContainText('12 × KES 1,500.00')
  await expect(page.locator('.invoice-totals')).toContainText('VAT 16 %KES 6,880.00')
  await expect(page.getByText('Files are delivered once the deposit is in.')).toBeVisible()
  await shoot(page, testInfo, 'phone-due-deposit')
  await shoot(page, testInfo, 'phone-due-deposit-print', true)
  const desktopDue = await shootDesktop(browser, baseURL, link, testInfo, 'due-deposit', /^Invoice /)
  await shoot(desktopDue.page, testInfo, 'desktop-due-deposit-print', true)
  await desktopDue.context.close()

  // PayPal says what it charges in dollars, converted, before anything is paid.
  await page.getByRole('radio', { name: 'PayPal', exact: true }).click()
  await expect(
    payBox.getByText(/it charges in USD, so KES\s24,940\.00 is converted at 1 USD = [\d.]+ KES/),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: /^Pay deposit USD\s\d+\.\d\d$/ })).toBeVisible()

  // M-Pesa: the number typed the Kenyan way, the prompt answered on the sandbox phone.
  await page.getByRole('radio', { name: 'M-Pesa', exact: true }).click()
  await type(page, 'M-Pesa phone number', MPESA_NUMBER)
  await page.getByRole('button', { name: `Pay deposit ${DEPOSIT}` }).click()
  const waiting = page.getByRole('region', { name: 'Check your phone' })
  await expect(waiting).toBeVisible()
  await expect(waiting).toContainText(`We sent an M-Pesa request for ${DEPOSIT} to ${MPESA_NUMBER}.`)
  await shoot(page, testInfo, 'phone-mpesa-waiting')
  const desktopWait = await shootDesktop(
    browser,
    baseURL,
    link,
    testInfo,
    'mpesa-waiting',
    /^Check your phone$/,
  )
  await desktopWait.context.close()
  await answerOnSandboxPhone(page, context)

  // The deposit is in: the page says so, with M-Pesa's receipt code, and asks for the balance.
  const depositReceived = page.getByText(`Payment received: ${DEPOSIT} by M-Pesa, receipt`)
  await expect(depositReceived).toBeVisible({ timeout: 15_000 })
  const mpesaCode = /receipt ([A-Z0-9]{10})\./.exec((await depositReceived.textContent()) ?? '')?.[1] ?? ''
  expect(mpesaCode).toMatch(/^[A-Z0-9]{10}$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${invoice.number} Partly paid`)
  const balanceBox = page.getByRole('region', { name: 'Balance due' })
  await expect(balanceBox).toContainText(`${DEPOSIT} of ${TOTAL} is paid.`)
  await expect(page.getByRole('region', { name: 'Payments received' }).getByRole('listitem')).toHaveCount(1)
  await shoot(page, testInfo, 'phone-balance-due')

  // The balance by card, on the card sandbox's page; back on the pay page, which follows it to paid.
  await expect(page.getByLabel('M-Pesa phone number')).toHaveValue(MPESA_NUMBER)
  // Opened again later, the page still says the deposit was received.
  await page.reload()
  await rendered(page)
  await expect(page.getByText(`Payment received: ${DEPOSIT} by M-Pesa, receipt ${mpesaCode}.`)).toBeVisible()
  await page.getByRole('radio', { name: 'Card', exact: true }).click()
  await page.getByRole('button', { name: `Pay the balance ${DEPOSIT}` }).click()
  await expect(page).toHaveURL(/\/sandbox\/stripe\/pay\//)
  await type(page, 'Card number', '4242 4242 4242 4242')
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page).toHaveURL(new RegExp(`/p\\?invoice=${invoice.id}&key=`))
  await expect(page.getByRole('heading', { name: /^Paid in full on / })).toBeVisible({ timeout: 15_000 })
  await expect(
    page.getByText(`Payment received: ${DEPOSIT} by Card, receipt Visa ending 4242.`),
  ).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${invoice.number} Paid`)
  const payments = page.getByRole('region', { name: 'Payments received' }).getByRole('listitem')
  await expect(payments).toHaveCount(2)
  await expect(payments.filter({ hasText: 'M-Pesa' })).toContainText(`Receipt ${mpesaCode}`)
  await expect(payments.filter({ hasText: 'Card' })).toContainText('Receipt Visa ending 4242')
  await expect(page.locator('main')).not.toContainText('pi_')
  await expect(payments.filter({ hasText: 'Card' })).toContainText(DEPOSIT)
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0)
  await shoot(page, testInfo, 'phone-paid')
  await shoot(page, testInfo, 'phone-paid-print', true)
  const desktopPaid = await shootDesktop(browser, baseURL, link, testInfo, 'paid', /^Paid in full on /)
  await desktopPaid.context.close()

  // The PDF the page links to is the invoice, paid.
  const pdfHref = await page.getByRole('link', { name: 'Download PDF receipt' }).getAttribute('href')
  const pdf = await request.get(pdfHref ?? '')
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  const bytes = await pdf.body()
  expect(bytes.subarray(0, 4).toString()).toBe('%PDF')
  const text = await pdfText(new Uint8Array(bytes))
  expect(text).toContain(invoice.number)
  expect(text).toMatch(/\bPaid\b/)
  expect(text).toContain(mpesaCode)
  expect(text).toContain('Visa ending 4242')
  expect(text).not.toContain('pi_')

  // The seller, on their own phone, finds both payments in their books.
  const sellerContext = await browser.newContext({ ...PHONE, baseURL, serviceWorkers: 'block' })
  const seller = await sellerContext.newPage()
  await signInTyping(seller, DEMO_SELLER.email, DEMO_SELLER.password)
  await seller
    .getByRole('navigation', { name: 'Your account' })
    .getByRole('link', { name: 'Transactions' })
    .click()
  // The books' page and its data loaded first: on a busy machine that alone can take longer than a count waits.
  await rendered(seller)
  const sales = seller
    .getByRole('region', { name: 'Movements' })
    .getByRole('listitem')
    .filter({ hasText: 'Sale ·' })
    .filter({ hasText: `Invoice ${invoice.number}` })
  await expect(sales).toHaveCount(2, { timeout: 15_000 })
  await expect(sales.filter({ hasText: 'M-Pesa' })).toContainText('+KES 24,940.00')
  await expect(sales.filter({ hasText: 'Card' })).toContainText('+KES 24,940.00')
  await sellerContext.close()
})

test('a prompt cancelled on the phone says nothing was charged and offers the form again; offline, the page says so', async ({
  page,
  context,
  request,
}) => {
  const invoice = await sendInvoice(request)
  await page.goto(await mailedPayLink(invoice.number))
  await rendered(page)
  await page.getByRole('radio', { name: 'M-Pesa', exact: true }).click()
  await type(page, 'M-Pesa phone number', MPESA_NUMBER)
  await page.getByRole('button', { name: `Pay deposit ${DEPOSIT}` }).click()
  await expect(page.getByRole('region', { name: 'Check your phone' })).toBeVisible()

  // No network for a moment: the page says what it shows is from before, and carries on when it is back.
  await context.setOffline(true)
  await expect(page.getByText(/^Offline — last updated /)).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByText(/^Offline — last updated /)).toHaveCount(0)

  const phone = await context.newPage()
  await phone.goto(`/sandbox/mpesa/phone?number=${MPESA_NUMBER.replace(/\s/g, '')}`)
  const prompt = phone.locator('.prompt').first()
  await expect(prompt).toContainText('24,940', { timeout: 15_000 })
  await prompt.getByRole('button', { name: 'Cancel', exact: true }).click()
  // The phone has sent its answer before it is put away (closing it at once could drop the request).
  await expect(phone.getByText(/Cancelled/).first()).toBeVisible()
  await phone.close()
  // M-Pesa's reason, in words: the prompt was cancelled on the phone.
  await expect(
    page.getByText('You cancelled the M-Pesa prompt. Nothing was charged. Try again when you are ready.'),
  ).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('button', { name: `Pay deposit ${DEPOSIT}` })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${invoice.number} Due`)
})

test('a pay link with a wrong key, or none, is the 404 page', async ({ page, request }) => {
  const invoice = await sendInvoice(request)
  const id = invoice.id
  await page.goto(`/p?invoice=${id}&key=not-the-right-key-at-all`)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await expect(page.getByText(`Page not found: /p?invoice=${id}&key=not-the-right-key-at-all`)).toBeVisible()
  // In the app's frame, as an unknown path is.
  await expect(page.getByRole('link', { name: 'Soko home' })).toBeVisible()
  await page.goto(`/p?invoice=${id}`)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0)
})

test('a cancelled invoice says so and cannot be paid', async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  const invoice = await sendInvoice(request)
  await rpc(
    request,
    'voidInvoice',
    { invoiceId: invoice.id, reason: 'Sent to the wrong client' },
    sellerToken,
  )
  const link = await mailedPayLink(invoice.number)
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'This invoice was cancelled' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${invoice.number} Cancelled`)
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0)
  await expect(page.getByRole('radio')).toHaveCount(0)
  await shoot(page, testInfo, 'phone-cancelled')
  const desktop = await shootDesktop(
    browser,
    baseURL,
    link,
    testInfo,
    'cancelled',
    /^This invoice was cancelled$/,
  )
  await desktop.context.close()
})
