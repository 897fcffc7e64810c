import { randomBytes } from 'node:crypto'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { buyByCard, DEMO_SELLER, newBuyer } from './demo'
import { expect, test } from './fixtures'
import { setOffline, trackOnLine } from './offline'
import { rendered } from './rendered'
import { rpc, sellDigitalProduct } from './seller'
import { typeInto } from './typing'

/**
 * Pages before the framework: on a slow connection (here Save-Data, which the server turns into the
 * `soko_load=lite` cookie) the public pages are the server's HTML with a small script, never the app; the
 * account's pages load the app; and a returning visitor's worker answers public pages with the server's
 * HTML (network first, its kept copy offline), not the empty shell.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' }
const run = randomBytes(3).toString('hex')
const title = `Rain on Lamu ${run}`
const fileName = `rain-${run}.wav`
let slug = ''
let productId = ''

/** A second of quiet 8 kHz mono sound, as a WAV file a browser can play. */
function wav(): Buffer {
  const samples = 8000
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + samples, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(8000, 24)
  header.writeUInt32LE(8000, 28)
  header.writeUInt16LE(1, 32)
  header.writeUInt16LE(8, 34)
  header.write('data', 36)
  header.writeUInt32LE(samples, 40)
  return Buffer.concat([header, Buffer.alloc(samples, 128)])
}

test.use(PHONE)

test.beforeAll(async ({ request }) => {
  const token = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
  const product = await sellDigitalProduct(
    request,
    token,
    {
      title,
      description: 'Rain on a tin roof, recorded in Lamu.',
      price: { amount: 300_00, currency: 'KES' },
    },
    [{ name: fileName, bytes: wav(), type: 'audio/wav' }],
  )
  slug = product.slug
  productId = product.id
})

/** A phone asking to save data: every page it opens is told to load lite. */
async function saveDataPhone(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ ...PHONE, baseURL, extraHTTPHeaders: { 'Save-Data': 'on' } })
  await trackOnLine(context)
  const scripts: string[] = []
  context.on('request', (request) => {
    const type = request.resourceType()
    if (type === 'script' || type === 'stylesheet') scripts.push(new URL(request.url()).pathname)
  })
  return { context, scripts }
}

/** The small script has run, and the app has not. */
async function lite(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-lite', 'started')
  expect(await page.locator('html').getAttribute('data-build')).toBeNull()
  const main = await page.evaluate(() =>
    Object.keys(document.querySelector('main') ?? {}).some((key) => key.startsWith('__reactFiber$')),
  )
  expect(main).toBe(false)
}

/** Chromium's install offer, as a visitor who qualifies gets it; `window.prompted` says it was shown. */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        ;(window as unknown as { prompted: boolean }).prompted = true
      },
    })
    window.dispatchEvent(event)
  })
}

test('on a slow connection the storefront and a product are HTML with a small script: install, share, buy', async ({
  browser,
  baseURL,
}) => {
  const { context, scripts } = await saveDataPhone(browser, baseURL)
  const page = await context.newPage()
  await page.goto('/')
  await lite(page)
  // The small script alone: not the app, nor the whole stylesheet (the page's own rules are in it).
  expect(scripts.filter((script) => script.startsWith('/assets/'))).toEqual([
    expect.stringMatching(/^\/assets\/lite-[\w-]+\.js$/),
  ])
  // The install offer as the app shows it on a phone, floating at the bottom, and the browser's dialog on a tap.
  await offerInstall(page)
  await expect(page.getByText('Soko works offline from your home screen.')).toBeVisible()
  const install = page.getByRole('button', { name: 'Install Soko' })
  await install.click()
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true)
  await expect(install).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('lite-home-phone.png'), fullPage: true })

  // Search, then the product, page to page as HTML.
  await page.getByRole('searchbox', { name: 'Search products' }).click()
  await page.keyboard.type(title)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/explore\?q=/)
  await lite(page)
  await page
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click()
  await expect(page).toHaveURL(new RegExp(`/${slug}$`))
  await lite(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  // Sharing without a share sheet: WhatsApp and Copy link.
  await expect(page.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/\\?text=.*${slug}`),
  )
  await page.screenshot({ path: test.info().outputPath('lite-product-phone.png'), fullPage: true })
  // Buy: the server's checkout form, typed into, to the M-Pesa prompt.
  await page.getByRole('button', { name: 'Buy now' }).click()
  await expect(page).toHaveURL(new RegExp(`/buy/${slug}`))
  await page.getByRole('radio', { name: /^M-Pesa/ }).check()
  await typeInto(page.getByLabel('M-Pesa phone number'), '0712345678')
  await typeInto(page.getByLabel('E-mail'), `lite.${run}@example.com`)
  await page.getByRole('button', { name: /^Pay/ }).click()
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible()
  expect(scripts.some((script) => /\/assets\/(index|core)-/.test(script))).toBe(false)

  // In Kiswahili too: the language link, and the small script's words in it.
  await page.goto('/')
  await page.getByRole('banner').getByRole('link', { name: 'Kiswahili' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw')
  await lite(page)
  await offerInstall(page)
  await expect(page.getByRole('button', { name: 'Weka Soko' })).toBeVisible()
  await page.getByRole('button', { name: 'Si sasa' }).click()
  await expect(page.getByRole('button', { name: 'Weka Soko' })).toHaveCount(0)
  await context.close()
})

test('on a slow connection the library loads the app, and a kept file plays with no network', async ({
  browser,
  baseURL,
  request,
}) => {
  const buyer = await newBuyer(request, 'lite')
  await buyByCard(request, productId, { token: buyer.token })
  const { context, scripts } = await saveDataPhone(browser, baseURL)
  const page = await context.newPage()
  await page.goto('/login')
  await typeInto(page.getByLabel('E-mail'), buyer.email)
  await typeInto(page.getByLabel('Password'), buyer.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/(account|downloads)$/)
  // Public pages stay HTML when signed in; the header leads to the account.
  await page.goto('/')
  await lite(page)
  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click()
  await expect(page).toHaveURL(/\/account$/)
  await rendered(page)
  expect(scripts.some((script) => /\/assets\/index-/.test(script))).toBe(true)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  })
  // The library: the file kept on the phone, then opened with no network.
  await page.goto('/downloads')
  await rendered(page)
  const row = page.locator('.library-row', { hasText: fileName })
  const saving = page.waitForEvent('download')
  await row.getByRole('button', { name: `Download ${fileName}` }).click()
  await expect(row.getByText('Saved on this device')).toBeVisible({ timeout: 30_000 })
  await saving
  await setOffline(context, page, true)
  await page.goto('/downloads')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your downloads')
  const kept = page
    .locator('.library-row', { hasText: fileName })
    .getByRole('link', { name: `Open ${fileName}` })
  const href = await kept.getAttribute('href')
  const seconds = await page.evaluate(
    (src) =>
      new Promise<number>((resolve, reject) => {
        const audio = new Audio(src ?? '')
        audio.addEventListener('loadedmetadata', () => resolve(audio.duration))
        audio.addEventListener('error', () =>
          reject(new Error(`the kept file does not play: ${audio.error?.message}`)),
        )
      }),
    href,
  )
  expect(seconds).toBeCloseTo(1, 1)
  await setOffline(context, page, false)
  await context.close()
})

/** A phone whose worker is installed, as a returning visitor's is. */
async function returningVisitor(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  const context = await browser.newContext({ ...PHONE, baseURL })
  await trackOnLine(context)
  const page = await context.newPage()
  await page.goto('/')
  await rendered(page)
  // The page came with its styles cut to its own rules; the app loaded the whole stylesheet before it
  // started, for the pages it shows next.
  const styles = await page.evaluate(() => ({
    cut: document.querySelector<HTMLStyleElement>('style[data-full]')?.sheet?.cssRules.length ?? 0,
    whole:
      [...document.styleSheets].find((sheet) => sheet.href?.includes('/assets/styles-'))?.cssRules.length ??
      0,
  }))
  expect(styles.cut).toBeGreaterThan(0)
  expect(styles.whole).toBeGreaterThan(styles.cut)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  })
  await page.close()
  return context
}

test('a returning visitor’s worker answers a product page with the server’s HTML, and its kept copy offline', async ({
  browser,
  baseURL,
}) => {
  const context = await returningVisitor(browser, baseURL)
  const page = await context.newPage()
  const visit = await page.goto(`/${slug}`)
  expect(visit?.fromServiceWorker()).toBe(true)
  const html = (await visit?.text()) ?? ''
  expect(html).toContain(`data-prerendered="/${slug}"`)
  expect(html).toContain(`<h1`)
  expect(html).toContain(title)
  await rendered(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)

  await setOffline(context, page, true)
  const offline = await page.goto(`/${slug}`)
  expect(offline?.fromServiceWorker()).toBe(true)
  expect((await offline?.text()) ?? '').toContain(`data-prerendered="/${slug}"`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  // A page never visited is still the app's, saying it is offline.
  await page.goto('/creators')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await setOffline(context, page, false)
  await context.close()
})
