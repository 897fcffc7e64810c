import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { DEMO_SELLER } from './demo'
import { expect, test } from './fixtures'
import { rendered } from './rendered'
import { rpc } from './seller'
import { typeInto } from './typing'

/**
 * The client's pay page without its link, and the M-Pesa wait's ways out, on a phone, typed with the
 * keyboard: `/p` alone finds an invoice by its number and the e-mail it was sent to (a wrong pair says the
 * same whichever half is wrong) and opens it; while M-Pesa waits, the client can change the number, pay
 * another way or cancel. Each page passes axe, light and dark.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' }
const run = randomBytes(3).toString('hex')
const CLIENT = { name: 'Njeri Mwangi', email: `finder-${run}@example.com` }
const MPESA_NUMBER = '0722 417 307'
/** axe-core, put in the pages before they load (the Content-Security-Policy keeps injected scripts out). */
const AXE_SCRIPT = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
  'axe-core/axe.min.js',
)

test.describe.configure({ mode: 'serial' })
test.use({ ...PHONE, serviceWorkers: 'block' })

interface Invoice {
  id: string
  number: string
  payUrl: string
}

let invoice: Invoice

test.beforeAll(async ({ request }) => {
  const { token } = await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  const { invoice: draft } = await rpc<{ invoice: Invoice }>(
    request,
    'createInvoice',
    {
      invoice: {
        client: CLIENT,
        currency: 'KES',
        lines: [{ description: `Portraits ${run}`, quantityMilli: 1000, unitPrice: 3_500_00 }],
        issueDate: day(0),
        dueDate: day(7),
      },
    },
    token,
  )
  invoice = (await rpc<{ invoice: Invoice }>(request, 'sendInvoice', { invoiceId: draft.id }, token)).invoice
})

async function axeClean(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    const { violations } = await new AxeBuilder({ page, axeSource: 'void 0' }).setLegacyMode().analyze()
    expect(
      violations.map((v) => `${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`),
    ).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

test('/p with no invoice finds one by its number and e-mail, and opens it', async ({ page }) => {
  await page.addInitScript({ path: AXE_SCRIPT })
  await page.goto('/p')
  await rendered(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Find your invoice' })).toBeVisible()
  await expect(page.getByText('Paid securely through Soko')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0)
  await axeClean(page)

  // A wrong e-mail with a real number says no more than a wrong number does.
  const number = page.getByLabel('Invoice number')
  const contact = page.getByLabel('E-mail or phone')
  await typeInto(number, invoice.number)
  await typeInto(contact, `someone-else-${run}@example.com`)
  await page.keyboard.press('Enter')
  const missing = page.getByRole('alert').filter({ hasText: /^No invoice matches that number and contact\./ })
  await expect(missing).toBeVisible()
  const said = await missing.textContent()
  await typeInto(number, 'INV-9998')
  await typeInto(contact, CLIENT.email)
  await page.getByRole('button', { name: 'Find invoice' }).click()
  await expect(missing).toHaveText(said ?? '')

  // The right pair opens the invoice, on its own pay page.
  await typeInto(number, invoice.number.toLowerCase())
  await page.getByRole('button', { name: 'Find invoice' }).click()
  await expect(page).toHaveURL(new RegExp(`/p\\?invoice=${invoice.id}&key=`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${invoice.number} Due`)
  await expect(page.getByRole('region', { name: 'Amount due' })).toContainText('KES 3,500.00')
  await rendered(page)
  await axeClean(page)
})

test('while M-Pesa waits, the client can change the number, pay another way or cancel', async ({ page }) => {
  await page.addInitScript({ path: AXE_SCRIPT })
  const key = new URL(invoice.payUrl).searchParams.get('key') ?? ''
  await page.goto(`/p?invoice=${invoice.id}&key=${key}`)
  await rendered(page)
  const startMpesa = async () => {
    await page.getByRole('radio', { name: 'M-Pesa', exact: true }).click()
    await typeInto(page.getByLabel('M-Pesa phone number'), MPESA_NUMBER)
    await page.getByRole('button', { name: /^Pay KES\s3,500\.00$/ }).click()
    await expect(page.getByRole('region', { name: 'Check your phone' })).toBeVisible()
  }
  await startMpesa()
  const waiting = page.getByRole('region', { name: 'Check your phone' })
  for (const name of ['Cancel', 'Change number', 'Pay another way'])
    await expect(waiting.getByRole('button', { name, exact: true })).toBeVisible()
  await axeClean(page)

  // Change number: the form is back, M-Pesa chosen, the number ready to type over.
  await waiting.getByRole('button', { name: 'Change number' }).click()
  await expect(page.getByLabel('M-Pesa phone number')).toBeFocused()
  await expect(page.getByRole('radio', { name: 'M-Pesa', exact: true })).toBeChecked()

  // Pay another way: another method chosen.
  await startMpesa()
  await waiting.getByRole('button', { name: 'Pay another way' }).click()
  await expect(page.getByRole('radio', { name: 'M-Pesa', exact: true })).not.toBeChecked()
  await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible()

  // Cancel: the form is back, and the page says an unanswered request takes nothing.
  await startMpesa()
  await waiting.getByRole('button', { name: 'Cancel', exact: true }).click()
  await expect(page.getByText(/^Stopped waiting for M-Pesa\./)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Check your phone' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Pay KES\s3,500\.00$/ })).toBeVisible()
})
