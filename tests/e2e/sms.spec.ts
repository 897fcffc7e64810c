import { createHash, randomBytes, randomInt } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { expect, test } from './fixtures'
import { rendered } from './rendered'
import { rpc, sellDigitalProduct } from './seller'

/**
 * The SMS receipt of an M-Pesa payment, end to end on phones: the buyer pays on the sandbox phone, the
 * receipt arrives in that phone's inbox, and its short link opens the order signed out, on another
 * device, where the file downloads and SMS receipts can be stopped.
 */

const SELLER = { email: 'wanjiru@soko.test', password: 'soko-demo-2026' }
const run = randomBytes(3).toString('hex')
/** A number of this run only, so its inbox holds this run's messages. */
const PHONE = `0799${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
const fileBytes = randomBytes(64 * 1024)
fileBytes.set([0x50, 0x4b, 0x03, 0x04])
const fileName = `rhythms-${run}.zip`
const PHONE_VIEWPORT = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

let slug = ''

test.use({ ...PHONE_VIEWPORT, serviceWorkers: 'block' })

test.beforeAll(async ({ request }) => {
  const token = (await rpc<{ token: string }>(request, 'signIn', SELLER)).token
  const product = await sellDigitalProduct(
    request,
    token,
    {
      title: `Rhythms of Lamu ${run}`,
      description: 'Taarab loops.',
      price: { amount: 750_00, currency: 'KES' },
    },
    [{ name: fileName, bytes: fileBytes }],
  )
  slug = product.slug
})

test('an M-Pesa buyer gets the receipt by SMS, and its link opens the order signed out and downloads', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  // The buyer, signed out, pays by M-Pesa.
  await page.goto(`/${slug}`)
  await rendered(page)
  await page.getByRole('button', { name: 'Buy now' }).click()
  await page.getByLabel('E-mail').click()
  await page.keyboard.type(`buyer-${run}@example.com`)
  await page.getByRole('radio', { name: 'M-Pesa', exact: true }).check()
  await page.getByLabel('M-Pesa phone number').click()
  await page.keyboard.type(PHONE)
  await page.getByRole('button', { name: /^Pay KES 750\.00/ }).click()
  await expect(page.getByText('Check your phone')).toBeVisible()

  // Their handset: the sandbox phone, on a device of its own.
  const handset = await browser.newContext({ ...PHONE_VIEWPORT, baseURL, serviceWorkers: 'block' })
  const phone = await handset.newPage()
  await phone.goto(`/sandbox/mpesa/phone?number=${PHONE}`)
  const prompt = phone.locator('.prompt').first()
  await expect(prompt).toContainText('750', { timeout: 15_000 })
  await prompt.getByLabel('M-PESA PIN').click()
  await phone.keyboard.type('1234')
  await prompt.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 15_000 })

  // The receipt arrives in the phone's inbox (the page checks again every 2 s).
  const receipt = phone.locator('.sms', { hasText: `Rhythms of Lamu ${run}` })
  await expect(receipt).toContainText('Soko: you paid KES 750.00 for', { timeout: 20_000 })
  await expect(receipt).toContainText('Open or download:')

  // Its link, tapped on the handset: no session, no key kept there.
  await receipt.getByRole('link').click()
  await expect(phone).toHaveURL(/\/download\/[\w-]+\?key=/)
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(`Rhythms of Lamu ${run}`)
  const downloading = phone.waitForEvent('download')
  await phone.getByRole('button', { name: `Download ${fileName}` }).click()
  const download = await downloading
  const bytes = await readFile((await download.path()) ?? '')
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(
    createHash('sha256').update(fileBytes).digest('hex'),
  )

  // No more receipts by SMS, from the same page.
  await phone.getByRole('button', { name: 'Stop SMS receipts' }).click()
  await expect(phone.getByText(/No more SMS receipts will go to \+254 799/)).toBeVisible()
  await handset.close()
})
