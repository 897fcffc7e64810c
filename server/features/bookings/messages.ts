import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { EventDetails } from '../../../contract/catalog.contract'
import { orderLinks, products, users } from '../../db/schema'
import { dayTimeText, slotText } from '../../lib/when'
import type { MailMessage } from '../../mail/mailer'
import { compose } from '../../mail/templates'
import { hashToken } from '../../sms/sms.routes'
import { bookingSms } from '../../sms/templates'
import {
  type BookingFacts,
  bookingFacts,
  buyerZone,
  calendarParts,
  type OrderRow,
  orderLinkWithKey,
  payerPhone,
  sellerOf,
} from '../checkout'
import type { BookingServices } from './deps'

/**
 * What a booking's buyer and seller are told when it moves, is cancelled, or is near: mails (the buyer's
 * with the calendar file, updated), and a text to the buyer's phone when Soko has one. Times are written in
 * each reader's zone: the buyer's (where they booked from), the seller's (the service's).
 */
export function bookingMessages(deps: BookingServices) {
  const { log, config } = deps
  const send = async (message: MailMessage) => {
    try {
      await deps.mailer.send(message)
    } catch (error) {
      // The change stands without its mail: both sides see it on their pages.
      log.error('booking mail not sent', { subject: message.subject, error })
    }
  }
  const facts = async (order: OrderRow) => bookingFacts(deps.db, order, orderLinkWithKey(deps, order))

  /** The buyer's mail about their booking, with the calendar file as it now stands. */
  async function toBuyer(order: OrderRow, booking: BookingFacts, subject: string, lines: string[]) {
    const calendar = calendarParts(booking)
    await send({
      ...compose(order.buyerEmail, subject, [...lines, calendar.line], {
        label: 'Open your booking',
        url: booking.event.url,
      }),
      attachments: [calendar.attachment],
    })
  }

  async function toSeller(order: OrderRow, subject: string, lines: string[]) {
    const seller = await sellerOf(deps.db, order.sellerId)
    if (seller)
      await send(
        compose(seller.email, subject, lines, {
          label: 'See your bookings',
          url: `${config.publicUrl}/account/bookings`,
        }),
      )
  }

  return {
    async moved(order: OrderRow, from: { start: string; end: string }, by: 'buyer' | 'seller') {
      const booking = await facts(order)
      const slot = order.item.slot
      if (!booking || !slot) return
      const title = order.item.title
      const zone = buyerZone(order, booking.details)
      const now = slotText(slot, zone)
      await toBuyer(order, booking, `Your booking has moved: ${title} (${order.reference})`, [
        `${by === 'seller' ? `${booking.sellerName} moved` : 'You moved'} your booking of ${title}.`,
        `New time: ${now}. It was ${slotText(from, zone)}.`,
        `Where: ${booking.where}.`,
      ])
      await queueSms(order, `moved:${order.id}:${order.item.moves ?? 0}`, now, true)
      const sellerZone = booking.details.timeZone
      await toSeller(order, `Booking moved: ${title} (${order.reference})`, [
        `${by === 'buyer' ? `${order.buyerEmail} moved` : 'You moved'} the booking of ${title}.`,
        `New time: ${slotText(slot, sellerZone)}. It was ${slotText(from, sellerZone)}.`,
      ])
    },

    async cancelled(order: OrderRow, by: 'buyer' | 'seller', reason: string) {
      const booking = await facts(order)
      const slot = order.item.slot
      if (!booking || !slot) return
      const title = order.item.title
      // The refund's own mail tells the buyer about the money; this one takes the event out of the calendar.
      await toBuyer(order, booking, `Booking cancelled: ${title} (${order.reference})`, [
        `${by === 'seller' ? `${booking.sellerName} cancelled` : 'You cancelled'} your booking of ${title} on ${slotText(slot, buyerZone(order, booking.details))}.`,
        'Your payment is being refunded in full.',
      ])
      if (by === 'buyer')
        await toSeller(order, `Booking cancelled: ${title} (${order.reference})`, [
          `${order.buyerEmail} cancelled the booking of ${title} on ${slotText(slot, booking.details.timeZone)}; the time is free again and the payment is refunded.`,
          ...(reason ? [`Their reason: ${reason}`] : []),
        ])
    },

    /** A reminder, a day or an hour before. */
    async reminder(order: OrderRow, minutesBefore: number) {
      if (order.kind === 'event') return eventReminder(order)
      const booking = await facts(order)
      const slot = order.item.slot
      if (!booking || !slot) return
      const when = slotText(slot, buyerZone(order, booking.details))
      const soon = minutesBefore >= 24 * 60 ? 'tomorrow' : 'in an hour'
      await toBuyer(order, booking, `Reminder: ${order.item.title} ${soon}`, [
        `Your booking of ${order.item.title} with ${booking.sellerName} is ${soon}: ${when}.`,
        `Where: ${booking.where}.`,
      ])
      await queueSms(order, `reminder:${order.id}:${order.item.moves ?? 0}:${minutesBefore}`, when, false)
    },
  }

  /** An event's tickets, a day before: when and where, in the buyer's zone, and the way to the tickets. */
  async function eventReminder(order: OrderRow) {
    const [event] = await deps.db
      .select({ details: products.details })
      .from(products)
      .where(eq(products.id, order.productId))
    const details = event?.details as EventDetails | undefined
    if (!details) return
    const when = dayTimeText(details.startsAt, order.item.timeZone ?? details.timeZone)
    const where =
      details.where.kind === 'place' ? details.where.address : 'online: the link is on your order page'
    const title = order.item.title
    await send(
      compose(
        order.buyerEmail,
        `Reminder: ${title} tomorrow`,
        [
          `${title} is tomorrow: ${when}.`,
          `Where: ${where}.`,
          `Your ticket${order.quantity === 1 ? '' : 's'}, with the QR code to show at the door, ${order.quantity === 1 ? 'is' : 'are'} on your order page: it opens with no network once you have opened it.`,
        ],
        { label: 'Open your tickets', url: orderLinkWithKey(deps, order) },
      ),
    )
    await queueSms(order, `reminder:${order.id}:event`, when, false)
  }

  /** The text to the buyer's phone (the M-Pesa number that paid, else their confirmed one), once per event. */
  async function queueSms(order: OrderRow, eventKey: string, when: string, moved: boolean) {
    try {
      const phone = payerPhone(order) ?? (await confirmedPhone(order.buyerId))
      if (!phone) return
      const token = randomBytes(16).toString('base64url')
      const text = bookingSms({
        title: order.item.title,
        when,
        link: `${config.publicUrl}/o/${token}`,
        moved,
      })
      await deps.db.transaction(async (tx) => {
        const queued = await deps.sms.queue(tx, { eventKey, kind: 'reminder', phone, text })
        if (queued) await tx.insert(orderLinks).values({ tokenHash: hashToken(token), orderId: order.id })
      })
    } catch (error) {
      log.error('booking SMS not queued', { orderId: order.id, error })
    }
  }

  async function confirmedPhone(userId: string): Promise<string | null> {
    const [user] = await deps.db
      .select({ phone: users.phone, verifiedAt: users.phoneVerifiedAt })
      .from(users)
      .where(eq(users.id, userId))
    return user?.verifiedAt && user.phone ? user.phone : null
  }
}
