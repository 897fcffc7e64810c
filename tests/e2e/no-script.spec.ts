import { createHash, randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Browser, Page } from '@playwright/test'
import { DEMO_SELLER } from './demo'
import { expect, test } from './fixtures'
import { rpc, sellDigitalProduct } from './seller'
import { typeInto } from './typing'

/**
 * Buying on a phone whose browser runs no script (Opera Mini's extreme mode, KaiOS, a script that did not
 * arrive): the product page's Buy opens the server's checkout, every step a plain form typed into and
 * sent; the order's page refreshes itself until M-Pesa answers, then is the receipt. The sandbox phone
 * (the tester's handset) is a browser of its own, with script.
 */

const run = randomBytes(3).toString('hex')
const fileBytes = randomBytes(120 * 1024)
const fileName = `no-script-${run}.zip`
fileBytes.set([0x50, 0x4b, 0x03, 0x04])
let slug = ''

test.describe.configure({ mode: 'serial' })
test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })

test.beforeAll(async ({ request }) => {
  const token = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
  const product = await sellDigitalProduct(
    request,
    token,
    {
      title: `Taarab loops ${run}`,
      description: 'Loops from Mombasa.',
      price: { amount: 450_00, currency: 'KES' },
    },
    [{ name: fileName, bytes: fileBytes }],
  )
  slug = product.slug
})

/** The tester's handset: answers the newest prompt to a number on the sandbox phone. */
async function answerPrompt(browser: Browser, phone: string, action: 'Pay' | 'Cancel') {
  const handset = await browser.newContext({ javaScriptEnabled: true })
  const page = await handset.newPage()
  await page.goto(`/sandbox/mpesa/phone?number=${phone}`)
  const prompt = page.locator('.prompt').first()
  await expect(prompt).toContainText('450', { timeout: 15_000 })
  if (action === 'Pay') await prompt.getByLabel('M-PESA PIN').fill('1234')
  await prompt.getByRole('button', { name: action, exact: true }).click()
  await expect(page.getByText(action === 'Pay' ? /Paid/ : /Cancelled|cancelled/).first()).toBeVisible()
  await handset.close()
}

/** From the product page to the M-Pesa prompt, typing as a person does, in the page's language. */
async function buyByMpesa(
  page: Page,
  phone: string,
  words: { buy: string; email: string; phone: string; mpesa: RegExp; pay: RegExp },
) {
  await page.getByRole('button', { name: words.buy }).click()
  await expect(page).toHaveURL(new RegExp(`/buy/${slug}`))
  await page.getByRole('radio', { name: words.mpesa }).check()
  await typeInto(page.getByLabel(words.phone), phone)
  await typeInto(page.getByLabel(words.email), `no-script-${run}-${phone}@example.com`)
  await page.getByRole('button', { name: words.pay }).click()
}

test('buys a download by M-Pesa without script: the page waits by itself, then the file downloads', async ({
  page,
  browser,
}) => {
  await page.goto(`/${slug}`)
  await buyByMpesa(page, '0722111222', {
    buy: 'Buy now',
    email: 'E-mail',
    phone: 'M-Pesa phone number',
    mpesa: /^M-Pesa/,
    pay: /^Pay/,
  })
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible()
  await expect(page.getByText('0722 111 222')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('waiting.png') })
  await answerPrompt(browser, '0722111222', 'Pay')
  // No click: the page looks again by itself.
  await expect(page.getByRole('heading', { name: 'Paid — thank you' })).toBeVisible({ timeout: 20_000 })
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: `Download ${fileName}` }).click()
  const download = await downloading
  const bytes = await readFile((await download.path()) ?? '')
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(
    createHash('sha256').update(fileBytes).digest('hex'),
  )
})

test('in Kiswahili: a refused prompt says why, and Try again sends a new one', async ({ page, browser }) => {
  await page.goto(`/${slug}?lang=sw`)
  await buyByMpesa(page, '0722333444', {
    buy: 'Nunua sasa',
    email: 'Barua pepe',
    phone: 'Namba ya simu ya M-Pesa',
    mpesa: /^M-Pesa/,
    pay: /^Lipa/,
  })
  await expect(page.getByRole('heading', { name: 'Angalia simu yako' })).toBeVisible()
  await answerPrompt(browser, '0722333444', 'Cancel')
  await expect(page.getByRole('heading', { name: 'Malipo hayakufanikiwa' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('alert')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Lipa kwa njia nyingine' })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('failed-sw.png') })
  await page.getByRole('button', { name: 'Jaribu tena' }).click()
  await expect(page.getByRole('heading', { name: 'Angalia simu yako' })).toBeVisible()
  await answerPrompt(browser, '0722333444', 'Pay')
  await expect(page.getByRole('heading', { name: 'Imelipwa — asante' })).toBeVisible({ timeout: 20_000 })
})
