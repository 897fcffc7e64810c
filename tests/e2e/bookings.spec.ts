import { randomBytes, randomInt } from 'node:crypto'
import { DEMO_SELLER } from './demo'
import { expect, test } from './fixtures'
import { outboxMail, readOutbox } from './outbox'
import { rendered } from './rendered'
import { rpc } from './seller'
import { signInTyping } from './session'
import { typeInto } from './typing'

/**
 * A service booked from a phone on one screen: the buyer finds it on /book, picks a day on the strip and
 * a time, pays by M-Pesa on the sandbox handset, and gets the confirmation with its calendar file. The
 * seller finds it in the agenda and moves it; the buyer is mailed and texted the new time, then cancels it
 * from their order page, within the seller's notice.
 */

const run = randomBytes(3).toString('hex')
const PHONE = `0798${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
const BUYER = `booker-${run}@example.com`
const TITLE = `Portrait lighting lesson ${run}`
const PHONE_VIEWPORT = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

test.use({ ...PHONE_VIEWPORT, serviceWorkers: 'block' })

/** The service's address, set once it is published. */
let slug = ''

test.beforeAll(async ({ request }) => {
  const token = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
  const { product } = await rpc<{ product: { id: string; slug: string } }>(
    request,
    'createProduct',
    {
      kind: 'service',
      title: TITLE,
      description: 'An hour on light for portraits, at the studio.',
      price: { amount: 1_200_00, currency: 'KES' },
      details: {
        durationMinutes: 60,
        where: { kind: 'place', address: 'Soko Loft, Mpaka Road, Westlands, Nairobi' },
        timeZone: 'Africa/Nairobi',
        availability: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '09:00', to: '17:00' })),
        changeHours: 24,
      },
    },
    token,
  )
  await rpc(request, 'publishProduct', { id: product.id }, token)
  slug = product.slug
})

const soko = () => process.env.SOKO_E2E_URL ?? ''
const mailsTo = async (to: string) => (await readOutbox(soko(), 'mail', to)).filter((m) => m.to === to)

test('a buyer books on one screen and gets the .ics; the seller moves it and the buyer is mailed and texted', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  // The buyer, signed out, finds the service on /book.
  await page.goto('/book')
  await rendered(page)
  await page.getByRole('searchbox', { name: 'Find a service' }).click()
  await page.keyboard.type(run)
  await page.keyboard.press('Enter')
  await page.getByRole('link', { name: TITLE }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(TITLE)
  await rendered(page)

  // Calendar first: a strip of days, then the chosen day's times, in the buyer's zone; choosing a time
  // opens the booking panel right under them.
  const days = page.getByRole('radio', { name: /, \d+ free$/ })
  await expect(days.first()).toBeVisible()
  await expect(page.getByText(/^Times in your time zone, /)).toBeVisible()
  await days.nth(1).click()
  await expect(days.nth(1)).toBeChecked()
  const times = page.locator('.slot-day').getByRole('radio')
  await times.first().click()
  await expect(times.first()).toBeChecked()
  const panel = page.getByRole('region', { name: 'Book and pay' })
  await expect(panel).toBeInViewport()

  await page.getByLabel('E-mail').click()
  await page.keyboard.type(BUYER)
  await page.getByRole('radio', { name: 'M-Pesa', exact: true }).check()
  await page.getByLabel('M-Pesa phone number').click()
  await page.keyboard.type(PHONE)
  await page.getByRole('button', { name: /^Pay KES 1,200\.00/ }).click()
  await expect(page.getByText('Check your phone')).toBeVisible()

  const handset = await browser.newContext({ ...PHONE_VIEWPORT, baseURL, serviceWorkers: 'block' })
  const phone = await handset.newPage()
  await phone.goto(`/sandbox/mpesa/phone?number=${PHONE}`)
  const prompt = phone.locator('.prompt').first()
  await expect(prompt).toContainText('1,200', { timeout: 15_000 })
  await prompt.getByLabel('M-PESA PIN').click()
  await phone.keyboard.type('1234')
  await prompt.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('heading', { name: 'Your booking' })).toBeVisible()

  // The receipt carries the calendar file and the Google Calendar link.
  await expect.poll(async () => (await mailsTo(BUYER)).length, { timeout: 10_000 }).toBeGreaterThan(0)
  const receipt = (await mailsTo(BUYER)).find((m) => m.subject.startsWith('Your Soko receipt'))
  expect(receipt?.text).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE')
  const raw = await outboxMail(soko(), receipt?.id ?? '')
  expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/)
  expect(raw).toMatch(/filename=booking\.ics/)
  const ics = Buffer.from(
    raw.split(/filename=booking\.ics\r?\n\r?\n/)[1]?.split(/\r?\n--/)[0] ?? '',
    'base64',
  )
  expect(ics.toString('utf8')).toContain(`SUMMARY:${TITLE} with Wanjiru Studio`)

  // The seller, on their phone, finds it in the agenda and moves it to another day.
  const sellerContext = await browser.newContext({ ...PHONE_VIEWPORT, baseURL, serviceWorkers: 'block' })
  const seller = await sellerContext.newPage()
  await signInTyping(seller, DEMO_SELLER.email, DEMO_SELLER.password)
  await seller.getByRole('button', { name: 'Account menu' }).click()
  await seller.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookings' }).click()
  await expect(seller.getByRole('heading', { level: 1 })).toHaveText('Bookings')
  const card = seller.locator('.card', { hasText: TITLE })
  // A guest has given no name: the agenda names them by their e-mail, not its first part.
  await expect(card.getByRole('link', { name: BUYER, exact: true })).toBeVisible()
  await card.getByRole('button', { name: 'Move' }).click()
  const strip = card.getByRole('radio', { name: /, \d+ free$/ })
  await strip.nth(2).click()
  await card.locator('.slot-day').getByRole('radio').nth(1).click()
  await card.getByRole('button', { name: /^Move to / }).click()
  await expect(seller.getByText(/^Moved to .*The buyer has been told\.$/)).toBeVisible()

  // The buyer is mailed the new time, with the updated calendar file, and texted it.
  await expect
    .poll(
      async () =>
        (await mailsTo(BUYER)).some((m) => m.subject.startsWith(`Your booking has moved: ${TITLE}`)),
      {
        timeout: 10_000,
      },
    )
    .toBe(true)
  const moved = (await mailsTo(BUYER)).find((m) => m.subject.startsWith('Your booking has moved'))
  expect(moved?.text).toMatch(/Wanjiru Studio moved your booking/)
  expect(moved?.text).toMatch(/New time: \w{3} \d{1,2} \w{3}, \d\d:\d\d–\d\d:\d\d/)
  const text = phone.locator('.sms', { hasText: 'has moved to' })
  await expect(text).toContainText(`Soko: your booking "${TITLE}" has moved to`, { timeout: 20_000 })

  // Still days ahead, within the seller's notice: the buyer cancels it from their order page.
  await page.reload()
  await expect(page.getByText(/^You can move or cancel it until /)).toBeVisible()
  await page.getByRole('button', { name: 'Cancel booking' }).click()
  await page.getByLabel('Reason, for the seller (optional)').click()
  await page.keyboard.type('Travelling that week')
  await page.getByRole('button', { name: 'Cancel and refund' }).click()
  // The order page turns to the refund (M-Pesa sends the money back to the paying phone).
  await expect(
    page.getByText(/KES\s1,200\.00 (was refunded to you|is on its way back to you) by M-Pesa/),
  ).toBeVisible({
    timeout: 15_000,
  })
  await expect
    .poll(
      async () =>
        (await mailsTo(DEMO_SELLER.email)).some((m) => m.subject.startsWith(`Booking cancelled: ${TITLE}`)),
      {
        timeout: 10_000,
      },
    )
    .toBe(true)
  await handset.close()
  await sellerContext.close()
})

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false })

  test('the calendar comes first; a time chosen by keyboard opens the booking beside it', async ({
    page,
  }) => {
    await page.goto(`/book/${slug}`)
    await rendered(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Book “${TITLE}”`)
    // Nothing to fill in before a time is chosen: the days and the times are the page.
    await expect(page.getByRole('region', { name: 'Book and pay' })).toHaveCount(0)
    const days = page.getByRole('radio', { name: /, \d+ free$/ })
    await days.first().focus()
    await page.keyboard.press('ArrowRight')
    await expect(days.nth(1)).toBeChecked()
    const times = page.locator('.slot-day').getByRole('radio')
    await times.first().focus()
    await page.keyboard.press('Space')
    await expect(times.first()).toBeChecked()
    const panel = page.getByRole('region', { name: 'Book and pay' })
    await expect(panel).toBeVisible()
    // Beside the times, and the focus stays on them: arrow keys move to the next time.
    const calendar = await page.locator('.book-calendar').boundingBox()
    const beside = await panel.boundingBox()
    expect(beside?.x ?? 0).toBeGreaterThan((calendar?.x ?? 0) + (calendar?.width ?? 0) - 1)
    expect(beside?.y ?? 0).toBeLessThan(800)
    await page.keyboard.press('ArrowRight')
    await expect(times.nth(1)).toBeChecked()
    await expect(panel.getByText(/^Your receipt and booking go here/)).toBeVisible()

    await typeInto(panel.getByLabel('E-mail'), `wide-${BUYER}`)
    await panel.getByRole('radio', { name: 'M-Pesa', exact: true }).check()
    await typeInto(
      panel.getByLabel('M-Pesa phone number'),
      `0798${String(randomInt(0, 1_000_000)).padStart(6, '0')}`,
    )
    await panel.getByRole('button', { name: /^Pay KES 1,200\.00/ }).click()
    await expect(page.getByText('Check your phone')).toBeVisible()
  })
})
