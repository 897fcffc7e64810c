import { randomBytes, randomInt } from 'node:crypto'
import type { Page } from '@playwright/test'
import { buyByCard, DEMO_ADMIN, newBuyer } from './demo'
import { expect, test } from './fixtures'
import { rendered } from './rendered'
import { newSeller, rpc, sellDigitalProduct, zipBytes } from './seller'
import { signInTyping } from './session'
import { typeInto } from './typing'

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' }
const run = randomBytes(3).toString('hex')

test.use(PHONE)

/** One of the admin area's sections, from the row of chips under the heading. */
async function section(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name, exact: true })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name === 'Overview' ? 'Admin' : name)
}

test('an admin finds a seller by phone, suspends and reinstates them, changes the fee for new orders, and reads it all in the audit log', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000)
  // A seller paid by M-Pesa on a number of their own, with a download on sale, and a buyer's order placed
  // while the fee is still the standard 5%.
  const phone = `07${String(randomInt(10_000_000, 99_999_999))}`
  const typed = `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`
  const seller = {
    email: `baraka.${run}@example.com`,
    password: 'a-long-walk-to-lamu',
    name: `Baraka Otieno ${run}`,
    handle: `baraka-${run}`,
    displayName: `Baraka Prints ${run}`,
    phone,
  }
  const token = await newSeller(request, seller)
  const product = await sellDigitalProduct(
    request,
    token,
    {
      title: `Lamu doors ${run}`,
      description: '<p>Photos.</p>',
      price: { amount: 1_000_00, currency: 'KES' },
    },
    [{ name: 'doors.zip', bytes: zipBytes() }],
  )
  const buyer = await newBuyer(request, 'fees')
  const referenceOf = async (orderId: string) =>
    (await rpc<{ order: { reference: string } }>(request, 'getOrder', { orderId }, buyer.token)).order
      .reference
  const before = await referenceOf((await buyByCard(request, product.id, { token: buyer.token })).orderId)
  const adminToken = (await rpc<{ token: string }>(request, 'signIn', DEMO_ADMIN)).token
  const standard = await rpc<{ terms: Record<string, unknown> }>(request, 'getPlatformTerms', {}, adminToken)

  const admin = await browser.newContext({ ...PHONE, baseURL, serviceWorkers: 'block' })
  const visitor = await browser.newContext({ ...PHONE, baseURL, serviceWorkers: 'block' })
  try {
    const page = await admin.newPage()
    // An admin who signs in lands on the admin's first page.
    await signInTyping(page, DEMO_ADMIN.email, DEMO_ADMIN.password, /\/admin$/)
    await rendered(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin')

    // Found by the phone number as the seller would say it, spaces and all.
    await section(page, 'People')
    await typeInto(page.getByRole('searchbox', { name: 'Find someone' }), typed)
    await page.getByRole('button', { name: 'Search people' }).click()
    const rows = page.locator('.admin-people tbody tr')
    await expect(rows).toHaveCount(1)
    await rows.getByRole('link', { name: seller.name }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(seller.name)

    // Suspended, with the reason the seller will read.
    const reason = `Selling photos copied from another photographer (${run})`
    await page.getByRole('button', { name: 'Suspend…' }).click()
    await typeInto(page.getByLabel(/^Why\? They see this/), reason)
    await page.getByRole('button', { name: 'Suspend account' }).click()
    await expect(page.getByRole('status')).toContainText('is suspended')
    await expect(page.getByText(reason)).toBeVisible()

    // Their product page is gone, and signing in says why.
    const shopper = await visitor.newPage()
    const gone = await shopper.goto(`/${product.slug}`)
    expect(gone?.status()).toBe(404)
    await expect(shopper.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    await shopper.goto('/login')
    await rendered(shopper)
    await typeInto(shopper.getByLabel('E-mail'), seller.email)
    await typeInto(shopper.getByLabel('Password'), seller.password)
    await shopper.getByRole('button', { name: 'Sign in' }).click()
    await expect(shopper.getByRole('alert')).toHaveText(
      `Your account is suspended: ${reason}. If you think this is a mistake, write to us through the contact page.`,
    )
    await expect(shopper.getByRole('alert').getByRole('link', { name: 'the contact page' })).toHaveAttribute(
      'href',
      '/contact-us',
    )

    // Reinstated: the product is back.
    await page.getByRole('button', { name: `Reinstate ${seller.name}` }).click()
    await expect(page.getByRole('status')).toContainText('is reinstated')
    const back = await shopper.goto(`/${product.slug}`)
    expect(back?.status()).toBe(200)
    await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(`Lamu doors ${run}`)

    // The fee goes from 5% to 8%: the next order takes it, the one placed before keeps 5%.
    await section(page, 'Settings')
    await typeInto(page.getByLabel('Soko’s fee (%)'), '8')
    await expect(page.getByText('nothing changed yet')).toHaveCount(0)
    const save = page.getByRole('button', { name: 'Save settings' })
    await save.click()
    // "Saved" next to the button, where the admin is looking, and in view on a phone.
    const saved = save.locator('xpath=..').getByRole('status')
    await expect(saved).toHaveText('Saved 1 change: new orders and payouts use it now.')
    await expect(saved).toBeInViewport()
    const after = await referenceOf((await buyByCard(request, product.id, { token: buyer.token })).orderId)
    await section(page, 'Orders')
    for (const [reference, terms] of [
      // The suite's server holds nothing (HOLD_DAYS=0): never "held 0 days".
      [before, /Soko’s terms5% fee, available at once/],
      [after, /Soko’s terms8% fee, available at once/],
    ] as const) {
      await typeInto(page.getByRole('searchbox', { name: 'Find an order' }), reference)
      await page.getByRole('button', { name: 'Search orders' }).click()
      await page.getByRole('link', { name: reference }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${reference}`)
      await expect(page.locator('.details')).toContainText(terms)
      await section(page, 'Orders')
    }

    // The log has both, with what they changed.
    await section(page, 'Audit log')
    const entries = page.locator('.audit-entry')
    const feeChange = entries.filter({ hasText: 'Changed the platform settings' }).first()
    await expect(feeChange.getByRole('row', { name: /Fee/ })).toContainText(/5%\s*8%/)
    await expect(feeChange).toContainText(`by ${DEMO_ADMIN.email}`)
    // Each entry starts with what was done, in bold.
    const action = (name: string) => page.locator('strong', { hasText: new RegExp(`^${name}$`) })
    const suspension = entries.filter({ has: action('Suspended') }).filter({ hasText: seller.email })
    await expect(suspension).toContainText(`Reason: ${reason}`)
    await expect(suspension.getByRole('row', { name: /Suspended/ })).toContainText(/no\s*yes/)
    await expect(entries.filter({ has: action('Reinstated') }).filter({ hasText: seller.email })).toHaveCount(
      1,
    )
  } finally {
    await rpc(request, 'updatePlatformTerms', { terms: standard.terms }, adminToken)
    await admin.close()
    await visitor.close()
  }
})

test('a visitor reports a product from its page; an admin reads the report and dismisses it', async ({
  browser,
  baseURL,
  request,
}) => {
  const token = await newSeller(request, {
    email: `juma.${run}@example.com`,
    password: 'a-long-walk-to-lamu',
    name: `Juma ${run}`,
    handle: `juma-${run}`,
    displayName: `Juma Beats ${run}`,
    phone: '0712345678',
  })
  const product = await sellDigitalProduct(
    request,
    token,
    {
      title: `Taarab loops ${run}`,
      description: '<p>Loops.</p>',
      price: { amount: 500_00, currency: 'KES' },
    },
    [{ name: 'loops.zip', bytes: zipBytes() }],
  )
  const visitor = await browser.newContext({ ...PHONE, baseURL, serviceWorkers: 'block' })
  const admin = await browser.newContext({ ...PHONE, baseURL, serviceWorkers: 'block' })
  try {
    const page = await visitor.newPage()
    await page.goto(`/${product.slug}`)
    await rendered(page)
    await page.getByText('Report this product').click()
    await page.getByLabel('What is wrong?').selectOption({ label: 'Someone else’s work' })
    await typeInto(page.getByLabel('Details (optional)'), `These loops are from my album (${run}).`)
    await typeInto(page.getByLabel('Your e-mail (optional)'), `dj.${run}@example.com`)
    await page.getByRole('button', { name: 'Send the report' }).click()
    await expect(page.getByRole('status')).toHaveText('Thank you: the Soko team will look at it.')

    const desk = await admin.newPage()
    // An explicit ?redirect= still wins over the admin's own page.
    await desk.goto('/login?redirect=%2Fadmin%2Fproducts')
    await rendered(desk)
    await typeInto(desk.getByLabel('E-mail'), DEMO_ADMIN.email)
    await typeInto(desk.getByLabel('Password'), DEMO_ADMIN.password)
    await desk.getByRole('button', { name: 'Sign in' }).click()
    await expect(desk).toHaveURL(/\/admin\/products$/)
    await desk.goto('/admin')
    await rendered(desk)
    await expect(desk.getByRole('link', { name: /product reports? open/ })).toBeVisible()
    await desk.getByRole('link', { name: /product reports? open/ }).click()
    const report = desk.locator('.card', { hasText: `These loops are from my album (${run}).` })
    await expect(report).toContainText('Someone else’s work')
    await expect(report).toContainText(`by dj.${run}@example.com`)
    await report.getByRole('button', { name: 'Dismiss…' }).click()
    await typeInto(report.getByLabel(/^Why is it fine\?/), 'The seller showed us the licence.')
    await report.getByRole('button', { name: 'Dismiss the report' }).click()
    await expect(desk.locator('.card', { hasText: `These loops are from my album (${run}).` })).toHaveCount(0)
  } finally {
    await visitor.close()
    await admin.close()
  }
})

test('a visitor on a slow link who opens "Report this product" before the app has loaded still gets the form', async ({
  page,
  request,
}) => {
  const explore = (await (await request.get('/explore/_payload.json')).json()) as {
    results: { slug: string }[]
  }
  const slug = explore.results[0]?.slug
  if (!slug) throw new Error('The demo data has no published product')
  // The app's scripts are held back until the visitor has tapped: only the server's HTML is there.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/[^/?]+\.js(\?.*)?$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto(`/${slug}`, { waitUntil: 'commit' })
  await page.getByText('Report this product').click()
  release()
  await expect(page.getByLabel('What is wrong?')).toBeVisible()
})
