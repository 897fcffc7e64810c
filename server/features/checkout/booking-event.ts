import { eq } from 'drizzle-orm'
import { type CalendarEvent, googleCalendarLink, icsFile } from '../../../contract/calendar'
import type { ServiceDetails } from '../../../contract/catalog.contract'
import type { Lang } from '../../../contract/i18n'
import type { DbOrTx } from '../../db/client'
import { products, sellers } from '../../db/schema'
import { translate } from '../../lib/i18n'
import type { MailAttachment } from '../../mail/mailer'
import type { OrderRow } from './orders'

/** What messages about a booking say: the service's rules and place, who offers it, the calendar event. */
export interface BookingFacts {
  details: ServiceDetails
  sellerName: string
  /** The address, or the join link. */
  where: string
  event: CalendarEvent
}

/** The buyer's zone (where they booked from), else the service's. */
export const buyerZone = (order: OrderRow, details?: Pick<ServiceDetails, 'timeZone'>) =>
  order.item.timeZone ?? details?.timeZone ?? 'Africa/Nairobi'

/**
 * A booking's facts as they are now, for its mails and texts; `url` is the order's page (with its key),
 * which the event carries. Null when the order is not a booking.
 */
export async function bookingFacts(db: DbOrTx, order: OrderRow, url: string): Promise<BookingFacts | null> {
  const slot = order.item.slot
  if (order.kind !== 'service' || !slot) return null
  const [row] = await db
    .select({ title: products.title, details: products.details, sellerName: sellers.displayName })
    .from(products)
    .innerJoin(sellers, eq(sellers.userId, products.sellerId))
    .where(eq(products.id, order.productId))
  if (!row) return null
  const details = row.details as ServiceDetails
  const where = details.where.kind === 'online' ? details.where.url : details.where.address
  return {
    details,
    sellerName: row.sellerName,
    where,
    event: {
      uid: `${order.id}@soko`,
      sequence: order.item.moves ?? 0,
      start: slot.start,
      end: slot.end,
      // The buyer's calendar entry, in the language of their order.
      title: translate(
        order.language,
        /*i18n*/ { id: 'calendar.booking.title', message: '{title} with {seller}' },
        { title: order.item.title, seller: row.sellerName },
      ),
      description: translate(
        order.language,
        /*i18n*/ {
          id: 'calendar.booking.description',
          message: 'Booking {reference} on Soko. Move or cancel it from your order page.',
        },
        { reference: order.reference },
      ),
      location: where,
      url,
      cancelled: order.status === 'refunding' || order.status === 'refunded',
    },
  }
}

/** The calendar file to attach, and the sentence that offers both ways to add it. */
export function calendarParts(
  facts: BookingFacts,
  lang: Lang = 'en',
): { attachment: MailAttachment; line: string } {
  return {
    attachment: {
      filename: 'booking.ics',
      content: Buffer.from(icsFile(facts.event), 'utf8'),
      contentType: `text/calendar; charset=utf-8; method=${facts.event.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    },
    line: facts.event.cancelled
      ? translate(
          lang,
          /*i18n*/ {
            id: 'mail.calendar.cancelled',
            message: 'The attached calendar file takes it out of your calendar.',
          },
        )
      : translate(
          lang,
          /*i18n*/ {
            id: 'mail.calendar.add',
            message: 'Add it to your calendar with the attached file, or to Google Calendar: {link}',
          },
          { link: googleCalendarLink(facts.event) },
        ),
  }
}
