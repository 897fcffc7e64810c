import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'
import { DEMO_SELLER, eventWithTickets } from './demo'
import { expect, test } from './fixtures'
import { setOffline, trackOnLine } from './offline'
import { rpc } from './seller'
import { signInTyping } from './session'

/**
 * One ticket at two doors with no signal, the later door first to sync: the side gate's phone checks the
 * ticket in first by its clock, the main door's a moment later; the main door gets its check-in to Soko
 * first, so it is the valid one. When the side gate syncs, its phone says the ticket was already checked
 * in at the main door and when, and both doors' attendee lists show the duplicate.
 */

const run = randomBytes(3).toString('hex')
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' }
const HOLDER = `Achieng Oduor ${run}`
let eventId = ''
let code = ''
/** axe-core, put in the pages before they load (the Content-Security-Policy keeps injected scripts out). */
const AXE_SCRIPT = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
  'axe-core/axe.min.js',
)

test.beforeAll(async ({ request }) => {
  const bought = await eventWithTickets(
    request,
    `Taarab evening ${run}`,
    { daysAhead: 2, price: 250_00 },
    `taarab-${run}@example.com`,
    [HOLDER, `Baraka Mutua ${run}`],
  )
  eventId = bought.eventId
  code = bought.tickets.find((t) => t.holder === HOLDER)?.code ?? ''
  expect(code).not.toBe('')
})

/** A seller's phone at a door: signed in by typing, the event's list on the phone, the door named, offline. */
async function doorPhone(browser: Browser, baseURL: string | undefined, door: string) {
  const context = await browser.newContext({ ...PHONE, baseURL })
  await trackOnLine(context)
  await context.addInitScript({ path: AXE_SCRIPT })
  const page = await context.newPage()
  await signInTyping(page, DEMO_SELLER.email, DEMO_SELLER.password)
  await page.goto(`/account/check-in/${eventId}`)
  await expect(page.getByText(/^On this phone: 2 tickets/)).toBeVisible()
  const doorField = page.getByLabel('This door')
  await doorField.click()
  await doorField.press('ControlOrMeta+a')
  await page.keyboard.type(door)
  await setOffline(context, page, true)
  return { context, page }
}

/** Types the code under the ticket's QR, as the person at the door does when the camera will not read it. */
async function typeCode(page: Page, typed: string) {
  await page.getByLabel('Ticket code or name').click()
  await page.keyboard.type(typed)
  await page.keyboard.press('Enter')
}

test('the door whose check-in reaches Soko first lets the ticket in; the other hears where and when', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000)
  const side = await doorPhone(browser, baseURL, 'Side gate')
  const main = await doorPhone(browser, baseURL, 'Main door')
  const verdict = (page: Page) => page.locator('.door-verdict')

  // The side gate scans first by its clock, then the main door: both, offline, say valid.
  await typeCode(side.page, code)
  await expect(verdict(side.page)).toContainText(`Valid — ${HOLDER}`)
  await expect(side.page.getByText(/1 check-in waiting to sync/)).toBeVisible()
  await typeCode(main.page, code.toLowerCase())
  await expect(verdict(main.page)).toContainText(`Valid — ${HOLDER}`)
  // Kept on the phone first: "Everything is synced." below must be this check-in sent, not the state
  // from before it was kept (under load, the page may still show that when the network returns).
  await expect(main.page.getByText(/1 check-in waiting to sync/)).toBeVisible()

  // The main door's signal comes back first: its check-in is the one Soko keeps.
  await setOffline(main.context, main.page, false)
  await expect(main.page.getByText('Everything is synced.')).toBeVisible({ timeout: 15_000 })
  await setOffline(side.context, side.page, false)
  await expect(side.page.getByText('Everything is synced.')).toBeVisible({ timeout: 15_000 })

  const token = (await rpc<{ token: string }>(main.context.request, 'signIn', DEMO_SELLER)).token
  const list = await rpc<{ attendees: { code: string; checkIns: { at: string; door: string }[] }[] }>(
    main.context.request,
    'listAttendees',
    { eventId },
    token,
  )
  const checkIns = list.attendees.find((a) => a.code === code)?.checkIns ?? []
  expect(checkIns.map((c) => c.door)).toEqual(['Main door', 'Side gate'])
  // The side gate's phone did scan first: the device's clock does not decide.
  expect(Date.parse(checkIns[1]?.at ?? '')).toBeLessThan(Date.parse(checkIns[0]?.at ?? ''))
  const mainTime = await side.page.evaluate(
    (at) => new Date(at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }),
    checkIns[0]?.at ?? '',
  )

  // Exactly one door shows valid; the other is told where and when the ticket was checked in.
  await expect(verdict(main.page)).toContainText(`Valid — ${HOLDER}`)
  await expect(verdict(side.page)).toContainText(`Already checked in — ${HOLDER}`)
  await expect(verdict(side.page)).toContainText(
    `At Main door, ${mainTime}: that check-in reached Soko first.`,
  )
  const alert = side.page.getByRole('alert').filter({ hasText: 'Checked in at another door first' })
  await expect(alert).toContainText(`${HOLDER}: already checked in at Main door, ${mainTime}.`)
  await expect(alert).toContainText('Side gate')

  // The attendee list shows the duplicate, on the side gate's phone and (once it reads the list again)
  // on the main door's.
  const twice = side.page.getByRole('region', { name: 'Let in twice' })
  await expect(twice).toContainText(`${HOLDER} ${code}: in at Main door, ${mainTime}; again at Side gate`)
  await expect(twice).toContainText('(duplicate)')
  await expect(side.page.locator('.door-counters')).toContainText('1 / 2')
  await main.page.reload()
  await expect(main.page.getByRole('region', { name: 'Let in twice' })).toContainText(HOLDER)
  await expect(main.page.locator('.door-verdict')).toContainText('Ready')

  // Found by name, the ticket's row says it too.
  await side.page.getByLabel('Ticket code or name').click()
  await side.page.keyboard.type('Achieng')
  await expect(side.page.getByRole('list', { name: 'Tickets found' })).toContainText(
    `in at ${mainTime}, Main door · let in twice`,
  )

  // The messages pass axe, light and dark.
  for (const colorScheme of ['light', 'dark'] as const) {
    await side.page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    const { violations } = await new AxeBuilder({ page: side.page, axeSource: 'void 0' })
      .setLegacyMode()
      .analyze()
    expect(
      violations.map((v) => `${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`),
    ).toEqual([])
  }
  await side.page.emulateMedia({ colorScheme: 'light' })

  for (const [name, size] of [
    ['phone', PHONE.viewport],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    await side.page.setViewportSize(size)
    // Kept beside the test's results, to look at the door as a person sees it.
    const shot = testInfo.outputPath(`door-duplicate-${name}.png`)
    await side.page.screenshot({ path: shot, fullPage: true })
  }
  await main.context.close()
  await side.context.close()
})
