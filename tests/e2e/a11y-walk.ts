import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import type { NodeResult, Result } from 'axe-core'
import { type AppRoute, appRoutes } from '../../contract/routes'
import { categorySlug } from '../../contract/storefront'
import { buyByCard, DEMO_ADMIN, DEMO_HANDLE, DEMO_SELLER, demoProducts, newBuyer } from './demo'
import { expect, test } from './fixtures'
import { rendered } from './rendered'
import { rpc } from './seller'
import { keepAccountLanguage } from './session'

/**
 * Every page of the route table through axe-core on a phone (390×844): signed out, as a buyer and as the
 * demo seller (and /admin as the demo admin), each in light and dark, in English and again in Kiswahili
 * (whose longer words must fit too: nothing may scroll sideways or cut a button's words, and the page
 * names its language). Parameters come from the demo data:
 * a product, the service to book, a category, the storefront, and an order the buyer paid by card.
 * Violations are reported per route with their rule ids and targets (attached as a11y-violations.txt);
 * there must be none.
 */

// `color-contrast` findings are always attached too (a11y-contrast.txt, with the colours axe measured, and
// what it could not measure), to read when a palette changes.

/** Rules axe leaves off by default that a phone-first app should pass too. */
const EXTRA_RULES = [
  'duplicate-id',
  'duplicate-id-active',
  // WCAG 2.2 AA: targets of at least 24 px, or spaced apart.
  'target-size',
  // WCAG 2.5.3: a control's name contains its visible words, so voice control finds it.
  'label-content-name-mismatch',
]
/** Only these can change with the colour scheme: the dark pass runs them alone. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

export type Role = 'signed out' | 'buyer' | 'seller' | 'admin'
type Theme = 'light' | 'dark'
type Lang = 'en' | 'sw'

interface Finding {
  /** The route, and where it landed when it sent this role elsewhere. */
  page: string
  theme: Theme | 'layout'
  rule: string
  impact: string
  /** `incomplete`: axe could not decide (contrast over an image, or a covered element). */
  kind: 'violation' | 'incomplete'
  nodes: { target: string; detail: string }[]
}

const demo = {
  product: '',
  service: '',
  event: '',
  category: '',
  orderId: '',
  accessKey: '',
  invoiceId: '',
  sellerId: '',
}
const tokens: Record<Role, string> = { 'signed out': '', buyer: '', seller: '', admin: '' }

/** The demo data a walk opens pages with: a purchase, an invoice sent, the demo seller's id. */
async function prepare({ request }: { request: APIRequestContext }) {
  tokens.seller = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
  tokens.admin = (await rpc<{ token: string }>(request, 'signIn', DEMO_ADMIN)).token
  const buyer = await newBuyer(request, 'a11y')
  tokens.buyer = buyer.token
  const products = await demoProducts(request, tokens.seller)
  const digital = products.find((p) => p.kind === 'digital' && p.category)
  const service = products.find((p) => p.kind === 'service')
  if (!digital?.category || !service) throw new Error('the demo data has no digital product or service')
  demo.product = digital.slug
  demo.category = categorySlug(digital.category)
  demo.service = service.slug
  demo.event = products.find((p) => p.kind === 'event')?.id ?? ''
  Object.assign(demo, await buyByCard(request, digital.id, { token: buyer.token }))
  // An invoice the seller has sent: two lines, VAT and a deposit, so its page shows everything it can.
  const today = new Date().toISOString().slice(0, 10)
  const { invoice } = await rpc<{ invoice: { id: string } }>(
    request,
    'createInvoice',
    {
      invoice: {
        client: { name: 'Amani Studio', email: 'amani.a11y@example.com', phone: '0712345678' },
        currency: 'KES',
        lines: [
          { description: 'Logo design', quantityMilli: 1000, unitPrice: 15_000_00 },
          { description: 'Brand guide pages', quantityMilli: 4000, unitPrice: 2_500_50 },
        ],
        taxes: [{ name: 'VAT', rateBps: 1600, inclusive: false }],
        deposit: { kind: 'percent', bps: 5000 },
        issueDate: today,
        dueDate: today,
      },
    },
    tokens.seller,
  )
  await rpc(request, 'sendInvoice', { invoiceId: invoice.id }, tokens.seller)
  demo.invoiceId = invoice.id
  const found = await rpc<{ users: { id: string }[] }>(request, 'listUsers', { q: DEMO_HANDLE }, tokens.admin)
  demo.sellerId = found.users[0]?.id ?? ''
}

/** A route of the table with its parameters filled from the demo data, as `role` opens it. */
function pathOf(route: AppRoute, role: Role): string {
  // Signed out, the buyer's order opens with its access key, as the receipt's link does.
  const key = role === 'signed out' ? `key=${demo.accessKey}` : ''
  const params: Partial<Record<AppRoute, string>> = {
    '/explore/$category': `/explore/${demo.category}`,
    '/creators/$handle': `/creators/${DEMO_HANDLE}`,
    '/download/$id': `/download/${demo.orderId}${key ? `?${key}` : ''}`,
    '/book/$slug': `/book/${demo.service}`,
    '/account/invoices/$id': `/account/invoices/${demo.invoiceId}`,
    // A buyer of the demo's sales.
    '/account/check-in/$eventId': `/account/check-in/${demo.event}`,
    '/account/customers/$key': `/account/customers/${encodeURIComponent('e:amina@soko.test')}`,
    '/admin/people/$id': `/admin/people/${demo.sellerId}`,
    '/admin/orders/$id': `/admin/orders/${demo.orderId}`,
    '/reset/$id': '/reset/not-a-real-reset-token',
    '/verify/account/$token': '/verify/account/not-a-real-token',
    '/sucess-payment': `/sucess-payment?order=${demo.orderId}${key ? `&${key}` : ''}`,
    '/$product': `/${demo.product}`,
  }
  const path = params[route] ?? route
  if (path.includes('$')) throw new Error(`${route}: give its parameter a value from the demo data here`)
  return path
}

/** axe's words for a node: the colours it measured for contrast, else the first line of its summary. */
function detail(rule: string, node: NodeResult): string {
  const data = [...node.any, ...node.all, ...node.none].find((check) => check.data)?.data as
    | { fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string }
    | undefined
  if (rule === 'color-contrast' && data?.fgColor)
    return `${data.fgColor} on ${data.bgColor}: ${data.contrastRatio} (needs ${data.expectedContrastRatio})`
  return (node.failureSummary ?? node.any[0]?.message ?? '').split('\n').slice(0, 2).join(' ').trim()
}

function findings(results: Result[], kind: Finding['kind'], page: string, theme: Theme): Finding[] {
  return results
    .filter((r) => kind === 'violation' || r.id === 'color-contrast')
    .map((r) => ({
      page,
      theme,
      rule: r.id,
      impact: r.impact ?? '',
      kind,
      nodes: r.nodes.map((n) => ({ target: n.target.join(' '), detail: detail(r.id, n) })),
    }))
}

/**
 * axe-core as @axe-core/playwright pairs it, put into every page the test opens as the page starts
 * (`addInitScript`): far cheaper than AxeBuilder sending its 500 KB again before each of two passes a page.
 */
const AXE_SCRIPT = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
  'axe-core/axe.min.js',
)
/** What AxeBuilder injects instead: axe is already in the page. */
const AXE_ALREADY_IN_PAGE = 'void 0'

async function scan(page: Page, label: string, theme: Theme, lang: Lang): Promise<Finding[]> {
  let axe = new AxeBuilder({ page, axeSource: AXE_ALREADY_IN_PAGE })
    // The page has no frames: axe runs in it directly, without a blank page to merge frames' results.
    .setLegacyMode()
    .options({
      resultTypes: ['violations', 'incomplete'],
      rules: Object.fromEntries(EXTRA_RULES.map((rule) => [rule, { enabled: true }])),
    })
  if (theme === 'dark') axe = axe.withRules(COLOUR_RULES)
  // Colours do not change with the language, and contrast is axe's slowest rule: English measures it.
  else if (lang !== 'en') axe = axe.disableRules(COLOUR_RULES)
  const results = await axe.analyze()
  return [
    ...findings(results.violations, 'violation', label, theme),
    ...findings(results.incomplete, 'incomplete', label, theme),
  ]
}

/**
 * What a phone's width does to the page's words: a page wider than the screen (it scrolls sideways), a
 * button or button-like link whose words overflow it, and a page that does not name its language.
 */
async function layout(page: Page, label: string, lang: Lang): Promise<Finding[]> {
  const problems = await page.evaluate((expected) => {
    const found: { target: string; detail: string }[] = []
    const root = document.documentElement
    if (root.lang !== expected)
      found.push({ target: 'html', detail: `lang="${root.lang}", not "${expected}"` })
    if (root.scrollWidth > window.innerWidth)
      found.push({
        target: 'html',
        detail: `${root.scrollWidth} px wide on a ${window.innerWidth} px screen`,
      })
    for (const el of document.querySelectorAll<HTMLElement>('button, a.button, [role="button"], .button')) {
      if (el.offsetParent === null || el.clientWidth === 0) continue
      if (el.scrollWidth > el.clientWidth + 1)
        found.push({
          target: `${el.tagName.toLowerCase()} "${el.innerText.trim().slice(0, 40)}"`,
          detail: `its words need ${el.scrollWidth} px, it has ${el.clientWidth}`,
        })
    }
    return found
  }, lang)
  return problems.length > 0
    ? [
        {
          page: `${label} (${lang})`,
          theme: 'layout',
          rule: 'fits-a-phone',
          impact: 'serious',
          kind: 'violation',
          nodes: problems,
        },
      ]
    : []
}

const describe = (f: Finding) =>
  `${f.page} [${f.theme}] ${f.rule} (${f.impact}${f.kind === 'incomplete' ? ', needs review' : ''}):\n${f.nodes
    .map((n) => `    ${n.target} — ${n.detail}`)
    .join('\n')}`

// The admin area's pages show others one "Admins only" page (or sign-in): /admin stands for them all.
const everyoneElse = appRoutes.filter((route) => route === '/admin' || !route.startsWith('/admin'))
const roleRoutes: Record<Role, readonly AppRoute[]> = {
  'signed out': everyoneElse,
  buyer: everyoneElse,
  seller: everyoneElse,
  admin: appRoutes.filter((route) => route.startsWith('/admin')),
}
/** Pages anyone can open whose content changes for someone signed in (beyond the account menu). */
const SIGNED_IN_CHANGES: readonly AppRoute[] = [
  '/',
  '/$product',
  '/book/$slug',
  '/download/$id',
  '/sucess-payment',
]
const isPublic = (route: AppRoute) =>
  !route.startsWith('/account') && !route.startsWith('/admin') && route !== '/downloads'
/**
 * The pages a walk reads. Pages anyone can open look the same signed in but for the account menu (which
 * every account page shows too): the signed-out walks read them in both languages, and the seller's
 * English walk signed in, light and dark; the buyer's walks and the seller's in Kiswahili read the pages
 * only the signed in have, and those that change for them.
 */
function routesOf(role: Role, lang: Lang): readonly AppRoute[] {
  if (role === 'buyer' || (role === 'seller' && lang === 'sw'))
    return roleRoutes[role].filter((route) => !isPublic(route) || SIGNED_IN_CHANGES.includes(route))
  return roleRoutes[role]
}

/**
 * The walks of these roles, one test per role and language so that each fits its time on a slow machine;
 * a spec file calls it for some roles (a11y.spec.ts, a11y-signed-in.spec.ts), so that the suite's workers
 * share the walks.
 */
export function walkEveryPage(roles: readonly Role[]) {
  test.describe.configure({ mode: 'serial' })
  // A phone. No service worker: a scan must not meet a page the worker is reloading.
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' })
  test.beforeAll(prepare)
  for (const role of roles) for (const lang of ['en', 'sw'] as const) walk(role, lang)
}

function walk(role: Role, lang: Lang) {
  const who = role === 'signed out' ? 'signed out' : `as the ${role}`
  // Colours do not change with the language: the dark pass runs once, in English.
  const themes = lang === 'en' ? (['light', 'dark'] as const) : (['light'] as const)
  const how = lang === 'en' ? 'in English, light and dark' : 'in Kiswahili'
  test(`every page passes axe ${who} ${how}, and fits a phone`, async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000)
    await context.addInitScript({ path: AXE_SCRIPT })
    if (tokens[role])
      await context.addCookies([{ name: 'auth_token', value: tokens[role], url: baseURL ?? '' }])
    // The walk reads the pages in Kiswahili without making it the demo accounts' language.
    await keepAccountLanguage(context)
    await context.addCookies([{ name: 'lang', value: lang, url: baseURL ?? '' }])
    const found: Finding[] = []
    // A route that sends this role elsewhere (an account page, signed out, goes to /login) is scanned once.
    const seen = new Set<string>()
    for (const route of routesOf(role, lang)) {
      // Reduced motion: a theme's colours are measured as they settle, not mid-transition from the other.
      await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
      await page.goto(pathOf(route, role), { waitUntil: 'domcontentloaded' })
      await rendered(page)
      const landed = new URL(page.url()).pathname
      if (seen.has(landed)) continue
      seen.add(landed)
      const at = landed === new URL(pathOf(route, role), baseURL).pathname ? route : `${route} → ${landed}`
      const label = lang === 'en' ? at : `${at} in Kiswahili`
      found.push(...(await layout(page, at, lang)))
      for (const theme of themes) {
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
        found.push(...(await scan(page, label, theme, lang)))
      }
    }
    const contrast = found.filter((f) => f.rule === 'color-contrast')
    const failing = found.filter((f) => f.kind === 'violation')
    await testInfo.attach('a11y-contrast.txt', {
      body: contrast.map(describe).join('\n') || 'none',
      contentType: 'text/plain',
    })
    await testInfo.attach('a11y-violations.txt', {
      body: failing.map(describe).join('\n') || 'none',
      contentType: 'text/plain',
    })
    expect(failing.map(describe), `axe violations ${who} ${how}`).toEqual([])
  })
}
