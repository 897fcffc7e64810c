import { randomBytes, randomInt } from 'node:crypto'
import type { Page } from '@playwright/test'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { buyByCard, DEMO_ADMIN, newBuyer } from './demo'
import { expect, test } from './fixtures'
import { rendered } from './rendered'
import { newSeller, rpc, sellDigitalProduct, zipBytes } from './seller'
import { keepAccountLanguage, signInTyping } from './session'
import { typeInto } from './typing'
import { available, codeOnPhone } from './withdraw'

/**
 * A seller who works in Kiswahili, on a phone, typing: the app follows the account's language; they put a
 * product on sale through the editor; an invoice's PDF is in Kiswahili and a payment recorded for more than
 * is left is refused under its field in the Kiswahili of the server's code; an admin reading Kiswahili
 * approves their identity; then they add an M-Pesa number (its code by SMS in Kiswahili) and withdraw, each
 * check and step in Kiswahili. English words that would show otherwise are absent.
 */

const run = randomBytes(3).toString('hex')
const MPESA = `0796${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
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

test.describe.configure({ mode: 'serial' })
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' })

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000)
  const token = await newSeller(request, SELLER)
  await rpc(request, 'updateSettings', { language: 'sw' }, token)
  // A sale to withdraw from, and identity details for the admin to approve.
  const buyer = await newBuyer(request, 'mnunuzi')
  const sold = await sellDigitalProduct(
    request,
    token,
    {
      title: `Kanga za Lamu ${run}`,
      description: '<p>Picha.</p>',
      price: { amount: 3_000_00, currency: 'KES' },
    },
    [{ name: 'kanga.zip', bytes: zipBytes() }],
  )
  await buyByCard(request, sold.id, { token: buyer.token })
  await rpc(
    request,
    'submitSellerVerification',
    {
      legalName: SELLER.name,
      dateOfBirth: '1990-03-14',
      documentKind: 'national-id',
      documentNumber: '29876543',
      address: 'Barabara ya Biashara, Mombasa',
    },
    token,
  )
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

/**
 * Signs the seller in. This browser never chose a language, so the app reloads the page in the account's
 * Kiswahili once it has read the settings: wait for that before going anywhere, or the reload can win over
 * the next page.
 */
async function signInSeller(page: Page) {
  await signInTyping(page, SELLER.email, SELLER.password)
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw')
  await rendered(page)
}

test('a seller in Kiswahili puts a product on sale through the editor, typed', async ({ page }) => {
  test.setTimeout(90_000)
  // The account works in Kiswahili and this browser never chose: the app follows the account, and the
  // header's switch now leads back to English.
  await signInSeller(page)
  await expect(page.getByRole('banner').getByRole('link', { name: 'English' })).toBeVisible()

  await page.goto('/account/new-product')
  await rendered(page)
  await page.getByRole('link', { name: /Bidhaa ya kidijitali/ }).click()
  await expect(page.getByRole('heading', { name: 'Bidhaa mpya ya kidijitali' })).toBeVisible()
  // The price typed, then a draft without a title: the server refuses it by code, said on its field in
  // Kiswahili.
  await typeInto(page.getByLabel('Bei', { exact: true }), '850')
  await page.getByRole('button', { name: 'Hifadhi rasimu' }).click()
  const name = page.getByLabel('Jina', { exact: true })
  await expect(page.getByText('Ipe jina lenye angalau herufi 2', { exact: true })).toBeVisible()
  await expect(name).toHaveAttribute('aria-invalid', 'true')

  const title = `Mifumo ya vitenge ${run}`
  await typeInto(name, title)
  await typeInto(
    page.getByRole('textbox', { name: 'Maelezo', exact: true }),
    'Mifumo kumi na miwili ya kushona.',
  )
  await page
    .getByLabel('Ongeza faili')
    .setInputFiles({ name: 'mifumo.zip', mimeType: 'application/zip', buffer: zipBytes() })
  await expect(page.getByText('Upakiaji huanza ukihifadhi rasimu.')).toBeVisible()
  await page.getByRole('button', { name: 'Chapisha', exact: true }).click()
  const published = page.getByText(/^Imechapishwa: inauzwa kwenye \//)
  await expect(published).toBeVisible({ timeout: 30_000 })
  for (const english of ['Save draft', 'Publish', 'Title', 'Description', 'Add files'])
    await expect(page.getByText(english, { exact: true })).toHaveCount(0)

  // On sale at the address it said.
  const slug = ((await published.textContent()) ?? '').replace(/^.* \//, '').replace(/\.$/, '')
  await page.goto(`/${slug}`)
  await rendered(page)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
})

test('a seller in Kiswahili: the invoice and its PDF, and a refused payment said by its code', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  await signInSeller(page)

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
})

test('an admin reading Kiswahili approves the seller’s identity', async ({ page, context }) => {
  test.setTimeout(90_000)
  // The admin reads Kiswahili without making it the demo admin's language.
  await keepAccountLanguage(context)
  await signInTyping(page, DEMO_ADMIN.email, DEMO_ADMIN.password)
  await rendered(page)
  await page.getByRole('banner').getByRole('link', { name: 'Kiswahili' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw')
  await rendered(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Msimamizi' })).toBeVisible()

  // The reviews, reached from the admin's menu.
  await page
    .getByRole('navigation', { name: 'Sehemu za msimamizi' })
    .getByRole('link', { name: 'Ukaguzi', exact: true })
    .click()
  await expect(page.getByRole('heading', { name: 'Uthibitisho wa utambulisho wa kukagua' })).toBeVisible()
  const card = page.locator('li.card', { hasText: SELLER.displayName })
  await expect(card.getByText('Jina kisheria')).toBeVisible()
  await card.getByRole('button', { name: 'Idhinisha', exact: true }).click()
  await expect(page.getByRole('status')).toHaveText(
    `Imeidhinishwa: ${SELLER.displayName} anaweza kutoa pesa sasa. Ameambiwa kwa barua pepe.`,
  )
  await expect(card).toHaveCount(0)
  for (const english of ['Reviews', 'Identity verifications to review', 'Approve', 'Legal name', 'Admin'])
    await expect(page.getByText(english, { exact: true })).toHaveCount(0)

  // The payouts to act on, in Kiswahili too.
  await page
    .getByRole('navigation', { name: 'Sehemu za msimamizi' })
    .getByRole('link', { name: 'Utoaji wa pesa', exact: true })
    .click()
  await expect(page.getByRole('heading', { name: 'Utoaji wa pesa wa kushughulikia' })).toBeVisible()
  await expect(page.getByText('Payouts to act on', { exact: true })).toHaveCount(0)
})

test('the seller withdraws in Kiswahili: an M-Pesa number by its SMS code, each check, the sheet, the result', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  await signInSeller(page)
  await page.goto('/account/withdraw')
  await rendered(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Toa pesa' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Salio lako' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Mahali unapopokea pesa' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Ratiba ya utoaji wa pesa' })).toBeVisible()
  const kes = await available(page, 'Linalopatikana kwa KES')
  expect(kes).toBeGreaterThanOrEqual(2_000)

  // An M-Pesa number, from the link under "Kwenda", confirmed by the code the SMS brings in Kiswahili.
  const form = page.locator('.withdraw-form')
  const to = form.getByRole('group', { name: 'Kwenda' })
  await to.getByRole('link', { name: 'Ongeza namba ya M-Pesa au akaunti ya benki ya KES' }).click()
  const adding = page.locator('#add-destination')
  await adding.getByRole('radio', { name: 'M-Pesa', exact: true }).check()
  await typeInto(adding.getByLabel('Namba ya M-Pesa'), MPESA)
  await adding.getByRole('button', { name: 'Tuma msimbo' }).click()
  await typeInto(adding.getByLabel('Msimbo kutoka kwenye SMS'), await codeOnPhone(context, MPESA, 'sw'))
  await adding.getByRole('button', { name: 'Ongeza mahali hapa pa kupokea pesa' }).click()
  await expect(page.getByText(/^Imeongezwa: M-Pesa/)).toBeVisible()

  // Each check said under the amount, in Kiswahili, before anything is sent.
  const amount = form.getByLabel('Kiasi (KES)')
  const checks: [string, string | RegExp][] = [
    ['abc', 'Weka kiasi kwa tarakimu, kama 1500'],
    [String(Math.ceil(kes) + 1000), /^Hiyo ni zaidi ya salio lako linalopatikana la KES\s[\d,]+\.\d{2}$/],
  ]
  for (const [typed, said] of checks) {
    await typeInto(amount, typed)
    await expect(form.locator('.field-error', { hasText: said }), typed).toBeVisible()
    await expect(amount).toHaveAttribute('aria-invalid', 'true')
  }
  await typeInto(amount, '1,000')
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true')
  await form.getByRole('radio', { name: /^Papo hapo/ }).check()
  await expect(form.getByRole('status').filter({ hasText: 'Utapokea' })).toContainText(/KES\s985\.00/)
  await form.getByRole('button', { name: 'Endelea' }).click()
  await expect(form.getByRole('heading', { name: 'Kagua na uthibitishe' })).toBeFocused()
  await form.getByRole('button', { name: 'Thibitisha' }).click()

  // What happens next, in Kiswahili: the first payout waits for the Soko team.
  await expect(form.getByRole('heading', { name: 'Ombi la kutoa pesa limetumwa' })).toBeFocused()
  await expect(form.getByRole('status')).toContainText(/^Utoaji wa pesa wa KES\s985\.00 kwenda M-Pesa/)
  await expect(page.locator('.payout').first()).toContainText('Inasubiri idhini')
  await expect.poll(() => available(page, 'Linalopatikana kwa KES')).toBeCloseTo(kes - 1_000, 2)
  for (const english of [
    'Withdraw',
    'Your payouts',
    'Where you get paid',
    'Check and confirm',
    'Waiting for approval',
  ])
    await expect(page.getByText(english, { exact: true })).toHaveCount(0)
})
