import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Browser, chromium } from '@playwright/test'
import { chromiumArgs, findChromium } from '../../scripts/chromium'
import { qrVideo } from '../support/fake-camera'
import { DEMO_SELLER, eventWithTickets } from './demo'
import { expect, test, watchCsp } from './fixtures'
import { savedQueryKeys, setOffline, trackOnLine } from './offline'
import { signInTyping } from './session'

/**
 * Scanning at the door with the camera and no signal: the test buys a ticket, makes a video of that
 * ticket's QR code for Chromium's fake camera, and two of the seller's phones download the attendee list,
 * go offline and scan it: the first says valid, then (the ticket still in view after a moment) already
 * checked in; the second phone says valid too. Back online both sync, and the duplicate is reported.
 */

const run = randomBytes(3).toString('hex')
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' }
const HOLDER = `Zawadi Mwende ${run}`
let eventId = ''
let code = ''
let dir = ''
let camera: Browser

test.beforeAll(async ({ request }) => {
  const bought = await eventWithTickets(
    request,
    `Benga night ${run}`,
    { price: 400_00, capacity: 80 },
    `benga-${run}@example.com`,
    [HOLDER],
  )
  eventId = bought.eventId
  code = bought.tickets[0]?.code ?? ''
  // The ticket's QR code, as the fake camera's picture.
  dir = mkdtempSync(path.join(tmpdir(), 'soko-camera-'))
  const video = path.join(dir, 'ticket.y4m')
  await qrVideo(video, code)
  camera = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  })
})

test.afterAll(async () => {
  await camera?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

async function door(baseURL: string | undefined, name: string) {
  const context = await camera.newContext({ ...PHONE, baseURL, permissions: ['camera'] })
  await watchCsp(context)
  await trackOnLine(context)
  const page = await context.newPage()
  await signInTyping(page, DEMO_SELLER.email, DEMO_SELLER.password)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  })
  await page.goto(`/account/check-in/${eventId}`)
  await expect(page.getByText(/^On this phone: 1 ticket,/)).toBeVisible()
  await expect.poll(() => savedQueryKeys(page)).toContain('tickets/attendees')
  const field = page.getByLabel('This door')
  await field.click()
  await field.press('ControlOrMeta+a')
  await page.keyboard.type(name)
  await setOffline(context, page, true)
  return { context, page }
}

test('two phones scan the same ticket offline with the camera; back online the duplicate is reported', async ({
  baseURL,
}) => {
  test.setTimeout(90_000)
  const main = await door(baseURL, 'Main door')
  const verdict = main.page.locator('.door-verdict')
  await main.page.getByRole('button', { name: 'Scan with the camera' }).click()
  await expect(verdict).toContainText(`Valid — ${HOLDER}`, { timeout: 10_000 })
  // Still in front of the camera a few seconds later, it counts as a second scan.
  await expect(verdict).toContainText(`Already checked in — ${HOLDER}`, { timeout: 10_000 })
  await expect(verdict).toContainText('Main door')
  await main.page.getByRole('button', { name: 'Stop the camera' }).click()

  const side = await door(baseURL, 'Side gate')
  await side.page.getByRole('button', { name: 'Scan with the camera' }).click()
  await expect(side.page.locator('.door-verdict')).toContainText(`Valid — ${HOLDER}`, { timeout: 10_000 })
  await side.page.getByRole('button', { name: 'Stop the camera' }).click()

  await setOffline(main.context, main.page, false)
  await expect(main.page.getByText('Everything is synced.')).toBeVisible({ timeout: 15_000 })
  await setOffline(side.context, side.page, false)
  const report = side.page.getByRole('region', { name: 'Let in twice' })
  await expect(report).toContainText(HOLDER, { timeout: 15_000 })
  await expect(report).toContainText('Main door')
  await expect(report).toContainText('Side gate')
  expect(code).toMatch(/^SK/)
  await main.context.close()
  await side.context.close()
})
