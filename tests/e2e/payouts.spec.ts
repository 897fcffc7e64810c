import { randomBytes, randomInt } from 'node:crypto'

import { buyByCard, DEMO_ADMIN, DEMO_SELLER, newBuyer } from './demo'
import { expect, test } from './fixtures'
import { newSeller, rpc, sellDigitalProduct } from './seller'
import { signIn } from './session'
import { addMpesa, available, typeInto, withdraw } from './withdraw'

/**
 * The demo seller gets their money: adds an M-Pesa number confirmed with the code the SMS sandbox shows on
 * the sandbox phone, withdraws instantly (a first payout: the demo admin approves it), and sees it paid
 * with the receipt; then a payout to a number that is not on M-Pesa ends failed, explained, money back.
 * The server runs with HOLD_DAYS=0 and no wait for new destinations (worker-server.ts).
 */

const PHONE_VIEWPORT = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const run = randomBytes(3).toString('hex')
/** A number of this run only, so the sandbox phone's inbox holds this run's code. */
const MPESA = `0798${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
/** The M-Pesa sandbox's number that is not registered on M-Pesa (B2C result 2040). */
const NOT_ON_MPESA = '0700000701'

test.use({ ...PHONE_VIEWPORT, serviceWorkers: 'block' })

test.beforeAll(async ({ request }) => {
  const token = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
  const product = await sellDigitalProduct(
    request,
    token,
    {
      title: `Kikoi patterns ${run}`,
      description: 'Vector patterns.',
      price: { amount: 3_000_00, currency: 'KES' },
    },
    [{ name: `kikoi-${run}.zip`, bytes: Buffer.from('PK\u0003\u0004 kikoi') }],
  )
  const buyer = await newBuyer(request, 'payouts')
  await buyByCard(request, product.id, { token: buyer.token })
})

test('the demo seller adds an M-Pesa number, withdraws instantly, and sees it paid; a bad number fails, explained', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await signIn(page, DEMO_SELLER.email, DEMO_SELLER.password)
  await page.goto('/account/withdraw')
  await expect(page.getByRole('heading', { level: 1, name: 'Withdraw' })).toBeVisible()
  const before = await available(page)
  expect(before).toBeGreaterThanOrEqual(2_850)

  await addMpesa(page, context, MPESA)
  const last4 = MPESA.slice(-3)
  await withdraw(page, '1000', new RegExp(`M-Pesa .*${last4}$`))
  await expect(page.getByText(/Payout of KES.*waiting for approval/)).toBeVisible()
  await expect(page.locator('.payout').first()).toContainText('Waiting for approval')

  // The demo admin approves it, from the admin area on a desktop.
  const desk = await browser.newContext({ baseURL, serviceWorkers: 'block' })
  const admin = await desk.newPage()
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password)
  await admin.goto('/admin/payouts')
  const waiting = admin.locator('.card', { hasText: `${last4}` }).filter({ hasText: 'Wanjiru' })
  await waiting.getByRole('button', { name: 'Approve' }).click()
  await expect(admin.getByText('No payout is waiting for approval.')).toBeVisible()
  await desk.close()

  // Paid, with M-Pesa's receipt, and the balance is lower by what was withdrawn.
  await expect(async () => {
    await page.reload()
    await expect(page.locator('.payout').first()).toContainText('Paid', { timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  const paid = page.locator('.payout').first()
  await expect(paid).toContainText(/Receipt \w{6,}/)
  await paid.getByText('What happened').click()
  await expect(paid.locator('.timeline')).toContainText('Approved by the Soko team')
  await expect(paid.locator('.timeline')).toContainText(/Paid to M-Pesa/)
  await expect.poll(() => available(page)).toBeCloseTo(before - 1_000, 2)

  // A number that is not on M-Pesa: the payout fails, says why and what to do, and the money is back.
  await addMpesa(page, context, NOT_ON_MPESA)
  await withdraw(page, '500', /M-Pesa .*701$/)
  const failed = page.locator('.payout').first()
  await expect(async () => {
    await page.reload()
    await expect(failed).toContainText('Failed — money back in your balance', { timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  await expect(failed).toContainText('Number not registered on M-Pesa')
  await expect(failed).toContainText(/withdraw again/)
  await expect.poll(() => available(page)).toBeCloseTo(before - 1_000, 2)
})

test('a new seller confirms their identity, the demo admin approves it, and the withdraw page lets them withdraw', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // A seller who opened a storefront a moment ago.
  const email = `new-seller-${run}@example.com`
  const password = 'a-long-walk-to-lamu'
  await newSeller(request, {
    name: `Baraka ${run}`,
    email,
    password,
    handle: `baraka-${run}`,
    displayName: `Baraka Prints ${run}`,
    phone: '0712000111',
  })
  await signIn(page, email, password)
  await page.goto('/account/withdraw')
  await expect(page.getByText('Before your first payout, confirm who you are')).toBeVisible()
  await page.getByRole('link', { name: 'Confirm your identity' }).click()
  await expect(page).toHaveURL(/\/account\/verify$/)
  await typeInto(page, 'Full legal name', `Baraka Otieno ${run}`)
  // A date field takes its parts in the browser's order: month, day, year in US English.
  await page.getByLabel('Date of birth').click()
  await page.keyboard.type('05171990')
  await typeInto(page, 'Document number', '31234567')
  await typeInto(page, 'Address', 'Moi Avenue, Mombasa')
  await page.getByRole('button', { name: 'Send for review' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'In review' })).toBeVisible()

  // The demo admin reviews it on a desktop.
  const desk = await browser.newContext({ baseURL, serviceWorkers: 'block' })
  const admin = await desk.newPage()
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password)
  await admin.goto('/admin/reviews')
  const card = admin.locator('.card', { hasText: `Baraka Prints ${run}` })
  await card.getByRole('button', { name: 'Approve' }).click()
  await expect(card).toHaveCount(0)
  await desk.close()

  await page.goto('/account/withdraw')
  await expect(page.getByRole('heading', { name: 'Where you get paid' })).toBeVisible()
  await expect(page.getByText('Before your first payout, confirm who you are')).toHaveCount(0)
})
