import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Browser } from '@playwright/test'
import { eventInput } from '../support/event-input'
import { buyByCard, DEMO_SELLER, newBuyer } from './demo'
import { expect, test } from './fixtures'
import { rpc, sellDigitalProduct } from './seller'
import { typeInto } from './typing'

/**
 * The plain checkout's steps on a phone with JavaScript off: two named tickets paid by card (in
 * Kiswahili), a service's time booked by M-Pesa with its calendar file, and a buyer who signs in with the
 * plain form and downloads again from the library.
 */

const run = randomBytes(3).toString('hex')
const slugs = { event: '', service: '', digital: '' }
const fileName = `library-${run}.zip`
let digitalId = ''

test.describe.configure({ mode: 'serial' })
test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })

test.beforeAll(async ({ request }) => {
  const token = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
  const publish = async (input: Record<string, unknown>) => {
    const { product } = await rpc<{ product: { id: string; slug: string } }>(
      request,
      'createProduct',
      input,
      token,
    )
    await rpc(request, 'publishProduct', { id: product.id }, token)
    return product.slug
  }
  slugs.event = await publish(eventInput(`Taarab night ${run}`, { daysAhead: 20, price: 500_00 }))
  slugs.service = await publish({
    kind: 'service',
    title: `Beat clinic ${run}`,
    description: 'An hour on your mix.',
    price: { amount: 450_00, currency: 'KES' },
    details: {
      durationMinutes: 60,
      where: { kind: 'place', address: 'Soko Loft, Mpaka Road, Westlands, Nairobi' },
      timeZone: 'Africa/Nairobi',
      availability: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '09:00', to: '17:00' })),
    },
  })
  const digital = await sellDigitalProduct(
    request,
    token,
    { title: `Library loops ${run}`, description: 'Loops.', price: { amount: 300_00, currency: 'KES' } },
    [{ name: fileName, bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(20_000)]) }],
  )
  slugs.digital = digital.slug
  digitalId = digital.id
})

/** The tester's handset: pays the newest prompt to a number on the sandbox phone. */
async function payPrompt(browser: Browser, phone: string) {
  const handset = await browser.newContext({ javaScriptEnabled: true })
  const page = await handset.newPage()
  await page.goto(`/sandbox/mpesa/phone?number=${phone}`)
  const prompt = page.locator('.prompt').first()
  await expect(prompt).toBeVisible({ timeout: 15_000 })
  await prompt.getByLabel('M-PESA PIN').fill('1234')
  await prompt.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page.getByText(/Paid/).first()).toBeVisible()
  await handset.close()
}

test('in Kiswahili: two named tickets paid by card, each with its QR code on the receipt', async ({
  page,
}) => {
  await page.goto(`/${slugs.event}?lang=sw`)
  await page.getByRole('button', { name: 'Pata tiketi' }).click()
  await typeInto(page.getByLabel('Idadi'), '2')
  await page.getByRole('button', { name: 'Endelea' }).click()
  await typeInto(page.getByLabel('Tiketi 1'), 'Amina Wanjiku')
  await typeInto(page.getByLabel('Tiketi 2'), 'Otieno Odhiambo')
  await page.getByRole('button', { name: 'Endelea' }).click()
  await expect(page.getByText('Jumla: KES 1,000.00')).toBeVisible()
  await page.getByRole('radio', { name: /^Kadi/ }).check()
  await typeInto(page.getByLabel('Barua pepe'), `tickets-${run}@example.com`)
  await page.screenshot({ path: test.info().outputPath('pay-step-sw.png'), fullPage: true })
  await page.getByRole('button', { name: /^Lipa/ }).click()
  // The sandbox's card page, as Stripe's would be.
  await typeInto(page.getByLabel('Namba ya kadi'), '4242 4242 4242 4242')
  await typeInto(page.getByLabel(/MM\/YY/), '12/40')
  await typeInto(page.getByLabel('CVC'), '123')
  await page.getByRole('button', { name: /^Lipa/ }).click()
  await expect(page.getByRole('heading', { name: 'Imelipwa — asante' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText('Amina Wanjiku')).toBeVisible()
  await expect(page.getByText('Otieno Odhiambo')).toBeVisible()
  await expect(page.getByRole('img', { name: /Msimbo wa QR wa tiketi/ })).toHaveCount(2)
  await page.screenshot({ path: test.info().outputPath('tickets-sw.png'), fullPage: true })
})

test('books a time by M-Pesa and saves the booking’s calendar file', async ({ page, browser }) => {
  await page.goto(`/${slugs.service}`)
  await page.getByRole('link', { name: 'Book a time' }).click()
  await page.getByRole('radio').first().check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('radio', { name: /^M-Pesa/ }).check()
  await typeInto(page.getByLabel('M-Pesa phone number'), '0722555666')
  await typeInto(page.getByLabel('E-mail'), `booking-${run}@example.com`)
  await page.getByRole('button', { name: /^Pay/ }).click()
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible()
  await payPrompt(browser, '0722555666')
  await expect(page.getByRole('heading', { name: 'Your booking' })).toBeVisible({ timeout: 20_000 })
  const saving = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Add to calendar (.ics file)' }).click()
  const ics = await readFile((await (await saving).path()) ?? '', 'utf8')
  expect(ics).toContain('BEGIN:VEVENT')
  expect(ics).toContain(`Beat clinic ${run}`)
})

test('signs in with the plain form and downloads again from the library', async ({ page, request }) => {
  const buyer = await newBuyer(request, 'library')
  await buyByCard(request, digitalId, { token: buyer.token })
  // The product page's Buy is a form the server answers.
  await page.goto(`/${slugs.digital}`)
  await expect(page.locator('form.buy-form')).toHaveAttribute('action', `/buy/${slugs.digital}`)
  await page.goto('/login')
  await typeInto(page.getByLabel('E-mail'), buyer.email)
  await typeInto(page.getByLabel('Password'), buyer.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/downloads$/)
  await expect(page.getByRole('heading', { name: `Library loops ${run}` })).toBeVisible()
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: `Download ${fileName}` }).click()
  expect((await downloading).suggestedFilename()).toBe(fileName)
  await page.screenshot({ path: test.info().outputPath('library.png'), fullPage: true })
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.goto('/downloads')
  await expect(page.getByText('Sign in to download what you bought again.')).toBeVisible()
})
