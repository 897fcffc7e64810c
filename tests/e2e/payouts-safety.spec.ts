import { randomInt, randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test'
import { SUITE_LIMITS } from '../support/config'
import { type ServerProcess, startBuiltServer } from '../support/process'
import { localTime, zoneWhereItIs } from '../support/zones'
import { e2eDataDir } from './data-template'
import { DEMO_ADMIN, DEMO_SELLER } from './demo'
import { expect, test } from './fixtures'
import { lastSmsCode } from './outbox'
import { rendered } from './rendered'
import { rpc } from './seller'
import { signIn } from './session'
import { addMpesa, available, withdraw } from './withdraw'

/**
 * What froze Soko or paid early, tried as people meet it, on a server of this spec's own where a new
 * payout destination waits 24 hours as in production (the suite's server has no wait):
 * - a seller whose phone's clock runs a day ahead sees a new destination as ready and withdraws to it;
 * - an admin sends a failed payout again to a destination still waiting;
 * - a seller saves a weekly schedule on its day, after that day's 06:00.
 * The first two froze the embedded database (every page and call timed out); the third paid at once.
 */

const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  serviceWorkers: 'block' as const,
}
const WAITING = /was added recently: it can receive money from \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M/
/** The M-Pesa sandbox's number that is not registered on M-Pesa (B2C result 2040). */
const NOT_ON_MPESA = '0700000701'
const newNumber = () => `0797${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
const msisdn = (phone: string) => `254${phone.slice(1)}`
/** How Soko names an M-Pesa destination: `M-Pesa +254 797 123 456`. */
const label = (phone: string) => `M-Pesa +254 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`

test.describe.configure({ mode: 'serial' })

let dataDir = ''
let geoUrl = ''
let server: ServerProcess
let api: APIRequestContext
let sellerToken = ''
let adminToken = ''
/** The payout that failed (to a number not on M-Pesa), for the admin to send again. */
let failedPayoutId = ''
/** A number the seller added before destinations waited: usable, for the schedule. */
const usablePhone = newNumber()

/** What the spec's servers share; each start adds how long new destinations wait. */
async function start(waitHours: number) {
  return startBuiltServer(dataDir, {
    GEO_URL: `${geoUrl}/json/`,
    ...SUITE_LIMITS,
    HOLD_DAYS: '0',
    PAYOUT_NEW_METHOD_WAIT_HOURS: String(waitHours),
    // Sweeps every second, each one logged (debug), so the schedule test can wait for two of them.
    PAYOUT_SWEEP_SECONDS: '1',
    JOB_POLL_MS: '100',
    LOG_LEVEL: 'debug',
  })
}

/** Adds an M-Pesa destination through the API: the code the SMS carried, read from the outbox. */
async function destinationByApi(phone: string): Promise<string> {
  await rpc(api, 'requestPhoneCode', { phone }, sellerToken)
  let code = ''
  await expect
    .poll(async () => {
      try {
        code = await lastSmsCode(server.url, msisdn(phone))
      } catch {
        code = ''
      }
      return code
    })
    .toMatch(/^\d{6}$/)
  const added = await rpc<{ method: { id: string } }>(
    api,
    'addPayoutMethod',
    { method: { kind: 'mpesa', phone }, code },
    sellerToken,
  )
  return added.method.id
}

test.beforeAll(async ({ geo }) => {
  geoUrl = geo.url
  test.setTimeout(120_000)
  dataDir = e2eDataDir('soko-e2e-payouts-')
  // First with no wait: the demo seller adds two numbers; their first payout goes to the one not on
  // M-Pesa, and fails.
  server = await start(0)
  api = await playwrightRequest.newContext({ baseURL: server.url })
  sellerToken = (await rpc<{ token: string }>(api, 'signIn', DEMO_SELLER)).token
  adminToken = (await rpc<{ token: string }>(api, 'signIn', DEMO_ADMIN)).token
  const wrong = await destinationByApi(NOT_ON_MPESA)
  await destinationByApi(usablePhone)
  const asked = await rpc<{ payout: { id: string } }>(
    api,
    'requestPayout',
    { requestKey: randomUUID(), currency: 'KES', amount: 500_00, methodId: wrong, speed: 'instant' },
    sellerToken,
  )
  failedPayoutId = asked.payout.id
  await rpc(api, 'reviewPayout', { payoutId: failedPayoutId, approve: true }, adminToken)
  await expect
    .poll(async () => {
      const { payout } = await rpc<{ payout: { status: string } }>(
        api,
        'getPayout',
        { payoutId: failedPayoutId },
        sellerToken,
      )
      return payout.status
    })
    .toBe('failed')
  await api.dispose()
  expect(await server.stop()).toBe(0)
  // Then as in production: a destination added from now on waits 24 hours.
  server = await start(24)
  api = await playwrightRequest.newContext({ baseURL: server.url })
})

test.afterAll(async () => {
  await api?.dispose()
  const code = await server?.stop()
  const output = server?.output() ?? ''
  rmSync(dataDir, { recursive: true, force: true })
  expect(output).not.toMatch(/TransactionGuardError/)
  expect(code).toBe(0)
})

const healthy = async () => (await api.get('/healthz')).status()

test('a seller whose phone runs a day ahead withdraws to a destination still waiting: told when it can receive money, and Soko keeps answering', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const context = await browser.newContext({ ...PHONE, baseURL: server.url })
  const page = await context.newPage()
  // A day and an hour ahead: the page takes the new destination's waiting period for over.
  await page.clock.setSystemTime(Date.now() + 25 * 3_600_000)
  await signIn(page, DEMO_SELLER.email, DEMO_SELLER.password)
  await page.goto('/account/withdraw')
  await expect(page.getByRole('heading', { level: 1, name: 'Withdraw' })).toBeVisible()
  const before = await available(page)
  const phone = newNumber()
  await addMpesa(page, context, phone)
  await withdraw(page, '1000', new RegExp(`M-Pesa .*${phone.slice(-3)}$`))
  await expect(page.getByText(WAITING)).toBeVisible({ timeout: 10_000 })
  // Soko still answers: the page reloads with the balance as it was, and the health check is fine.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Withdraw' })).toBeVisible()
  expect(await available(page)).toBe(before)
  expect(await healthy()).toBe(200)
  await context.close()
})

test("an admin's Send again offers no destination still waiting, one sent there anyway is refused in words, and Soko keeps answering", async ({
  browser,
}) => {
  test.setTimeout(60_000)
  const phone = newNumber()
  const waiting = await destinationByApi(phone)
  const context = await browser.newContext({ ...PHONE, baseURL: server.url })
  const page = await context.newPage()
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password)
  await page.goto('/admin/payouts')
  await rendered(page)
  const failed = page.locator('li', { hasText: 'Number not registered on M-Pesa' }).filter({ hasText: '701' })
  await failed.getByRole('button', { name: 'Send again…' }).click()
  // The payout's own destination is chosen already; the one still in its wait is not offered.
  const sendTo = failed.getByLabel('Send to')
  await expect(sendTo.locator('option:checked')).toHaveText(`${label(NOT_ON_MPESA)} (as before)`)
  await expect(sendTo.locator('option', { hasText: label(usablePhone) })).toHaveCount(1)
  await expect(sendTo.locator('option', { hasText: label(phone) })).toHaveCount(0)
  // Asked for all the same (an older page, another client): refused in words.
  const refused = await api.post('/', {
    data: { subject: 'retryPayout', payoutId: failedPayoutId, methodId: waiting },
    headers: { authorization: `Bearer ${adminToken}` },
  })
  expect(refused.status()).toBe(409)
  expect(((await refused.json()) as { message: string }).message).toMatch(WAITING)
  expect(await healthy()).toBe(200)
  await page.reload()
  await rendered(page)
  await expect(page.getByRole('button', { name: 'Send again…' }).first()).toBeVisible()
  await context.close()
})

test('a weekly schedule saved on its day after 06:00 says next week, and the sweeps that follow pay nothing', async ({
  browser,
}) => {
  test.setTimeout(60_000)
  // The seller's zone is one where it is the middle of the day now; their phone is in it too.
  const timeZone = zoneWhereItIs('08:00', '21:00')
  await rpc(api, 'updateSettings', { timeZone }, sellerToken)
  const today = localTime(new Date(), timeZone)
  const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone }).format(new Date())
  // "Friday 4 December": a week from today's local date, said with the seller's zone's city.
  const inAWeek = new Date(Date.parse(today.date) + 7 * 86_400_000)
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(inAWeek)
  const nextWeek = `${part({ weekday: 'long' })} ${part({ day: 'numeric' })} ${part({ month: 'long' })}`
  const city = (timeZone.split('/').at(-1) ?? '').replace(/_/g, ' ')
  const context = await browser.newContext({ ...PHONE, baseURL: server.url, timezoneId: timeZone })
  const page = await context.newPage()
  await signIn(page, DEMO_SELLER.email, DEMO_SELLER.password)
  await page.goto('/account/withdraw')
  const before = await available(page)
  const schedule = page.getByRole('region', { name: 'Scheduled payouts' })
  await schedule.getByLabel('How often').selectOption({ label: 'Every week' })
  await schedule.getByLabel('Day').selectOption({ label: weekday })
  await schedule.getByLabel('To').selectOption({ label: label(usablePhone) })
  const sweepsBefore = sweeps()
  await schedule.getByRole('button', { name: 'Save the schedule' }).click()
  await expect(schedule.getByText('Schedule saved.')).toBeVisible()
  await expect(
    schedule.getByText(`Next run: ${nextWeek}, 06:00 (${city} time), everything available then.`),
  ).toBeVisible()
  // Two sweeps after the save have run, and nothing was paid: the balance is whole, no payout is new.
  await expect.poll(sweeps, { timeout: 20_000 }).toBeGreaterThanOrEqual(sweepsBefore + 2)
  await page.reload()
  expect(await available(page)).toBe(before)
  await expect(page.locator('.payout').first()).toContainText('Failed')
  await context.close()
})

test('a withdrawal whose answer is lost, tapped again, is made once', async ({ browser }) => {
  test.setTimeout(60_000)
  const context = await browser.newContext({ ...PHONE, baseURL: server.url })
  const page = await context.newPage()
  await signIn(page, DEMO_SELLER.email, DEMO_SELLER.password)
  await page.goto('/account/withdraw')
  const before = await available(page)
  const payoutsBefore = await page.locator('.payout').count()
  // The request reaches Soko, which makes the payout; its answer is lost on the way back.
  let lost = 0
  await page.route('**/*', async (route) => {
    const sent = route.request()
    if (lost > 0 || sent.method() !== 'POST' || !sent.postData()?.includes('"requestPayout"'))
      return route.continue()
    lost++
    await route.fetch()
    await route.abort('connectionreset')
  })
  await withdraw(page, '300', new RegExp(`M-Pesa .*${usablePhone.slice(-3)}$`))
  await expect(page.locator('.withdraw-form').getByRole('alert')).toBeVisible()
  expect(lost).toBe(1)
  // Confirm tapped again, as anyone would: the same attempt, so Soko answers with the payout it made.
  await page.locator('.withdraw-form').getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText(/^Payout of KES\s[\d.,]+ to M-Pesa .*: waiting for approval/)).toBeVisible()
  await page.reload()
  await expect(page.locator('.payout')).toHaveCount(payoutsBefore + 1)
  // The page shows the balance it kept first, then the one it asks for: the new one comes.
  await expect.poll(() => available(page)).toBe(before - 300)
  await context.close()
})

/** How many payout sweeps the server has finished so far (its debug log says each). */
function sweeps(): number {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"jobs: done"') && line.includes('"job":"payouts.sweep"')).length
}
