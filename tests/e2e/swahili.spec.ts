import { createHash, randomBytes, randomInt } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { rendered } from './rendered'
import { rpc, sellDigitalProduct } from './seller'

/**
 * A buyer in Kiswahili, end to end on phones: the language chosen in the header, a product found, paid by
 * M-Pesa on the sandbox phone (a bad number first), the receipt by SMS in Kiswahili, and its link opening
 * the order and downloading the file, every screen in Kiswahili. And a first visit whose browser asks for
 * Kiswahili gets the server's page in it, before any script.
 */

const SELLER = { email: 'wanjiru@soko.test', password: 'soko-demo-2026' }
const run = randomBytes(3).toString('hex')
const PHONE = `0798${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
const fileBytes = randomBytes(48 * 1024)
fileBytes.set([0x50, 0x4b, 0x03, 0x04])
const fileName = `mashairi-${run}.zip`
const TITLE = `Mashairi ya Pwani ${run}`
const PHONE_VIEWPORT = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

let slug = ''

test.use({ ...PHONE_VIEWPORT, serviceWorkers: 'block' })

test.beforeAll(async ({ request }) => {
  const token = (await rpc<{ token: string }>(request, 'signIn', SELLER)).token
  const product = await sellDigitalProduct(
    request,
    token,
    { title: TITLE, description: 'Beats za taarab.', price: { amount: 650_00, currency: 'KES' } },
    [{ name: fileName, bytes: fileBytes }],
  )
  slug = product.slug
})

/** The page is written in Kiswahili: its language, and none of the English that would show otherwise. */
async function inSwahili(page: Page, english: string[] = []) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw')
  for (const words of ['Sign in', 'Explore', 'Search products', ...english])
    await expect(page.getByText(words, { exact: true })).toHaveCount(0)
}

test('a buyer chooses Kiswahili, pays by M-Pesa and downloads from the SMS receipt, all in Kiswahili', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await page.goto('/')
  await rendered(page)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  // The switch in the header, named in the language it leads to.
  await page.getByRole('banner').getByRole('link', { name: 'Kiswahili' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Uza bidhaa za kidijitali na ulipwe popote',
  )
  await rendered(page)
  await inSwahili(page)

  // Found by the header's search, typed.
  await page.getByLabel('Tafuta bidhaa').click()
  await page.keyboard.type(TITLE)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/explore\?q=/)
  await rendered(page)
  await inSwahili(page)
  await page.getByRole('link', { name: TITLE }).first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE)
  await rendered(page)
  await inSwahili(page, ['Buy now'])

  // Checkout: a number that is no M-Pesa number first, refused in Kiswahili.
  await page.getByRole('button', { name: 'Nunua sasa' }).click()
  await expect(page.getByRole('heading', { name: 'Malipo' })).toBeVisible()
  await page.getByLabel('Barua pepe').click()
  await page.keyboard.type(`mnunuzi-${run}@example.com`)
  await page.getByRole('radio', { name: 'M-Pesa', exact: true }).check()
  const phoneField = page.getByLabel('Namba ya simu ya M-Pesa')
  await phoneField.click()
  await page.keyboard.type('0712')
  const pay = page.getByRole('button', { name: /^Lipa KES 650\.00/ })
  await pay.click()
  await expect(
    page.getByText('Namba hiyo ya simu si namba ya M-Pesa: tumia 07XX XXX XXX au 2547XX XXX XXX'),
  ).toBeVisible()
  await expect(page.getByText('That phone number is not an M-Pesa number', { exact: false })).toHaveCount(0)
  await phoneField.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(PHONE)
  // Leaving the field checks the number again: the refusal goes, and the page settles before the tap.
  await page.keyboard.press('Tab')
  await expect(page.getByText('Namba hiyo ya simu si namba ya M-Pesa', { exact: false })).toHaveCount(0)
  await pay.click()
  await expect(page.getByText('Angalia simu yako')).toBeVisible()
  await inSwahili(page, ['Check your phone'])

  // Their handset, a phone of its own that reads Kiswahili: the sandbox phone's prompt.
  const handset = await browser.newContext({
    ...PHONE_VIEWPORT,
    baseURL,
    locale: 'sw-KE',
    serviceWorkers: 'block',
  })
  const phone = await handset.newPage()
  await phone.goto(`/sandbox/mpesa/phone?number=${PHONE}`)
  await expect(phone.locator('html')).toHaveAttribute('lang', 'sw')
  const prompt = phone.locator('.prompt').first()
  await expect(prompt).toContainText('650', { timeout: 15_000 })
  await prompt.getByLabel('PIN ya M-PESA').click()
  await phone.keyboard.type('1234')
  await prompt.getByRole('button', { name: 'Lipa', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Malipo yamepokelewa' })).toBeVisible({ timeout: 15_000 })
  await inSwahili(page, ['Payment received'])

  // The receipt by SMS, in Kiswahili and within one text.
  const receipt = phone.locator('.sms', { hasText: TITLE })
  await expect(receipt).toContainText('Soko: umelipa KES 650.00 kwa', { timeout: 20_000 })
  await expect(receipt).toContainText('Fungua au pakua:')

  // Its link, tapped on the handset: the order opens signed out, in Kiswahili, and the file downloads.
  await receipt.getByRole('link').click()
  await expect(phone).toHaveURL(/\/download\/[\w-]+\?key=/)
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(TITLE)
  await rendered(phone)
  await inSwahili(phone, ['Download'])
  const downloading = phone.waitForEvent('download')
  await phone.getByRole('button', { name: `Pakua ${fileName}` }).click()
  const download = await downloading
  const bytes = await readFile((await download.path()) ?? '')
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(
    createHash('sha256').update(fileBytes).digest('hex'),
  )
  await handset.close()
})

test('a first visit that asks for Kiswahili gets the server’s page in it, before any script runs', async ({
  browser,
  baseURL,
}) => {
  const visitor = await browser.newContext({
    ...PHONE_VIEWPORT,
    baseURL,
    locale: 'sw-KE',
    javaScriptEnabled: false,
  })
  const page = await visitor.newPage()
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Uza bidhaa za kidijitali na ulipwe popote',
  )
  await expect(page.getByRole('banner').getByRole('link', { name: 'English' })).toHaveAttribute(
    'href',
    '?lang=en',
  )
  // A product page, rendered by the server in Kiswahili too.
  await page.goto(`/${slug}`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE)
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    `${TITLE} · Wanjiru Studio kwenye Soko`,
  )
  // The switch without scripts: a link the server answers in English, and remembers.
  await page.getByRole('banner').getByRole('link', { name: 'English' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  expect((await visitor.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('en')
  await visitor.close()
})
