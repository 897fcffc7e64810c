import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { EventDetails } from '../../../contract/catalog.contract'
import type { Lang, Message, MessageParams } from '../../../contract/i18n'
import { orderLinks, products, users } from '../../db/schema'
import { translate } from '../../lib/i18n'
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
/** Where a booking is, and a reminder's subject the day before: said in more than one mail. */
const WHERE = /*i18n*/ { id: 'mail.booking.where', message: 'Where: {where}.' }
const TOMORROW = /*i18n*/ {
  id: 'mail.booking.reminder.subject.tomorrow',
  message: 'Reminder: {title} tomorrow',
}

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
    const lang = order.language
    const calendar = calendarParts(booking, lang)
    await send({
      ...compose(
        order.buyerEmail,
        subject,
        [...lines, calendar.line],
        {
          label: translate(lang, /*i18n*/ { id: 'mail.booking.action', message: 'Open your booking' }),
          url: booking.event.url,
        },
        lang,
      ),
      attachments: [calendar.attachment],
    })
  }
  /** Words to the buyer, in the language of their order. */
  const toBuyerIn = (order: OrderRow) => (message: Message, params?: MessageParams) =>
    translate(order.language, message, params)

  /** The seller's mail about a booking, in their account's language; `lines` writes it in that language. */
  async function toSeller(
    order: OrderRow,
    write: (
      t: (message: Message, params?: MessageParams) => string,
      lang: Lang,
    ) => {
      subject: string
      lines: string[]
    },
  ) {
    const seller = await sellerOf(deps.db, order.sellerId)
    if (!seller) return
    const lang = seller.lang
    const { subject, lines } = write((message, params) => translate(lang, message, params), lang)
    await send(
      compose(
        seller.email,
        subject,
        lines,
        {
          label: translate(lang, /*i18n*/ { id: 'mail.booking.seller.action', message: 'See your bookings' }),
          url: `${config.publicUrl}/account/bookings`,
        },
        lang,
      ),
    )
  }

  return {
    async moved(order: OrderRow, from: { start: string; end: string }, by: 'buyer' | 'seller') {
      const booking = await facts(order)
      const slot = order.item.slot
      if (!booking || !slot) return
      const title = order.item.title
      const zone = buyerZone(order, booking.details)
      const lang = order.language
      const t = toBuyerIn(order)
      const now = slotText(slot, zone, lang)
      const params = {
        title,
        reference: order.reference,
        seller: booking.sellerName,
        now,
        was: slotText(from, zone, lang),
      }
      await toBuyer(
        order,
        booking,
        t(
          /*i18n*/ {
            id: 'mail.booking.moved.subject',
            message: 'Your booking has moved: {title} ({reference})',
          },
          params,
        ),
        [
          by === 'seller'
            ? t(
                /*i18n*/ {
                  id: 'mail.booking.moved.by-seller',
                  message: '{seller} moved your booking of {title}.',
                },
                params,
              )
            : t(
                /*i18n*/ { id: 'mail.booking.moved.by-you', message: 'You moved your booking of {title}.' },
                params,
              ),
          t(/*i18n*/ { id: 'mail.booking.moved.times', message: 'New time: {now}. It was {was}.' }, params),
          t(WHERE, { where: booking.where }),
        ],
      )
      await queueSms(order, `moved:${order.id}:${order.item.moves ?? 0}`, now, true)
      const sellerZone = booking.details.timeZone
      await toSeller(order, (t, lang) => {
        const params = {
          title,
          reference: order.reference,
          buyer: order.buyerEmail,
          now: slotText(slot, sellerZone, lang),
          was: slotText(from, sellerZone, lang),
        }
        return {
          subject: t(
            /*i18n*/ {
              id: 'mail.booking.seller.moved.subject',
              message: 'Booking moved: {title} ({reference})',
            },
            params,
          ),
          lines: [
            by === 'buyer'
              ? t(
                  /*i18n*/ {
                    id: 'mail.booking.seller.moved.by-buyer',
                    message: '{buyer} moved the booking of {title}.',
                  },
                  params,
                )
              : t(
                  /*i18n*/ {
                    id: 'mail.booking.seller.moved.by-you',
                    message: 'You moved the booking of {title}.',
                  },
                  params,
                ),
            t(
              /*i18n*/ { id: 'mail.booking.seller.moved.times', message: 'New time: {now}. It was {was}.' },
              params,
            ),
          ],
        }
      })
    },

    async cancelled(order: OrderRow, by: 'buyer' | 'seller', reason: string) {
      const booking = await facts(order)
      const slot = order.item.slot
      if (!booking || !slot) return
      const title = order.item.title
      // The refund's own mail tells the buyer about the money; this one takes the event out of the calendar.
      const t = toBuyerIn(order)
      const params = {
        title,
        reference: order.reference,
        seller: booking.sellerName,
        when: slotText(slot, buyerZone(order, booking.details), order.language),
      }
      await toBuyer(
        order,
        booking,
        t(
          /*i18n*/ {
            id: 'mail.booking.cancelled.subject',
            message: 'Booking cancelled: {title} ({reference})',
          },
          params,
        ),
        [
          by === 'seller'
            ? t(
                /*i18n*/ {
                  id: 'mail.booking.cancelled.by-seller',
                  message: '{seller} cancelled your booking of {title} on {when}.',
                },
                params,
              )
            : t(
                /*i18n*/ {
                  id: 'mail.booking.cancelled.by-you',
                  message: 'You cancelled your booking of {title} on {when}.',
                },
                params,
              ),
          t(
            /*i18n*/ {
              id: 'mail.booking.cancelled.refund',
              message: 'Your payment is being refunded in full.',
            },
          ),
        ],
      )
      if (by === 'buyer')
        await toSeller(order, (t, lang) => {
          const params = {
            title,
            reference: order.reference,
            buyer: order.buyerEmail,
            when: slotText(slot, booking.details.timeZone, lang),
            reason,
          }
          return {
            subject: t(
              /*i18n*/ {
                id: 'mail.booking.seller.cancelled.subject',
                message: 'Booking cancelled: {title} ({reference})',
              },
              params,
            ),
            lines: [
              t(
                /*i18n*/ {
                  id: 'mail.booking.seller.cancelled.body',
                  message:
                    '{buyer} cancelled the booking of {title} on {when}; the time is free again and the payment is refunded.',
                },
                params,
              ),
              ...(reason
                ? [
                    t(
                      /*i18n*/ {
                        id: 'mail.booking.seller.cancelled.reason',
                        message: 'Their reason: {reason}',
                      },
                      params,
                    ),
                  ]
                : []),
            ],
          }
        })
    },

    /** A reminder, a day or an hour before. */
    async reminder(order: OrderRow, minutesBefore: number) {
      if (order.kind === 'event') return eventReminder(order)
      const booking = await facts(order)
      const slot = order.item.slot
      if (!booking || !slot) return
      const t = toBuyerIn(order)
      const when = slotText(slot, buyerZone(order, booking.details), order.language)
      const params = { title: order.item.title, seller: booking.sellerName, when }
      const tomorrow = minutesBefore >= 24 * 60
      await toBuyer(
        order,
        booking,
        tomorrow
          ? t(TOMORROW, params)
          : t(
              /*i18n*/ { id: 'mail.booking.reminder.subject.hour', message: 'Reminder: {title} in an hour' },
              params,
            ),
        [
          tomorrow
            ? t(
                /*i18n*/ {
                  id: 'mail.booking.reminder.tomorrow',
                  message: 'Your booking of {title} with {seller} is tomorrow: {when}.',
                },
                params,
              )
            : t(
                /*i18n*/ {
                  id: 'mail.booking.reminder.hour',
                  message: 'Your booking of {title} with {seller} is in an hour: {when}.',
                },
                params,
              ),
          t(WHERE, { where: booking.where }),
        ],
      )
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
    const lang = order.language
    const t = toBuyerIn(order)
    const when = dayTimeText(details.startsAt, order.item.timeZone ?? details.timeZone, lang)
    const where =
      details.where.kind === 'place'
        ? details.where.address
        : t(/*i18n*/ { id: 'mail.event.online', message: 'online: the link is on your order page' })
    const title = order.item.title
    await send(
      compose(
        order.buyerEmail,
        t(TOMORROW, { title }),
        [
          t(/*i18n*/ { id: 'mail.event.tomorrow', message: '{title} is tomorrow: {when}.' }, { title, when }),
          t(WHERE, { where }),
          order.quantity === 1
            ? t(
                /*i18n*/ {
                  id: 'mail.event.ticket',
                  message:
                    'Your ticket, with the QR code to show at the door, is on your order page: it opens with no network once you have opened it.',
                },
              )
            : t(
                /*i18n*/ {
                  id: 'mail.event.tickets',
                  message:
                    'Your tickets, with the QR code to show at the door, are on your order page: it opens with no network once you have opened it.',
                },
              ),
        ],
        {
          label: t(/*i18n*/ { id: 'mail.event.action', message: 'Open your tickets' }),
          url: orderLinkWithKey(deps, order),
        },
        lang,
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
        lang: order.language,
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
