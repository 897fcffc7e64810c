import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newProduct } from '../../contract/catalog.contract'
import { bookingReminders, orders, users } from '../../server/db/schema'
import { bookingsSweep } from '../../server/jobs/bookings.job'
import { createJobRunner } from '../../server/jobs/runner'
import { createLogger } from '../../server/lib/log'
import type { AppServices } from '../../server/services'
import { transactionsCsv } from '../../src/features/transactions/transactions-csv'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { testClock } from '../support/jobs'
import { readOutbox } from '../support/outbox'
import { submitSandboxCard } from '../support/sandbox-card'
import { personOf, productOnSale, sellerOf } from '../support/shop'

type Answer = Awaited<ReturnType<RunningApp['call']>>
// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered
const data = (answer: Answer) => answer.body.data as Record<string, any>
type Slot = { start: string; end: string }

/** An ISO instant where people read times: what no mail, text or export may show. */
const RAW_ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

const DAY = 86_400_000
const HOUR = 3_600_000

/** Every day 09:00–12:00 in the seller's zone. */
const everyMorning = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '09:00', to: '12:00' }))

describe.each(databaseKinds)('bookings on %s', (kind) => {
  let app: RunningApp
  let seller: { id: string; token: string }
  let deps: AppServices
  let buyer: { id: string; token: string }

  /** A service on sale, its details completed with their defaults as the editor's save completes them. */
  const service = (title: string, details: Record<string, unknown>, zone = 'Africa/Nairobi') =>
    productOnSale(
      app,
      seller.id,
      newProduct.parse({
        kind: 'service',
        title,
        description: '<p>One to one, on a video call.</p>',
        price: { amount: 2_000_00, currency: 'KES' },
        details: {
          durationMinutes: 60,
          where: { kind: 'online', url: 'https://meet.example.com/studio' },
          timeZone: zone,
          availability: everyMorning,
          ...details,
        },
      }),
    )

  async function slots(productId: string, from?: string, days = 7): Promise<Slot[]> {
    const answer = await app.call('listSlots', { productId, days, ...(from ? { from } : {}) })
    if (answer.status !== 200) throw new Error(`listSlots answered ${answer.status}`)
    return data(answer).slots
  }

  /** Books and pays by card as the buyer, from London. */
  async function book(productId: string, start: string) {
    const started = data(
      await app.call(
        'startCheckout',
        { productId, method: 'card', slot: start, timeZone: 'Europe/London' },
        buyer.token,
      ),
    )
    expect((await submitSandboxCard(started.next.url, '4242 4242 4242 4242')).status).toBe(303)
    await app.sandboxesIdle()
    return started.orderId as string
  }

  const order = async (id: string) =>
    (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0]

  beforeAll(async () => {
    app = await startApp(kind)
    // The app's own services, as its job runner gets them.
    deps = app.services
    seller = await sellerOf(app, 'muthoni')
    buyer = await personOf(app, 'tom@example.co.uk', { name: 'Tom Hughes' })
    // Tom confirmed his phone: bookings text him too.
    await app.database.db
      .update(users)
      .set({ phone: '254711222333', phoneVerifiedAt: new Date() })
      .where(eq(users.id, buyer.id))
  })
  afterAll(async () => {
    await app?.close()
  })

  it('cuts the week into sessions with the buffer, skipping days off and exceptions', async () => {
    const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10)
    const after = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10)
    const id = await service('Logo critique', { bufferMinutes: 30, exceptions: [after] })
    const found = await slots(id, tomorrow, 3)
    const days = new Set(found.map((s) => s.start.slice(0, 10)))
    expect(days.has(after)).toBe(false)
    // 09:00 and 10:30 Nairobi (06:00 and 07:30 UTC): an hour each with half an hour between.
    expect(found.filter((s) => s.start.startsWith(tomorrow)).map((s) => s.start.slice(11, 16))).toEqual([
      '06:00',
      '07:30',
    ])
  })

  it('keeps Nairobi hours across London’s clock change, and a London seller’s hours in London time', async () => {
    const nairobi = await service('Portfolio review', { bookAheadDays: 365 })
    // London goes to summer time on Sunday 28 March 2027; Nairobi has no daylight saving.
    const around = await slots(nairobi, '2027-03-27', 3)
    expect(around.filter((s) => s.start.slice(11, 16) === '06:00').map((s) => s.start.slice(0, 10))).toEqual([
      '2027-03-27',
      '2027-03-28',
      '2027-03-29',
    ])
    const london = await service('London studio visit', { bookAheadDays: 365 }, 'Europe/London')
    const firsts = (await slots(london, '2027-03-27', 3)).filter((_, i) => i % 3 === 0)
    // 09:00 London: 09:00 UTC on Saturday, 08:00 UTC once the clocks go forward.
    expect(firsts.map((s) => s.start)).toEqual([
      '2027-03-27T09:00:00.000Z',
      '2027-03-28T08:00:00.000Z',
      '2027-03-29T08:00:00.000Z',
    ])
  })

  it('holds to the minimum notice and the daily limit', async () => {
    const noticed = await service('Brand sprint', { minNoticeMinutes: 3 * 24 * 60 })
    for (const slot of await slots(noticed, undefined, 7))
      expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(Date.now() + 3 * DAY - 60_000)
    const limited = await service('Headshots', { dailyLimit: 1 })
    const day = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10)
    const [first] = await slots(limited, day, 1)
    if (!first) throw new Error('no slot to book')
    await book(limited, first.start)
    // One booked that day: the day has no more; the next still has its three.
    expect(await slots(limited, day, 1)).toEqual([])
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10)
    expect(await slots(limited, next, 1)).toHaveLength(3)
  })

  it('moves and cancels within the seller’s policy; the seller can at any time; mails and texts say when', async () => {
    const id = await service('Lettering lesson', { changeHours: 48 })
    const free = await slots(id, new Date(Date.now() + 4 * DAY).toISOString().slice(0, 10), 3)
    const [a, b] = free
    if (!a || !b) throw new Error('not enough slots')
    const orderId = await book(id, a.start)
    expect((await order(orderId))?.status).toBe('paid')
    expect((await order(orderId))?.item.label).toBe('Lettering lesson')

    // The buyer moves it (four days ahead, the policy is two): the new time is held, the old one free.
    const moved = await app.call('rescheduleBooking', { orderId, slot: b.start }, buyer.token)
    expect(moved.status).toBe(200)
    expect(data(moved).order.slot).toMatchObject({ start: b.start, changeUntil: expect.any(String) })
    expect((await slots(id, a.start.slice(0, 10), 1)).map((s) => s.start)).toContain(a.start)
    // Moving to the time it already has is refused.
    expect((await app.call('rescheduleBooking', { orderId, slot: b.start }, buyer.token)).status).toBe(400)
    const mail = (await readOutbox(app.database.db)).filter((m) => m.to === 'tom@example.co.uk')
    expect(mail.at(-1)?.subject).toMatch(/^Your booking has moved: Lettering lesson/)
    expect(mail.at(-1)?.text).toMatch(/New time: \w{3} \d{1,2} \w{3}, \d\d:\d\d–\d\d:\d\d (GMT|BST)/)
    const texts = (await readOutbox(app.database.db, 'sms')).filter((m) => m.to === '254711222333')
    expect(texts.at(-1)?.text).toMatch(/^Soko: your booking "Lettering lesson" has moved to /)

    // Within two days of the start (the booking put there by hand), the buyer may not; the seller still may.
    // Thirty hours from now whatever the time of day: only the start counts for the notice.
    const soon = Date.now() + 30 * HOUR
    const near = { start: new Date(soon).toISOString(), end: new Date(soon + HOUR).toISOString() }
    const item = (await order(orderId))?.item
    await app.database.db
      .update(orders)
      .set({ item: { ...item, title: 'Lettering lesson', slot: near } as never })
      .where(eq(orders.id, orderId))
    const refused = await app.call('rescheduleBooking', { orderId, slot: a.start }, buyer.token)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toMatch(/up to 48 hours before it starts/)
    expect((await app.call('cancelBooking', { orderId }, buyer.token)).status).toBe(403)
    expect((await app.call('rescheduleBooking', { orderId, slot: a.start }, seller.token)).status).toBe(200)
    // Another seller cannot see it at all.
    const other = await sellerOf(app, 'kiprono')
    expect((await app.call('cancelBooking', { orderId }, other.token)).status).toBe(404)

    // The seller cancels: refunded in full, the time free again, the reminders gone.
    const cancelled = await app.call('cancelBooking', { orderId, reason: 'Studio closed' }, seller.token)
    expect(cancelled.status).toBe(200)
    await app.sandboxesIdle()
    expect((await order(orderId))?.status).toBe('refunded')
    expect(
      await app.database.db.select().from(bookingReminders).where(eq(bookingReminders.orderId, orderId)),
    ).toEqual([])
    expect((await app.call('cancelBooking', { orderId }, seller.token)).status).toBe(409)
  })

  it('pages the agenda after the last booking shown: one booked meanwhile never shifts a page', async () => {
    const id = await service('Paged consult', {})
    const day = new Date(Date.now() + 5 * DAY).toISOString().slice(0, 10)
    const [early, , b, c] = await slots(id, day, 7)
    if (!early || !b || !c) throw new Error('not enough free times')
    const bId = await book(id, b.start)
    await book(id, c.start)
    const page = (limit: number, cursor?: string) =>
      app.call('listBookings', { when: 'upcoming', limit, ...(cursor ? { cursor } : {}) }, seller.token)
    const all = data(await page(100)).bookings.map((x: { orderId: string }) => x.orderId) as string[]
    // The first page ends with b; then a time before b is booked. The next pages go on after b: nothing
    // shown twice (a page counted by position would show b again), nothing skipped.
    const first = data(await page(all.indexOf(bId) + 1))
    const seen: string[] = first.bookings.map((x: { orderId: string }) => x.orderId)
    expect(seen.at(-1)).toBe(bId)
    await book(id, early.start)
    let cursor: string | null = first.nextCursor
    while (cursor) {
      const next = data(await page(1, cursor))
      seen.push(...next.bookings.map((x: { orderId: string }) => x.orderId))
      cursor = next.nextCursor
    }
    expect(seen).toEqual(all)
    expect((await page(1, 'not-a-cursor')).status).toBe(400)
  })

  it('lets the buyer cancel within the policy, and lists the agenda for the seller only', async () => {
    const id = await service('Colour consult', { changeHours: 24 })
    const [slot] = await slots(id, new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10), 1)
    if (!slot) throw new Error('no slot')
    const orderId = await book(id, slot.start)
    const agenda = data(await app.call('listBookings', { when: 'upcoming' }, seller.token)).bookings
    expect(agenda.find((b: { orderId: string }) => b.orderId === orderId)).toMatchObject({
      service: 'Colour consult',
      status: 'booked',
      buyer: { name: 'Tom Hughes', email: 'tom@example.co.uk', phone: '254711222333' },
      start: slot.start,
      timeZone: 'Africa/Nairobi',
      where: 'Online',
    })
    expect((await app.call('listBookings', {}, buyer.token)).status).toBe(403)
    expect((await app.call('cancelBooking', { orderId }, buyer.token)).status).toBe(200)
    await app.sandboxesIdle()
    expect((await order(orderId))?.status).toBe('refunded')
    expect(await slots(id, slot.start.slice(0, 10), 1)).toContainEqual(slot)
    const sellerMail = (await readOutbox(app.database.db)).filter((m) => m.to === 'muthoni@example.com')
    expect(sellerMail.at(-1)?.subject).toMatch(/^Booking cancelled: Colour consult/)
  })

  it('reminds a day and an hour before, once each, as the job runner’s clock moves', async () => {
    const id = await service('Pricing clinic', {})
    const [slot] = await slots(id, new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10), 1)
    if (!slot) throw new Error('no slot')
    const orderId = await book(id, slot.start)
    const start = Date.parse(slot.start)
    const clock = testClock(new Date(start - DAY - 2 * 60_000).toISOString())
    const runner = createJobRunner({
      db: app.database.db,
      log: createLogger('silent'),
      definitions: [bookingsSweep(deps)],
      now: clock.now,
    })
    const reminders = async () =>
      (await readOutbox(app.database.db)).filter((m) => m.subject.startsWith('Reminder: Pricing clinic'))
    await runner.runDue()
    clock.advance(60_000)
    await runner.runDue()
    expect(await reminders()).toHaveLength(0)
    clock.advance(2 * 60_000)
    await runner.runDue()
    expect((await reminders()).map((m) => m.subject)).toEqual(['Reminder: Pricing clinic tomorrow'])
    // Again and again: nothing more until the hour before.
    for (let i = 0; i < 3; i++) {
      clock.advance(60_000)
      await runner.runDue()
    }
    expect(await reminders()).toHaveLength(1)
    clock.advance(DAY - HOUR)
    await runner.runDue()
    clock.advance(60_000)
    await runner.runDue()
    expect((await reminders()).map((m) => m.subject)).toEqual([
      'Reminder: Pricing clinic tomorrow',
      'Reminder: Pricing clinic in an hour',
    ])
    const texts = (await readOutbox(app.database.db, 'sms')).filter((m) =>
      m.text.startsWith('Soko reminder: "Pricing'),
    )
    expect(texts).toHaveLength(2)
    await runner.stop()
    expect((await order(orderId))?.status).toBe('paid')
  })

  it('lists the services on sale for /book with their next free time, soonest first', async () => {
    // Booked out for the next two weeks: a minimum notice of three weeks.
    await service('Studio residency', { minNoticeMinutes: 21 * 24 * 60, bookAheadDays: 60 })
    const listed = data(await app.call('listServices', {})).services as {
      title: string
      nextFree: Slot | null
    }[]
    expect(listed.length).toBeGreaterThan(2)
    expect(listed.at(-1)).toMatchObject({ title: 'Studio residency', nextFree: null })
    const starts = listed.flatMap((s) => (s.nextFree ? [Date.parse(s.nextFree.start)] : []))
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    const found = data(await app.call('listServices', { query: 'colour' })).services
    expect(found).toEqual([
      expect.objectContaining({
        title: 'Colour consult',
        price: { amount: 2_000_00, currency: 'KES' },
        durationMinutes: 60,
        where: 'Online',
        seller: { handle: 'muthoni', displayName: 'muthoni Studio' },
      }),
    ])
    expect(data(await app.call('listServices', { query: '%_' })).services).toEqual([])
    expect((await app.call('listServices', { sort: 'cheapest' })).status).toBe(400)
  })

  it('writes no raw ISO time in any mail, text or transaction', async () => {
    for (const message of await readOutbox(app.database.db))
      expect(message.text, message.subject).not.toMatch(RAW_ISO)
    for (const message of await readOutbox(app.database.db, 'sms')) expect(message.text).not.toMatch(RAW_ISO)
    for (const token of [seller.token, buyer.token]) {
      const { movements } = data(await app.call('listTransactions', { limit: 50 }, token))
      expect(movements.some((m: { slot: unknown }) => m.slot !== null)).toBe(true)
      for (const m of movements as { title: string }[]) expect(m.title).not.toMatch(RAW_ISO)
      // The export the page builds from them, in a London reader's zone.
      expect(transactionsCsv(movements, 'Europe/London')).not.toMatch(RAW_ISO)
    }
  })
})
