import { randomBytes } from 'node:crypto'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { expect, test } from './fixtures'
import { rendered } from './rendered'
import { newSeller, rpc } from './seller'
import { signInTyping } from './session'
import { typeInto } from './typing'

/**
 * A seller who works in Kiswahili, on a phone: the app follows the account's language, an invoice's PDF in
 * Kiswahili, a payment recorded for more than is left refused under its field in the Kiswahili of the
 * server's code, and the withdrawal's checks and pages in Kiswahili. English words that would show otherwise
 * are absent.
 */

const run = randomBytes(3).toString('hex')
const SELLER = {
  email: `mwandishi-${run}@example.com`,
  password: 'a-long-walk-to-lamu',
  name: 'Halima Mwinyi',
  handle: `halima${run}`,
  displayName: `Halima Studio ${run}`,
  phone: `07${String(Number.parseInt(run, 16) % 100_000_000).padStart(8, '0')}`,
}

let invoiceId = ''
let pdfUrl = ''

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' })

test.beforeAll(async ({ request }) => {
  const token = await newSeller(request, SELLER)
  await rpc(request, 'updateSettings', { language: 'sw' }, token)
  const today = new Date().toISOString().slice(0, 10)
  const { invoice } = await rpc<{ invoice: { id: string } }>(
    request,
    'createInvoice',
    {
      invoice: {
        client: { name: 'Baraka Kilimo', email: `baraka-${run}@example.com` },
        currency: 'KES',
        lines: [{ description: 'Nembo ya duka', quantityMilli: 1000, unitPrice: 12_000_00 }],
        taxes: [],
        issueDate: today,
        dueDate: today,
      },
    },
    token,
  )
  const sent = await rpc<{ invoice: { id: string; pdfUrl: string } }>(
    request,
    'sendInvoice',
    { invoiceId: invoice.id },
    token,
  )
  invoiceId = sent.invoice.id
  pdfUrl = sent.invoice.pdfUrl
})

/** The text a PDF viewer finds in the document, all pages, whitespace collapsed. */
async function pdfWords(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, useSystemFonts: false }).promise
  const parts: string[] = []
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent()
    for (const item of content.items) if ('str' in item) parts.push(item.str)
  }
  return parts.join(' ').replace(/\s+/g, ' ')
}

test('a seller in Kiswahili: the invoice and its PDF, a refused payment said by its code, and the withdrawal', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  await signInTyping(page, SELLER.email, SELLER.password)
  // The account works in Kiswahili and this browser never chose: the app follows the account, and the
  // header's switch now leads back to English.
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw')
  await rendered(page)
  await expect(page.getByRole('banner').getByRole('link', { name: 'English' })).toBeVisible()

  // The invoice, in Kiswahili.
  await page.goto(`/account/invoices/${invoiceId}`)
  await rendered(page)
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw')
  await expect(page.getByText('Nembo ya duka').first()).toBeVisible()
  for (const english of ['Record a payment', 'Invoices', 'Sent'])
    await expect(page.getByText(english, { exact: true })).toHaveCount(0)

  // Its PDF, written in the seller's language.
  const pdf = await request.get(pdfUrl.replace(/^https?:\/\/[^/]+/, ''))
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  const words = await pdfWords(new Uint8Array(await pdf.body()))
  expect(words).toMatch(/Ankara INV-\d{4}/)
  expect(words).toContain('KWA MTEJA')
  expect(words).toContain('Jumla')
  expect(words).not.toMatch(/Invoice INV|BILL TO/)

  // A payment of more than is left: the server refuses it by code, said under the field in Kiswahili.
  await page.getByRole('button', { name: 'Rekodi malipo' }).click()
  const amount = page.getByLabel('Kiasi (KES)')
  await typeInto(amount, '20000')
  await page.getByRole('button', { name: /^Rekodi KES/ }).click()
  await expect(page.getByText(/^Kilichobaki kulipwa ni KES\s?12,000\.00 tu$/)).toBeVisible()
  await expect(amount).toHaveAttribute('aria-invalid', 'true')

  // The withdrawal: its checks said under the amount before anything is sent, in Kiswahili.
  await page.goto('/account/withdraw')
  await rendered(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Toa pesa' })).toBeVisible()
  await expect(
    page.getByRole('heading', { name: 'Salio lako' }).or(page.getByText(/Bado hakuna cha kutoa/)),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Mahali unapopokea pesa' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Ratiba ya utoaji wa pesa' })).toBeVisible()
  for (const english of ['Withdraw', 'Your payouts', 'Where you get paid', 'Scheduled payouts'])
    await expect(page.getByText(english, { exact: true })).toHaveCount(0)
})
