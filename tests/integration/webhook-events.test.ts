import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newProduct } from '../../contract/catalog.contract'
import { WEBHOOK_EVENTS } from '../../contract/webhooks.constants'
import { orders, tickets, webhookDeliveries, webhookEvents } from '../../server/db/schema'
import { markOverdue } from '../../server/features/invoices'
import { type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'
import { databaseKinds } from '../support/db'
import { invoiceDraft } from '../support/invoices'
import { data, payoutSteps } from '../support/payouts'
import { submitSandboxCard } from '../support/sandbox-card'
import { personOf, productOnSale } from '../support/shop'

/**
 * Each change a seller can be told of writes its event once, in the change's own transaction: the same
 * change made again, at once from two doors or by a repeated sweep, writes no second one.
 */
describe.each(databaseKinds)('webhook events, on %s', (kind) => {
  let app: RunningApp
  let admin = ''
  let seller: { id: string; token: string }

  beforeAll(async () => {
    const base = testConfig()
    app = await startApp(kind, { payouts: { ...base.payouts, holdDays: 0, newMethodWaitHours: 0 } })
    admin = (await personOf(app, 'hooks-admin@example.com', { roles: ['admin'] })).token
    seller = await payoutSteps(app, () => admin).sellerWithSale('hook-events')
    const added = await app.call(
      'createWebhookEndpoint',
      {
        url: 'https://hooks.example.com/all',
        events: [...WEBHOOK_EVENTS],
      },
      seller.token,
    )
    expect(added.status, JSON.stringify(added.body)).toBe(200)
  }, 60_000)
  afterAll(() => app?.close())

  /** The seller's events of a type, oldest first, each with its deliveries counted. */
  async function eventsOf(type: string) {
    const rows = await app.database.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.sellerId, seller.id), eq(webhookEvents.type, type)))
      .orderBy(webhookEvents.version)
    for (const row of rows) {
      const deliveries = await app.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.eventId, row.id))
      expect(deliveries, type).toHaveLength(1)
    }
    return rows
  }

  it('a ticket checked in at two doors at once: one ticket.checked_in', async () => {
    const [ticket] = await app.database.db
      .select({ code: tickets.code, eventId: orders.productId })
      .from(tickets)
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .where(eq(orders.sellerId, seller.id))
    if (!ticket) throw new Error('no ticket')
    const door = (name: string) =>
      app.call(
        'syncCheckIns',
        {
          eventId: ticket.eventId,
          deviceId: `door-device-${name}`,
          door: name,
          checkIns: [{ id: randomUUID(), code: ticket.code, at: new Date().toISOString() }],
        },
        seller.token,
      )
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => door(`Gate ${i}`)))
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    const events = await eventsOf('ticket.checked_in')
    expect(events).toHaveLength(1)
    expect(events[0]?.object).toMatchObject({ object: 'check_in', ticketCode: ticket.code })
  })

  it('an invoice sent, paid in full and then a sweep past its due day: sent, paid, and no overdue', async () => {
    const made = data(
      await app.call('createInvoice', { invoice: invoiceDraft({ deposit: null }) }, seller.token),
    ).invoice
    const sent = data(await app.call('sendInvoice', { invoiceId: made.id }, seller.token)).invoice
    expect((await eventsOf('invoice.sent')).map((e) => e.objectId)).toEqual([made.id])
    // Another, left unpaid, goes overdue once however often the sweep runs.
    const late = data(
      await app.call('createInvoice', { invoice: invoiceDraft({ deposit: null }) }, seller.token),
    ).invoice
    await app.call('sendInvoice', { invoiceId: late.id }, seller.token)
    const paid = await app.call(
      'recordInvoicePayment',
      { invoiceId: made.id, method: 'cash', amount: sent.totals.total, receivedOn: '2026-11-25' },
      seller.token,
    )
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    expect((await eventsOf('invoice.paid')).map((e) => e.object)).toEqual([
      expect.objectContaining({ id: made.id, status: 'paid' }),
    ])
    const afterDue = new Date('2027-01-01T00:00:00Z')
    await Promise.all([markOverdue(app.services, afterDue), markOverdue(app.services, afterDue)])
    await markOverdue(app.services, afterDue)
    const overdue = (await eventsOf('invoice.overdue')).filter((e) => [made.id, late.id].includes(e.objectId))
    expect(overdue.map((e) => e.objectId)).toEqual([late.id])
  })

  it('a payout M-Pesa refuses, then one paid: payout.failed and payout.paid', async () => {
    const steps = payoutSteps(app, () => admin)
    // The sandbox's 0700 000 701 is not registered on M-Pesa: the payout fails for good.
    const nowhere = await steps.mpesaDestination(seller.token, '0700000701')
    const failedId = await steps.approvedPayout(seller.token, nowhere, 300_00)
    expect((await eventsOf('payout.failed')).map((e) => e.object)).toEqual([
      expect.objectContaining({ id: failedId, status: 'failed' }),
    ])
    const methodId = await steps.mpesaDestination(seller.token, '0712345690')
    const asked = await app.call(
      'requestPayout',
      { requestKey: randomUUID(), currency: 'KES', amount: 500_00, methodId, speed: 'instant' },
      seller.token,
    )
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    const paidId = data(asked).payout.id as string
    if (data(asked).payout.status === 'approval')
      expect((await app.call('reviewPayout', { payoutId: paidId, approve: true }, admin)).status).toBe(200)
    await app.sandboxesIdle()
    expect((await eventsOf('payout.paid')).map((e) => e.object)).toEqual([
      expect.objectContaining({ id: paidId, status: 'paid', amount: { amount: 500_00, currency: 'KES' } }),
    ])
  })

  it('a booking made, moved and cancelled: one event each, versions growing', async () => {
    const productId = await productOnSale(
      app,
      seller.id,
      newProduct.parse({
        kind: 'service',
        title: 'Mixing session',
        description: '<p>One to one.</p>',
        price: { amount: 2_000_00, currency: 'KES' },
        details: {
          durationMinutes: 60,
          where: { kind: 'online', url: 'https://meet.example.com/studio' },
          timeZone: 'Africa/Nairobi',
          availability: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '09:00', to: '12:00' })),
          cancelHours: 0,
        },
      }),
    )
    const buyer = await personOf(app, 'hook-booker@example.com')
    const slots = data(await app.call('listSlots', { productId, days: 14 })).slots as { start: string }[]
    const [first, , later] = slots.slice(-3)
    const started = data(
      await app.call('startCheckout', { productId, method: 'card', slot: first?.start }, buyer.token),
    )
    expect((await submitSandboxCard(started.next.url, '4242 4242 4242 4242')).status).toBe(303)
    await app.sandboxesIdle()
    const orderId = started.orderId as string
    const moved = await app.call('rescheduleBooking', { orderId, slot: later?.start }, seller.token)
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    const cancelled = await app.call('cancelBooking', { orderId, reason: '' }, seller.token)
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    const kinds = ['booking.created', 'booking.rescheduled', 'booking.cancelled'] as const
    const found = await Promise.all(
      kinds.map(async (type) => (await eventsOf(type)).filter((e) => e.objectId === orderId)),
    )
    expect(found.map((rows) => rows.length)).toEqual([1, 1, 1])
    const [made, move, gone] = found.map((rows) => rows[0])
    expect(made?.object).toMatchObject({ status: 'booked', start: first?.start })
    expect(move?.object).toMatchObject({ status: 'booked', start: later?.start, moves: 1 })
    expect(gone?.object).toMatchObject({ status: 'cancelled' })
    expect(Number(made?.version)).toBeLessThan(Number(move?.version))
    expect(Number(move?.version)).toBeLessThan(Number(gone?.version))
    expect((await eventsOf('order.refunded')).map((e) => e.objectId)).toContain(orderId)
  })
})
