import { randomBytes } from 'node:crypto'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { DEMO_SELLER, eventWithTickets } from './demo'
import { expect, test } from './fixtures'
import { savedQueryKeys, setOffline, trackOnLine } from './offline'
import { rpc } from './seller'
import { signInTyping } from './session'

/**
 * The door with no signal: two phones of the seller download an event's attendee list, lose the network,
 * and check the same ticket in at two doors — each says "valid" at once, a second scan at the same door
 * says "already checked in"; back online both sync, and the second door's check-in is reported as a
 * duplicate with both times and doors. (Scanning with the camera comes on top of this same path.)
 */

const run = randomBytes(3).toString('hex')
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' }
let eventId = ''

test.beforeAll(async ({ request }) => {
  ;({ eventId } = await eventWithTickets(
    request,
    `Poetry at the Loft ${run}`,
    { daysAhead: 3, price: 300_00 },
    `poet-${run}@example.com`,
    [`Nyokabi Wairimu ${run}`, `Juma Hamisi ${run}`],
  ))
})

/** A seller's phone at the door: signed in by typing, the list downloaded, the door named. */
async function doorPhone(browser: Browser, baseURL: string | undefined, door: string) {
  const context = await browser.newContext({ ...PHONE, baseURL })
  await trackOnLine(context)
  const page = await context.newPage()
  await signInTyping(page, DEMO_SELLER.email, DEMO_SELLER.password)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  })
  await page.goto('/account/check-in')
  await page.getByRole('link', { name: `Poetry at the Loft ${run}` }).click()
  await expect(page.getByText(/^On this phone: 2 tickets/)).toBeVisible()
  await expect.poll(() => savedQueryKeys(page)).toContain('tickets/attendees')
  const doorField = page.getByLabel('This door')
  await doorField.click()
  await doorField.press('ControlOrMeta+a')
  await page.keyboard.type(door)
  return { context, page }
}

async function checkIn(page: Page, words: string) {
  const field = page.getByLabel('Ticket code or name')
  await field.click()
  await page.keyboard.type(words)
  await page.keyboard.press('Enter')
}

test('two doors with no signal check the same ticket in; back online the second is reported', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const main = await doorPhone(browser, baseURL, 'Main door')
  const side = await doorPhone(browser, baseURL, 'Side gate')
  const phones: [BrowserContext, Page][] = [
    [main.context, main.page],
    [side.context, side.page],
  ]
  for (const [context, page] of phones) await setOffline(context, page, true)

  // The main door's phone even reopens the page with no network: the list is on the phone.
  await main.page.reload()
  await expect(main.page.getByRole('heading', { level: 1 })).toHaveText(`Poetry at the Loft ${run}`)
  const verdict = (page: Page) => page.locator('.door-verdict')
  await checkIn(main.page, 'Nyokabi')
  await expect(verdict(main.page)).toContainText(`Valid — Nyokabi Wairimu ${run}`)
  await expect(main.page.getByText(/1 check-in waiting to sync/)).toBeVisible()
  await checkIn(main.page, 'Nyokabi')
  await expect(verdict(main.page)).toContainText(`Already checked in — Nyokabi Wairimu ${run}`)
  await expect(verdict(main.page)).toContainText('Main door')
  // The side gate has not heard: it lets her in too.
  await checkIn(side.page, 'nyokabi')
  await expect(verdict(side.page)).toContainText(`Valid — Nyokabi Wairimu ${run}`)
  await checkIn(side.page, 'NOT-A-TICKET')
  await expect(verdict(side.page)).toContainText('Not for this event')

  // Back online: the main door syncs first, then the side gate learns it let her in second.
  await setOffline(main.context, main.page, false)
  await expect(main.page.getByText('Everything is synced.')).toBeVisible({ timeout: 15_000 })
  await setOffline(side.context, side.page, false)
  const report = side.page.getByRole('region', { name: 'Let in twice' })
  await expect(report).toContainText(`Nyokabi Wairimu ${run}`, { timeout: 15_000 })
  await expect(report).toContainText('Side gate')
  await expect(report).toContainText('Main door')
  await expect(side.page.locator('.door-counters')).toContainText('1 / 2')

  const token = (await rpc<{ token: string }>(main.context.request, 'signIn', DEMO_SELLER)).token
  const list = await rpc<{ attendees: { holder: string; checkIns: { door: string }[] }[] }>(
    main.context.request,
    'listAttendees',
    { eventId },
    token,
  )
  const nyokabi = list.attendees.find((a) => a.holder === `Nyokabi Wairimu ${run}`)
  expect(nyokabi?.checkIns.map((c) => c.door)).toEqual(['Main door', 'Side gate'])
  await main.context.close()
  await side.context.close()
})

test.describe('on a flaky link', () => {
  // No service worker, so page.route() sees the app's calls.
  test.use({ ...PHONE, serviceWorkers: 'block' })
  let flakyEvent = ''

  test.beforeAll(async ({ request }) => {
    ;({ eventId: flakyEvent } = await eventWithTickets(
      request,
      `Open mic ${run}`,
      { daysAhead: 4, price: 200_00 },
      `mic-${run}@example.com`,
      [`Juma Hamisi ${run}`],
    ))
  })

  test('a sync that fails with the network up is tried again by itself', async ({ page }) => {
    await signInTyping(page, DEMO_SELLER.email, DEMO_SELLER.password)
    let dropped = 0
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        const request = route.request()
        const sync = request.method() === 'POST' && (request.postData() ?? '').includes('"syncCheckIns"')
        if (sync && dropped === 0) {
          dropped += 1
          await route.abort('connectionreset')
          return
        }
        await route.fallback()
      },
    )
    await page.goto(`/account/check-in/${flakyEvent}`)
    await expect(page.getByText(/^On this phone: 1 ticket,/)).toBeVisible()
    await checkIn(page, 'Juma')
    await expect(page.locator('.door-verdict')).toContainText(`Valid — Juma Hamisi ${run}`)
    await expect(page.getByText(/^Not synced yet:/)).toBeVisible()
    // Nobody taps Sync now: the check-in reaches Soko on the next try.
    await expect(page.getByText('Everything is synced.')).toBeVisible({ timeout: 15_000 })
    await expect(page.getByText(/^Not synced yet:/)).toHaveCount(0)
    expect(dropped).toBe(1)
  })
})
