import { randomInt } from 'node:crypto'
import { request as apiRequest } from '@playwright/test'
import { DEMO_SELLER, newBuyer } from './demo'
import { expect, test } from './fixtures'
import { rpc } from './seller'
import { startWorkerServer, type WorkerServer } from './worker-server'

/**
 * "A day later", on the built server: a service is booked for tomorrow-and-a-bit and paid on the sandbox
 * phone; a person moves the server's clock forward by a day on the sandbox's clock page, and the booking's
 * day-before reminder arrives in the phone's SMS inbox. The clock moves on a server of this spec's own, so
 * no other spec lives through that day.
 */

const PHONE = `0797${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
const PHONE_VIEWPORT = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const HOUR = 3_600_000

let soko: WorkerServer

test.beforeAll(async ({ geo }) => {
  soko = await startWorkerServer(geo.url)
})

test.afterAll(async () => {
  await soko?.stop()
})

test('moved forward a day on the sandbox clock page, the server sends the booking’s day-before reminder by SMS', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const request = await apiRequest.newContext({ baseURL: soko.url })
  const seller = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
  const { product } = await rpc<{ product: { id: string } }>(
    request,
    'createProduct',
    {
      kind: 'service',
      title: 'Mixing consultation',
      description: 'An hour on your mix, online.',
      price: { amount: 800_00, currency: 'KES' },
      details: {
        durationMinutes: 60,
        where: { kind: 'online', url: 'https://meet.example.com/soko-mixing' },
        timeZone: 'Africa/Nairobi',
        availability: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '06:00', to: '22:00' })),
      },
    },
    seller,
  )
  await rpc(request, 'publishProduct', { id: product.id }, seller)
  // A time between 26 and 47 hours from now: its day-before reminder is due once the clock is a day on, and
  // its hour-before one is not (a slot just past 25 hours would be within the hour by the time the clock moves).
  const { slots } = await rpc<{ slots: { start: string }[] }>(request, 'listSlots', {
    productId: product.id,
    days: 4,
  })
  const slot = slots.find((s) => {
    const away = Date.parse(s.start) - Date.now()
    return away > 26 * HOUR && away < 47 * HOUR
  })
  if (!slot) throw new Error(`No slot 26 to 47 hours away among ${slots.length}`)
  const buyer = await newBuyer(request, 'clock')
  await rpc(
    request,
    'startCheckout',
    { productId: product.id, method: 'mpesa', phone: PHONE, slot: slot.start, timeZone: 'Africa/Nairobi' },
    buyer.token,
  )

  const handset = await browser.newContext({ ...PHONE_VIEWPORT, baseURL: soko.url, serviceWorkers: 'block' })
  try {
    // The buyer approves the payment on their phone.
    const phone = await handset.newPage()
    await phone.goto(`/sandbox/mpesa/phone?number=${PHONE}`)
    const prompt = phone.locator('.prompt').first()
    await expect(prompt).toContainText('800', { timeout: 15_000 })
    await prompt.getByLabel('M-PESA PIN').click()
    await phone.keyboard.type('1234')
    await prompt.getByRole('button', { name: 'Pay', exact: true }).click()
    const inbox = phone.locator('.sms')
    await expect(inbox.filter({ hasText: 'Soko: you paid KES 800.00' })).toHaveCount(1, { timeout: 20_000 })
    await expect(inbox.filter({ hasText: 'Soko reminder:' })).toHaveCount(0)

    // A day later, on the sandbox's clock page.
    const clockPage = await handset.newPage()
    await clockPage.goto('/sandbox/clock')
    await expect(clockPage.locator('#offset')).toHaveText('not moved')
    const hours = clockPage.getByLabel('Move forward by (hours)')
    await hours.click()
    await clockPage.keyboard.press('ControlOrMeta+A')
    await clockPage.keyboard.type('24')
    await clockPage.getByRole('button', { name: 'Move the clock' }).click()
    await expect(clockPage.locator('#offset')).toHaveText("24 hours ahead of the machine's clock")
    const shown = Date.parse((await clockPage.locator('#now').getAttribute('datetime')) ?? '')
    expect(shown - Date.now()).toBeGreaterThan(23.9 * HOUR)

    // The reminders job runs every minute; the phone's page checks its inbox every 2 s.
    await expect(inbox.filter({ hasText: 'Soko reminder: "Mixing consultation"' })).toHaveCount(1, {
      timeout: 90_000,
    })
  } finally {
    await handset.close()
    await request.dispose()
  }
})
