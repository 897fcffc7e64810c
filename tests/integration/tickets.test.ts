import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../server/db/schema'
import { sendDueBookingReminders } from '../../server/features/bookings/reminders'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { readOutbox } from '../support/outbox'
import { submitSandboxCard } from '../support/sandbox-card'
import { eventOnSale, personOf, sellerOf } from '../support/shop'

type Answer = Awaited<ReturnType<RunningApp['call']>>
// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered
const data = (answer: Answer) => answer.body.data as Record<string, any>

describe.each(databaseKinds)('tickets at the door on %s', (kind) => {
  let app: RunningApp
  let seller: { id: string; token: string }
  let other: { id: string; token: string }
  let eventId: string
  let otherEvent: string
  let buyer: { token: string }
  const codes: string[] = []

  /** Buys `quantity` tickets by card as the buyer, with names when given; the order's id. */
  async function buy(productId: string, quantity: number, holders?: string[]) {
    const started = await app.call(
      'startCheckout',
      { productId, method: 'card', quantity, ...(holders ? { holders } : {}) },
      buyer.token,
    )
    if (started.status !== 200) return started
    expect((await submitSandboxCard(data(started).next.url, '4242 4242 4242 4242')).status).toBe(303)
    await app.sandboxesIdle()
    return started
  }

  const sync = (
    checkIns: { id: string; code: string; at: string }[],
    door = 'Main door',
    token = seller.token,
  ) => app.call('syncCheckIns', { eventId, deviceId: `device-${door}`, door, checkIns }, token)

  beforeAll(async () => {
    app = await startApp(kind)
    seller = await sellerOf(app, 'akinyi')
    other = await sellerOf(app, 'barasa')
    eventId = await eventOnSale(app, seller.id, 'Nairobi Film Night', { amount: 500_00, currency: 'KES' })
    otherEvent = await eventOnSale(app, seller.id, 'Mombasa Jazz', { amount: 800_00, currency: 'KES' })
    buyer = await personOf(app, 'wambui@example.com', { name: 'Wambui Njoroge' })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('puts a name on each ticket: the ones given at checkout, else the buyer’s', async () => {
    // One name per ticket, or none.
    const wrong = await buy(eventId, 2, ['Only One'])
    expect(wrong.status).toBe(400)
    expect((wrong.body as { errors?: Record<string, string> }).errors?.holders).toBe(
      'Give 2 names, one per ticket',
    )
    const named = await buy(eventId, 2, ['Wambui Njoroge', 'Otieno Ouma'])
    const order = data(await app.call('getOrder', { orderId: data(named).orderId }, buyer.token)).order
    expect(order.tickets.map((t: { holder: string }) => t.holder).sort()).toEqual([
      'Otieno Ouma',
      'Wambui Njoroge',
    ])
    await buy(eventId, 1)
    const list = data(await app.call('listAttendees', { eventId }, seller.token))
    expect(list.attendees.map((a: { holder: string }) => a.holder)).toEqual([
      'Otieno Ouma',
      'Wambui Njoroge',
      'Wambui Njoroge',
    ])
    expect(list.types).toEqual([
      expect.objectContaining({ name: 'Regular', capacity: 100, sold: 3, checkedIn: 0 }),
    ])
    expect(list.event).toMatchObject({ title: 'Nairobi Film Night', timeZone: 'Africa/Nairobi' })
    codes.push(...list.attendees.map((a: { code: string }) => a.code))
  })

  it('shows the attendees to the event’s seller only', async () => {
    expect((await app.call('listAttendees', { eventId }, other.token)).status).toBe(404)
    expect((await app.call('listAttendees', { eventId }, buyer.token)).status).toBe(403)
    expect((await app.call('listAttendees', { eventId })).status).toBe(600)
    expect((await sync([], 'Main door', other.token)).status).toBe(404)
  })

  it('records each check-in once, and reports the same ticket at two doors as a duplicate with both times', async () => {
    const [code] = codes
    if (!code) throw new Error('no ticket')
    const main = { id: randomUUID(), code, at: '2026-12-24T16:05:00.000Z' }
    const side = { id: randomUUID(), code, at: '2026-12-24T16:07:00.000Z' }
    const first = data(await sync([main]))
    expect(first.results).toEqual([{ id: main.id, result: 'valid', holder: expect.any(String), first: null }])
    // The same batch again (a retried sync): still valid, recorded once.
    expect(data(await sync([main])).results[0].result).toBe('valid')
    // The side door, offline at the time, scanned it two minutes later.
    const second = data(await sync([side], 'Side door')).results[0]
    expect(second).toMatchObject({
      result: 'duplicate',
      first: { at: '2026-12-24T16:05:00.000Z', door: 'Main door' },
    })
    const list = data(await app.call('listAttendees', { eventId }, seller.token))
    const attendee = list.attendees.find((a: { code: string }) => a.code === code)
    expect(attendee.checkIns).toEqual([
      { at: '2026-12-24T16:05:00.000Z', door: 'Main door' },
      { at: '2026-12-24T16:07:00.000Z', door: 'Side door' },
    ])
    expect(list.types[0].checkedIn).toBe(1)
  })

  it('refuses refunded tickets, tickets of another event, and codes nobody issued', async () => {
    const refundable = data(await buy(eventId, 1)).orderId as string
    const ticket = data(await app.call('getOrder', { orderId: refundable }, buyer.token)).order.tickets[0]
    expect((await app.call('refundOrder', { orderId: refundable }, seller.token)).status).toBe(200)
    await app.sandboxesIdle()
    const elsewhere = data(await buy(otherEvent, 1)).orderId as string
    const otherTicket = data(await app.call('getOrder', { orderId: elsewhere }, buyer.token)).order.tickets[0]
    const at = new Date().toISOString()
    const { results } = data(
      await sync([
        { id: randomUUID(), code: ticket.code, at },
        { id: randomUUID(), code: otherTicket.code, at },
        { id: randomUUID(), code: 'SKNOTATICKET-00', at },
      ]),
    )
    expect(results.map((r: { result: string }) => r.result)).toEqual(['refunded', 'other-event', 'unknown'])
    const list = data(await app.call('listAttendees', { eventId }, seller.token))
    expect(list.attendees.find((a: { code: string }) => a.code === ticket.code).status).toBe('refunded')
  })

  it('reminds ticket buyers a day before, once, and lets the seller mail them all', async () => {
    const [event] = await app.database.db.select().from(products).where(eq(products.id, eventId))
    if (!event) throw new Error('no event')
    const startsAt = Date.parse((event.details as { startsAt: string }).startsAt)
    const reminders = async () =>
      (await readOutbox(app.database.db)).filter((m) => m.subject === 'Reminder: Nairobi Film Night tomorrow')
    expect(await sendDueBookingReminders(app.services, new Date(startsAt - 2 * 86_400_000))).toBe(0)
    // A day before: each paid order's buyer is reminded once (not the refunded order's).
    const sent = await sendDueBookingReminders(app.services, new Date(startsAt - 86_400_000 + 60_000))
    expect(sent).toBeGreaterThanOrEqual(2)
    expect(await sendDueBookingReminders(app.services, new Date(startsAt - 86_400_000 + 120_000))).toBe(0)
    // Two paid orders for this event (the other event's buyer is reminded of that one).
    expect((await reminders()).map((m) => m.to)).toEqual(['wambui@example.com', 'wambui@example.com'])
    expect((await reminders())[0]?.text).toMatch(
      /Nairobi Film Night is tomorrow: \w{3} \d{1,2} \w{3}, \d\d:\d\d/,
    )
    expect((await reminders())[0]?.text).toContain('The Alchemist, Westlands')

    const message = {
      eventId,
      title: 'Doors at 6',
      message: 'Doors open at 6 pm. Bring your ticket on your phone.',
    }
    expect((await app.call('messageAttendees', message, other.token)).status).toBe(404)
    expect((await app.call('messageAttendees', { ...message, message: 'Hi' }, seller.token)).status).toBe(400)
    const answer = data(await app.call('messageAttendees', message, seller.token))
    // Wambui bought every ticket: one mail.
    expect(answer.sent).toBe(1)
    const mailed = (await readOutbox(app.database.db)).filter(
      (m) => m.subject === 'Nairobi Film Night: Doors at 6',
    )
    expect(mailed.map((m) => m.to)).toEqual(['wambui@example.com'])
  })

  it('lists an order’s tickets in the order the buyer named them at checkout', async () => {
    // Neither alphabetical nor any other order the codes or ids could fall into by chance, most likely.
    const names = ['Zawadi Kerubo', 'Amani Said', 'Mwangi Kariuki', 'Baraka Otieno', 'Cherono Kip']
    const bought = await buy(otherEvent, names.length, names)
    expect(bought.status).toBe(200)
    const order = data(await app.call('getOrder', { orderId: data(bought).orderId }, buyer.token)).order
    expect(order.tickets.map((t: { holder: string }) => t.holder)).toEqual(names)
    // Each time it is read: the order is stored, not a matter of luck.
    const again = data(await app.call('getOrder', { orderId: data(bought).orderId }, buyer.token)).order
    expect(again.tickets.map((t: { code: string }) => t.code)).toEqual(
      order.tickets.map((t: { code: string }) => t.code),
    )
  })
})
