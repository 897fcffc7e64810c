import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { DEMO_SELLER } from './demo'
import { expect, test } from './fixtures'
import { rendered } from './rendered'
import { rpc } from './seller'

/**
 * Tickets carry names: a buyer on a phone, signed out, buys two tickets to the demo's meetup, types a name
 * for each, pays by card, and the order page shows each ticket with its name and QR code, the event's time
 * in its zone and "Add to calendar"; the seller's attendee list has both.
 */

const run = randomBytes(3).toString('hex')
const PHONE_VIEWPORT = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

test.use({ ...PHONE_VIEWPORT, serviceWorkers: 'block' })

test('a buyer names each ticket at checkout and the tickets show the names', async ({ page, request }) => {
  const token = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
  const { products } = await rpc<{ products: { id: string; slug: string; kind: string; status: string }[] }>(
    request,
    'listMyProducts',
    {},
    token,
  )
  const event = products.find((p) => p.kind === 'event' && p.status === 'published')
  if (!event) throw new Error('the demo has no event')

  await page.goto(`/${event.slug}`)
  await rendered(page)
  await page.getByRole('button', { name: 'Get tickets' }).click()
  const quantity = page.getByLabel('Quantity')
  await quantity.click()
  await quantity.press('ControlOrMeta+a')
  await page.keyboard.type('2')
  // Signed out, the names are asked for: the form says so when they are missing.
  await page.getByLabel('E-mail').click()
  await page.keyboard.type(`fan-${run}@example.com`)
  await page.getByRole('radio', { name: 'Card', exact: true }).check()
  await page.getByRole('button', { name: /^Pay KES/ }).click()
  await expect(page.getByText('Check the fields marked below.')).toBeVisible()
  await expect(page.getByLabel('Ticket 1')).toBeFocused()
  await page.keyboard.type(`Achieng Otieno ${run}`)
  await page.getByLabel('Ticket 2').click()
  await page.keyboard.type(`Brian Kiprop ${run}`)
  await page.getByRole('button', { name: /^Pay KES/ }).click()
  await expect(page).toHaveURL(/\/sandbox\/stripe\/pay\//)
  await page.getByLabel('Card number').click()
  await page.keyboard.type('4242 4242 4242 4242')
  await page.getByRole('button', { name: /^Pay/ }).click()

  await expect(page.getByRole('heading', { name: 'Your tickets' })).toBeVisible({ timeout: 15_000 })
  const tickets = page.locator('.ticket')
  await expect(tickets).toHaveCount(2)
  await expect(page.locator('.tickets')).toContainText(`Achieng Otieno ${run}`)
  await expect(page.locator('.tickets')).toContainText(`Brian Kiprop ${run}`)
  // In the order they were typed.
  await expect(tickets.nth(0)).toContainText(`Achieng Otieno ${run}`)
  await expect(tickets.nth(1)).toContainText(`Brian Kiprop ${run}`)
  await expect(page.getByRole('img', { name: /^Ticket QR code / })).toHaveCount(2)
  // When it is, in the event's zone, and a calendar file to keep it.
  await expect(page.getByText(/\(Africa\/Nairobi\)$/)).toBeVisible()
  const saving = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Add to calendar' }).click()
  const file = await saving
  expect(file.suggestedFilename()).toBe('event.ics')
  const ics = await readFile((await file.path()) ?? '', 'utf8')
  expect(ics).toContain('BEGIN:VEVENT')
  expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/)

  const list = await rpc<{ attendees: { holder: string; status: string }[] }>(
    request,
    'listAttendees',
    { eventId: event.id },
    token,
  )
  expect(
    list.attendees
      .filter((a) => a.holder.endsWith(run))
      .map((a) => [a.holder, a.status])
      .sort(),
  ).toEqual([
    [`Achieng Otieno ${run}`, 'valid'],
    [`Brian Kiprop ${run}`, 'valid'],
  ])
})
