import { randomBytes, randomInt } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { localTime } from '../support/zones'
import { buyByCard, DEMO_ADMIN, newBuyer } from './demo'
import { expect, test } from './fixtures'
import { rendered } from './rendered'
import { newSeller, rpc, sellDigitalProduct, zipBytes } from './seller'
import { signInTyping } from './session'
import { typeInto } from './typing'
import { available, codeOnPhone } from './withdraw'

/**
 * Money out in calm steps, on a phone, typed: a new seller (identity checked, one sale in KES and one in
 * US dollars, no destination yet) sees each check of the withdrawal under its field before anything is
 * sent, adds an M-Pesa number from the link under "To", confirms on the sheet that says what arrives,
 * where, when and the fee, and reads what happens next; then saves a weekly schedule whose next run is
 * said in their zone's words, whose minimum a reload keeps, and where letters say "Enter an amount".
 * The suite's server withdraws at once and new destinations wait not at all (worker-server.ts).
 */

const run = randomBytes(3).toString('hex')
const MPESA = `0795${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
const seller = {
  email: `zawadi.${run}@example.com`,
  password: 'a-long-walk-to-lamu',
  name: `Zawadi Mwangi ${run}`,
  handle: `zawadi-${run}`,
  displayName: `Zawadi Prints ${run}`,
  phone: '0712000222',
}
/** WCAG 2.2's target size and voice control's names, which axe leaves off by default (as the accessibility walks, a11y-walk.ts). */
const EXTRA_RULES = ['duplicate-id', 'target-size', 'label-content-name-mismatch']

test.describe.configure({ mode: 'serial' })
// A phone whose clock is in New York: what the schedule says is in the seller's zone (Nairobi), not the phone's.
test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  serviceWorkers: 'block',
  locale: 'en-US',
  timezoneId: 'America/New_York',
})

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000)
  const token = await newSeller(request, seller)
  const buyer = await newBuyer(request, 'steps')
  for (const price of [
    { amount: 3_000_00, currency: 'KES' },
    { amount: 20_00, currency: 'USD' },
  ]) {
    const product = await sellDigitalProduct(
      request,
      token,
      { title: `Kanga prints ${price.currency} ${run}`, description: '<p>Prints.</p>', price },
      [{ name: 'kanga.zip', bytes: zipBytes() }],
    )
    await buyByCard(request, product.id, { token: buyer.token })
  }
  const admin = (await rpc<{ token: string }>(request, 'signIn', DEMO_ADMIN)).token
  const { verification } = await rpc<{ verification: { id: string } }>(
    request,
    'submitSellerVerification',
    {
      legalName: seller.name,
      dateOfBirth: '1991-07-09',
      documentKind: 'national-id',
      documentNumber: '30123456',
      address: 'Biashara Street, Nairobi',
    },
    token,
  )
  await rpc(request, 'reviewSellerVerification', { id: verification.id, decision: 'approve' }, admin)
})

/** How many requests to Soko named `subject`: the checks send nothing. */
function counting(page: Page, subject: string) {
  let sent = 0
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.postData()?.includes(`"subject":"${subject}"`)) sent++
  })
  return () => sent
}

async function axeClean(page: Page, where: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    const { violations } = await new AxeBuilder({ page })
      .options({ rules: Object.fromEntries(EXTRA_RULES.map((rule) => [rule, { enabled: true }])) })
      .analyze()
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `${where}, ${scheme}`,
    ).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

test('a new seller withdraws in three steps: each check said under its field before anything is sent, the confirmation sheet, then what happens next', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  const requests = counting(page, 'requestPayout')
  await signInTyping(page, seller.email, seller.password)
  await page.goto('/account/withdraw')
  await rendered(page)

  // 1. The balance, per currency.
  await expect(page.getByText('Available in KES')).toBeVisible()
  await expect(page.getByText('Available in USD')).toBeVisible()
  const kes = await available(page)
  expect(kes).toBeGreaterThanOrEqual(2_000)

  // 2. How much and where. No destination takes KES yet: said under "To", with a way to add one.
  const form = page.locator('.withdraw-form')
  const to = form.getByRole('group', { name: 'To' })
  await expect(to).toHaveAccessibleDescription(
    'No destination can take KES yet. Add an M-Pesa number or a bank account in KES',
  )
  await form.getByRole('radio', { name: /^USD/ }).check()
  await expect(to).toHaveAccessibleDescription(
    'No destination can take USD yet. Add a PayPal e-mail or a bank account in USD',
  )
  await form.getByRole('radio', { name: /^KES/ }).check()
  // The button is never greyed out: pressed, it says what is missing, under the field, and sends nothing.
  const amount = form.getByLabel('Amount (KES)')
  await form.getByRole('button', { name: 'Continue' }).click()
  await expect(amount).toBeFocused()
  await expect(amount).toHaveAttribute('aria-invalid', 'true')
  await expect(amount).toHaveAccessibleDescription(/Enter an amount$/)
  await axeClean(page, 'the withdrawal with its checks said')

  // The link under "To" opens the form that adds a destination: an M-Pesa number, confirmed by SMS code.
  await to.getByRole('link', { name: 'Add an M-Pesa number or a bank account in KES' }).click()
  const adding = page.locator('#add-destination')
  await expect(adding).toHaveAttribute('open', '')
  await adding.getByRole('radio', { name: 'M-Pesa', exact: true }).check()
  await typeInto(adding.getByLabel('M-Pesa number'), MPESA)
  await adding.getByRole('button', { name: 'Send the code' }).click()
  await typeInto(adding.getByLabel('Code from the SMS'), await codeOnPhone(context, MPESA))
  await adding.getByRole('button', { name: 'Add this destination' }).click()
  await expect(page.getByText(/^Added M-Pesa/)).toBeVisible()
  const mpesa = form.getByRole('radio', { name: new RegExp(`M-Pesa .*${MPESA.slice(-3)}$`) })
  await expect(mpesa).toBeChecked()
  await expect(to).not.toHaveAccessibleDescription(/No destination/)

  // Each check is said under the amount as it is typed (or, where more keys could mend it, once it is left).
  const checks: [string, string | RegExp][] = [
    ['abc', 'Enter an amount in numbers, like 1500'],
    ['1500.50', 'M-Pesa pays KES in whole shillings: enter 1500, without the cents'],
    [String(Math.ceil(kes) + 1000), /^That is more than your available KES\s[\d,]+\.\d{2}$/],
    ['0', 'Enter an amount above zero'],
  ]
  for (const [typed, said] of checks) {
    await typeInto(amount, typed)
    if (typed === '0') await page.keyboard.press('Tab')
    const error = form.locator('.field-error', { hasText: said })
    await expect(error, typed).toBeVisible()
    await expect(error).toHaveAttribute('role', 'alert')
    await expect(amount).toHaveAttribute('aria-invalid', 'true')
    await expect(amount).toHaveAccessibleDescription(
      said instanceof RegExp ? /That is more than/ : new RegExp(`${said.replace(/[.()]/g, '\\$&')}$`),
    )
    await form.getByRole('button', { name: 'Continue' }).click()
    await expect(form.getByRole('heading', { name: 'Check and confirm' })).toHaveCount(0)
  }
  expect(requests()).toBe(0)

  // Before the first payout: it waits for an approval, and how long that usually takes.
  await expect(
    form.getByText('Your first payout waits for the Soko team’s approval, usually within a working day.'),
  ).toBeVisible()
  await typeInto(amount, '1,000')
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true')
  await form.getByRole('radio', { name: /^Instant/ }).check()
  await expect(form.getByRole('status').filter({ hasText: 'You receive' })).toContainText('KES 985.00')
  await form.getByRole('button', { name: 'Continue' }).click()

  // 3. The sheet: what arrives, where, when and the fee; Back keeps what was typed.
  const sheet = form.getByRole('heading', { name: 'Check and confirm' })
  await expect(sheet).toBeFocused()
  await expect(form.locator('.confirm-arrives')).toHaveText(/You receive\s+KES\s985\.00/)
  const facts = form.locator('.confirm-facts')
  await expect(facts.locator('dd').nth(0)).toHaveText(new RegExp(`^M-Pesa .*${MPESA.slice(-3)}$`))
  await expect(facts.locator('dd').nth(1)).toHaveText(
    'After the Soko team’s approval (usually within a working day), then within a few minutes',
  )
  await expect(facts.locator('dd').nth(2)).toHaveText('KES 15.00 (instant, 1.5%)')
  await expect(facts.locator('dd').nth(3)).toHaveText(
    /^KES\s1,000\.00, leaving KES\s[\d,]+\.\d{2} available$/,
  )
  await axeClean(page, 'the confirmation sheet')
  await form.getByRole('button', { name: 'Back' }).click()
  await expect(amount).toHaveValue('1,000')
  expect(requests()).toBe(0)
  await form.getByRole('button', { name: 'Continue' }).click()
  await form.getByRole('button', { name: 'Confirm' }).click()

  // Then the result: the status, and what happens next.
  await expect(form.getByRole('heading', { name: 'Withdrawal requested' })).toBeFocused()
  await expect(form.getByRole('status')).toContainText(
    new RegExp(`^Payout of KES\\s985\\.00 to M-Pesa .*${MPESA.slice(-3)}: waiting for approval\\.`),
  )
  await expect(form.getByRole('status')).toContainText(
    'The Soko team approves it usually within a working day; then it arrives within a few minutes.',
  )
  expect(requests()).toBe(1)
  await expect(page.locator('.payout').first()).toContainText('Waiting for approval')
  await expect.poll(() => available(page)).toBeCloseTo(kes - 1_000, 2)
  await form.getByRole('button', { name: 'Make another withdrawal' }).click()
  await expect(amount).toHaveValue('')
})

test('the schedule says its next run in the seller’s zone, keeps its minimum after a reload, and letters say “Enter an amount”', async ({
  page,
}) => {
  const saves = counting(page, 'updatePayoutSchedule')
  await signInTyping(page, seller.email, seller.password)
  await page.goto('/account/withdraw')
  await rendered(page)
  const schedule = page.getByRole('region', { name: 'Scheduled payouts' })
  await schedule.getByLabel('How often').selectOption({ label: 'Every week' })
  await schedule.getByLabel('Day').selectOption({ label: 'Friday' })
  const minimum = schedule.getByLabel('Only when at least (optional)')
  await typeInto(minimum, 'abc')
  await expect(minimum).toHaveAttribute('aria-invalid', 'true')
  await expect(minimum).toHaveAccessibleDescription(/Enter an amount$/)
  await expect(schedule.getByText('cannot be negative')).toHaveCount(0)
  await schedule.getByRole('button', { name: 'Save the schedule' }).click()
  await expect(minimum).toBeFocused()
  expect(saves()).toBe(0)

  await typeInto(minimum, '1,500')
  await expect(minimum).not.toHaveAttribute('aria-invalid', 'true')
  await schedule.getByRole('button', { name: 'Save the schedule' }).click()
  await expect(schedule.getByText('Schedule saved.')).toBeVisible()
  // The coming Friday's 06:00 in Nairobi (the seller's zone; the phone is in New York), in words.
  const next = nextFridayRun()
  const said = `Next run: ${next}, 06:00 (Nairobi time), when at least KES 1,500.00 is available.`
  await expect(schedule.getByText(said)).toBeVisible()

  await page.reload()
  await rendered(page)
  await expect(schedule.getByLabel('How often')).toHaveValue('weekly')
  await expect(schedule.getByLabel('Day')).toHaveValue('5')
  await expect(minimum).toHaveValue('1500')
  await expect(schedule.getByText(said)).toBeVisible()
})

/** "Friday 4 December": the date of the next Friday 06:00 in Nairobi from now. */
function nextFridayRun(): string {
  const now = new Date()
  for (let days = 0; days < 8; days++) {
    const at = localTime(new Date(now.getTime() + days * 86_400_000), 'Africa/Nairobi')
    if (at.weekday !== 5) continue
    if (days === 0 && localTime(now, 'Africa/Nairobi').minutes >= 6 * 60) continue
    const date = new Date(`${at.date}T12:00:00Z`)
    const part = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(date)
    return `${part({ weekday: 'long' })} ${part({ day: 'numeric' })} ${part({ month: 'long' })}`
  }
  throw new Error('no Friday in the next week')
}
