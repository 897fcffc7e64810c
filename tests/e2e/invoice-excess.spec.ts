import { randomBytes } from 'node:crypto'
import { DEMO_SELLER } from './demo'
import { expect, test } from './fixtures'
import { rpc } from './seller'
import { signInTyping } from './session'

/**
 * Paid beyond what an invoice asked, on a phone: the client pays a KES 100 invoice KES 1,100 by Paybill
 * from the sandbox phone. The seller's invoice page says the KES 1,000 beyond is held for whoever paid;
 * the seller keeps it as a payment (the client meant to tip), confirming first, and sees it kept.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' }
const run = randomBytes(3).toString('hex')

test.use({ ...PHONE, serviceWorkers: 'block' })

test('an overpayment is held for the payer until the seller keeps it as a payment', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000)
  const token = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
  const { invoice } = await rpc<{ invoice: { id: string; payUrl: string } }>(
    request,
    'createInvoice',
    {
      invoice: {
        client: { name: `Tipper ${run}`, email: `tipper-${run}@example.com` },
        currency: 'KES',
        lines: [{ description: `Sticker sheet ${run}`, quantityMilli: 1000, unitPrice: 100_00 }],
        taxes: [],
        deposit: null,
        issueDate: new Date().toISOString().slice(0, 10),
        dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        reminders: [],
      },
    },
    token,
  )
  const sent = await rpc<{ invoice: { id: string; payUrl: string } }>(
    request,
    'sendInvoice',
    { invoiceId: invoice.id },
    token,
  )
  // The Paybill details the client's pay page gives.
  const key = new URL(sent.invoice.payUrl).searchParams.get('key') ?? ''
  const pay = await rpc<{ invoice: { paybill: { number: string; account: string } } }>(
    request,
    'getPayInvoice',
    {
      invoiceId: invoice.id,
      key,
    },
  )
  const { number, account } = pay.invoice.paybill

  // The client pays by Paybill on their phone, more than was asked.
  const handset = await context.newPage()
  await handset.goto('/sandbox/mpesa/phone?number=0722417399')
  const paybill = handset.getByRole('region', { name: 'Pay bill' })
  // The sandbox phone (the provider's stand-in, not Soko) reloads itself every 2 s: filled, not typed.
  await paybill.getByLabel('Business number').fill(number)
  await paybill.getByLabel('Account number').fill(account)
  await paybill.getByLabel('Amount (KES)').fill('1100')
  await paybill.getByLabel('M-PESA PIN').fill('1234')
  await paybill.getByRole('button', { name: 'Send money' }).click()
  // Closed only once the phone shows the payment went: closing at once could drop the form's POST.
  await expect(handset.getByRole('status')).toContainText(/^Paid KES 1,100 to \d+, account /)
  await handset.close()

  await signInTyping(page, DEMO_SELLER.email, DEMO_SELLER.password)
  await page.goto(`/account/invoices/${invoice.id}`)
  const payment = page.locator('.invoice-payment').first()
  await expect(payment).toContainText('Paid above what was due', { timeout: 15_000 })
  await expect(payment).toContainText('KES 1,000.00')
  await expect(payment).toContainText('Held for whoever paid until you choose')
  await payment.getByRole('button', { name: 'Keep as a payment…' }).click()
  await expect(payment).toContainText('It becomes your earnings with Soko’s fee taken')
  await payment.getByRole('button', { name: 'Keep KES 1,000.00' }).click()
  await expect(page.getByText('KES 1,000.00 is kept as a payment')).toBeVisible()
  await expect(payment).toContainText('Kept as a payment')
  await expect(payment.getByRole('button', { name: /^Give back/ })).toHaveCount(0)
})
