// `npm run screenshots`: pictures of every page of the route table (contract/routes.ts), to look at, never a
// test. Builds when stale, starts the built server on a free port with a fresh data folder and the demo data,
// makes a buyer who has bought one download, and writes PNGs of each page on a phone (390×844) and a desktop
// (1280×800), light and dark, into screenshots/{phone,desktop}-{light,dark}/ (git-ignored).
//
//   npm run screenshots                        every page, every viewport and theme
//   npm run screenshots -- / /pricing          only these routes (as written in contract/routes.ts)
//   npm run screenshots -- --phone --light     only phone, only light (--desktop, --dark likewise)
//   npm run screenshots -- --sw                in Kiswahili, into screenshots/{phone,desktop}-{light,dark}-sw/
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright'
import { type AppRoute, appRoutes } from '../contract/routes'
import type { ExplorePage, ProductPage } from '../contract/storefront'
import { startGeoService } from '../tests/support/geo-service'
import { buildIfStale, rootDir, startBuiltServer } from '../tests/support/process'
import { submitSandboxCard } from '../tests/support/sandbox-card'
import { chromiumArgs, findChromium } from './chromium'

type Who = 'visitor' | 'buyer' | 'seller' | 'admin'

interface Shot {
  /** The file's name, without .png. */
  name: string
  url: string
  who: Who
  /** Something to do once the page has loaded (open a menu), before the picture. */
  act?: (page: Page) => Promise<void>
}

const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
} satisfies Record<string, BrowserContextOptions>
const THEMES = ['light', 'dark'] as const

const OUT_DIR = path.join(rootDir, 'screenshots')
const DEMO_PASSWORD = 'soko-demo-2026'
const BUYER = { email: 'amina@example.com', password: 'a-long-walk-to-lamu', name: 'Amina Odhiambo' }

/** Who looks at each page: account pages as the person they are for, the rest signed out. */
function whoFor(route: AppRoute): Who {
  if (route.startsWith('/admin')) return 'admin'
  if (
    ['/account/purchases', '/downloads', '/account/downloads', '/download', '/download/$id'].includes(route)
  )
    return 'buyer'
  if (route === '/sucess-payment') return 'buyer'
  if (route.startsWith('/account') || route === '/invite') return 'seller'
  return 'visitor'
}

async function rpc<T>(base: string, subject: string, input: object, token?: string): Promise<T> {
  const response = await fetch(`${base}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ subject, ...input }),
  })
  const body = (await response.json()) as { statusCode: number; message: string; data: T }
  if (body.statusCode !== 200) throw new Error(`${subject}: ${body.statusCode} ${body.message}`)
  return body.data
}

/** An invoice the demo seller has sent (two lines, VAT, a deposit), for /account/invoices/{id}. */
async function sentInvoice(base: string, token: string): Promise<string> {
  const today = new Date().toISOString().slice(0, 10)
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10)
  const { invoice } = await rpc<{ invoice: { id: string } }>(
    base,
    'createInvoice',
    {
      invoice: {
        client: { name: 'Amani Studio', email: 'amani@example.com', phone: '0712345678' },
        currency: 'KES',
        lines: [
          { description: 'Logo design', quantityMilli: 1000, unitPrice: 15_000_00 },
          { description: 'Brand guide, 4 pages', quantityMilli: 4000, unitPrice: 2_500_50 },
        ],
        taxes: [{ name: 'VAT', rateBps: 1600, inclusive: false }],
        deposit: { kind: 'percent', bps: 5000 },
        issueDate: today,
        dueDate: due,
        notes: 'Thank you for the work together.',
        reminders: [-3, 0, 7],
      },
    },
    token,
  )
  await rpc(base, 'sendInvoice', { invoiceId: invoice.id }, token)
  return invoice.id
}

const json = async <T>(url: string) => (await (await fetch(url)).json()) as T

/** A buyer who has paid for the first digital product by card (the sandbox), and that order's id. */
async function makeBuyer(base: string, digitalSlug: string) {
  const { token } = await rpc<{ token: string }>(base, 'signUp', BUYER)
  const { product } = await json<ProductPage>(`${base}/${digitalSlug}/_payload.json`)
  const started = await rpc<{ orderId: string; accessKey: string; next: { kind: string; url?: string } }>(
    base,
    'startCheckout',
    { productId: product.id, method: 'card' },
    token,
  )
  if (started.next.kind === 'redirect' && started.next.url)
    await submitSandboxCard(started.next.url, '4242424242424242')
  for (let i = 0; i < 50; i++) {
    const { order } = await rpc<{ order: { status: string } }>(base, 'getOrder', {
      orderId: started.orderId,
      key: started.accessKey,
    })
    if (order.status === 'paid') break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { token, orderId: started.orderId }
}

/** The buyer books the demo service's first free time and pays by card: the agenda has a booking. */
async function bookService(base: string, slug: string, token: string): Promise<string> {
  const { product } = await json<ProductPage>(`${base}/${slug}/_payload.json`)
  const { slots } = await rpc<{ slots: { start: string }[] }>(base, 'listSlots', { productId: product.id })
  const started = await rpc<{ orderId: string; next: { kind: string; url?: string } }>(
    base,
    'startCheckout',
    { productId: product.id, method: 'card', slot: slots[0]?.start, timeZone: 'Africa/Nairobi' },
    token,
  )
  if (started.next.kind === 'redirect' && started.next.url)
    await submitSandboxCard(started.next.url, '4242424242424242')
  return started.orderId
}

async function signInToken(base: string, email: string, password: string) {
  return (await rpc<{ token: string }>(base, 'signIn', { email, password })).token
}

/** The stand-in for the geolocation service: a visitor in Kenya, so prices show their KES figure. */
async function shots(
  base: string,
  only: Set<string>,
): Promise<{ shots: Shot[]; tokens: Record<Who, string> }> {
  const explore = await json<ExplorePage>(`${base}/explore/_payload.json`)
  const bySlug = (kind: string) => explore.results.find((p) => p.kind === kind)?.slug ?? ''
  const digital = bySlug('digital')
  const buyer = await makeBuyer(base, digital)
  const tokens: Record<Who, string> = {
    visitor: '',
    buyer: buyer.token,
    seller: await signInToken(base, 'wanjiru@soko.test', DEMO_PASSWORD),
    admin: await signInToken(base, 'admin@soko.test', DEMO_PASSWORD),
  }
  const invoiceId = await sentInvoice(base, tokens.seller)
  const bookingId = await bookService(base, bySlug('service'), tokens.buyer)
  const { product: event } = await json<ProductPage>(`${base}/${bySlug('event')}/_payload.json`)
  const eventId = event.id
  const params: Record<string, string> = {
    $category: explore.categories[0]?.slug ?? 'photography',
    $handle: 'wanjiru',
    $id: buyer.orderId,
    $slug: bySlug('service'),
    $token: 'an-expired-link',
    $product: digital,
    // A buyer of the demo's sales, who also has a draft invoice: the client page with both.
    $key: 'e:amina@soko.test',
    $eventId: eventId,
  }
  const list: Shot[] = []
  for (const route of appRoutes) {
    if (only.size > 0 && !only.has(route)) continue
    let url = route.replace(/\$\w+/g, (name) => params[name] ?? name)
    if (route === '/reset/$id') url = '/reset/an-expired-link'
    if (route === '/sucess-payment') url = `/sucess-payment?order=${buyer.orderId}`
    if (route === '/account/invoices/$id') url = `/account/invoices/${invoiceId}`
    if (route === '/admin/people/$id') url = `/admin/people/${await demoSellerId(base, tokens.admin)}`
    const name = route === '/' ? 'home' : route.slice(1).replaceAll('/', '_').replaceAll('$', '')
    list.push({ name, url, who: whoFor(route) })
    if (route === '/book/$slug')
      list.push({
        name: 'book_slug-chosen',
        url,
        who: 'visitor',
        act: async (page) => {
          // Calendar first: a time chosen opens the booking panel beside (or under) the times.
          await page.locator('.slot-day').getByRole('radio').first().click()
          await page.getByRole('region', { name: 'Book and pay' }).waitFor()
          await page.waitForTimeout(800)
        },
      })
    if (route === '/sucess-payment')
      list.push({ name: 'sucess-payment-booking', url: `/sucess-payment?order=${bookingId}`, who: 'buyer' })
    if (route === '/account/bookings')
      list.push({
        name: 'account_bookings-move',
        url,
        who: 'seller',
        act: async (page) => {
          await page.getByRole('button', { name: 'Move' }).first().click()
          await page.getByText(/^Times in your time zone/).waitFor()
          await page.waitForTimeout(300)
        },
      })
    if (route === '/account/customers')
      list.push({ name: 'account_customers-orders', url: '/account/customers?view=orders', who: 'seller' })
    if (route === '/$product') {
      for (const kind of ['service', 'merch', 'event'])
        list.push({ name: `product-${kind}`, url: `/${bySlug(kind)}`, who: 'visitor' })
      // ?buy=1 opens the checkout by itself, as a Buy pressed before the script arrived does.
      for (const kind of ['digital', 'merch', 'event'])
        list.push({ name: `product-${kind}-checkout`, url: `/${bySlug(kind)}?buy=1`, who: 'visitor' })
    }
    if (route === '/') {
      list.push({ name: 'home-signed-in', url: '/', who: 'buyer' })
      list.push({
        name: 'home-account-menu',
        url: '/',
        who: 'seller',
        act: async (page) => {
          await page.getByRole('button', { name: /Account menu/ }).click()
          await page.waitForTimeout(200)
        },
      })
    }
  }
  return { shots: list, tokens }
}

/** Scrolls the page through, so lazy photos load, and waits for them and the fonts. */
async function loadEverything(page: Page) {
  // A string: this script is compiled without the DOM's types.
  await page.evaluate(`(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y)
      await new Promise((resolve) => setTimeout(resolve, 60))
    }
    scrollTo(0, 0)
    await document.fonts.ready
  })()`)
  await page
    .waitForFunction('Array.from(document.images).every((image) => image.complete)', undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined)
  await page.waitForTimeout(200)
}

async function capture(browser: Browser, base: string, list: Shot[], tokens: Record<Who, string>) {
  const args = process.argv.slice(2)
  const pick = <T extends string>(all: readonly T[]) => {
    const chosen = all.filter((v) => args.includes(`--${v}`))
    return chosen.length ? chosen : all
  }
  const lang = args.includes('--sw') ? 'sw' : 'en'
  for (const device of pick(['phone', 'desktop'] as const))
    for (const theme of pick(THEMES)) {
      const dir = path.join(OUT_DIR, `${device}-${theme}${lang === 'en' ? '' : `-${lang}`}`)
      mkdirSync(dir, { recursive: true })
      for (const who of ['visitor', 'buyer', 'seller', 'admin'] as const) {
        const mine = list.filter((shot) => shot.who === who)
        if (mine.length === 0) continue
        const context = await browser.newContext({
          ...VIEWPORTS[device],
          colorScheme: theme,
          baseURL: base,
          serviceWorkers: 'block',
          reducedMotion: 'reduce',
        })
        if (tokens[who]) await context.addCookies([{ name: 'auth_token', value: tokens[who], url: base }])
        await context.addCookies([{ name: 'lang', value: lang, url: base }])
        const page = await context.newPage()
        for (const shot of mine) {
          try {
            await page.goto(shot.url, { waitUntil: 'networkidle' })
            await loadEverything(page)
            await shot.act?.(page)
            await page.screenshot({ path: path.join(dir, `${shot.name}.png`), fullPage: true })
          } catch (error) {
            console.error(`  ${device}-${theme} ${shot.url}: ${(error as Error).message.split('\n')[0]}`)
          }
        }
        await context.close()
      }
      console.log(`  ${path.relative(rootDir, dir)}/: ${list.length} pages`)
    }
}

async function main() {
  const only = new Set(process.argv.slice(2).filter((arg) => !arg.startsWith('--')))
  const executablePath = findChromium()
  if (!executablePath) throw new Error('No Chromium: set CHROME_PATH or install chromium (see README)')
  buildIfStale()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'soko-screenshots-'))
  const geo = await startGeoService()
  const server = await startBuiltServer(dataDir, { GEO_URL: `${geo.url}/json/` })
  const browser = await chromium.launch({ executablePath, args: chromiumArgs })
  try {
    const { shots: list, tokens } = await shots(server.url, only)
    console.log(`Screenshots of ${list.length} pages into ${path.relative(rootDir, OUT_DIR)}/`)
    await capture(browser, server.url, list, tokens)
  } finally {
    await browser.close()
    await server.stop()
    await geo.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()

/** The demo seller's account id, as the admin finds it. */
async function demoSellerId(base: string, adminToken: string): Promise<string> {
  const found = await rpc<{ users: { id: string }[] }>(base, 'listUsers', { q: 'wanjiru' }, adminToken)
  return found.users[0]?.id ?? ''
}
