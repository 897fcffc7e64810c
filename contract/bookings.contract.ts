import { z } from 'zod'
import { accessKey, order, orderId } from './checkout.contract'
import { money } from './money'
import { defineSubject } from './rpc'
import { say } from './say'

/** Said in more than one place. */
const START_AGAIN = /*i18n*/ { id: 'bookings.startAgain', message: 'Start again' }

/**
 * Bookings: the paid orders of services, each a time with a buyer. The seller's agenda lists them; the
 * buyer (within the seller's policy) or the seller moves one to another free time or cancels it, which
 * refunds it in full through the order's refund.
 */

export const BOOKING_STATUSES = ['booked', 'cancelling', 'cancelled'] as const

export const booking = z.object({
  orderId: z.string(),
  reference: z.string(),
  productId: z.string(),
  service: z.string(),
  buyer: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  start: z.string(),
  end: z.string(),
  /** The service's zone: where its hours are kept. */
  timeZone: z.string(),
  status: z.enum(BOOKING_STATUSES),
  total: money,
  /** Where it happens: the address, or that the join link is in the buyer's booking. */
  where: z.string(),
})
export type Booking = z.infer<typeof booking>

const slotStart = z.iso.datetime({
  offset: true,
  error: say(/*i18n*/ { id: 'bookings.chooseTime', message: 'Choose a time' }),
})

/** A service on sale as /book lists it: what, by whom, how long, the price and the next free time. */
export const serviceListing = z.object({
  slug: z.string(),
  title: z.string(),
  category: z.string().nullable(),
  price: money,
  durationMinutes: z.number().int(),
  seller: z.object({ handle: z.string(), displayName: z.string() }),
  /** `Online`, or the address. */
  where: z.string(),
  /** The soonest free time in the next two weeks; null when there is none. */
  nextFree: z.object({ start: z.string(), end: z.string() }).nullable(),
})
export type ServiceListing = z.infer<typeof serviceListing>

export const bookingsContract = {
  listServices: defineSubject({
    kind: 'query',
    access: 'public',
    summary:
      'The services on sale for /book: searched by words, in a category, sorted by the soonest free time or ' +
      'the price, each with its next free time; the categories that have services.',
    input: z.strictObject({
      query: z.string().trim().max(100).default(''),
      category: z.string().trim().max(60).optional(),
      sort: z
        .enum(['soonest', 'price'], {
          error: say(/*i18n*/ { id: 'bookings.chooseSoonestPrice', message: 'Choose soonest or price' }),
        })
        .default('soonest'),
      cursor: z
        .string()
        .regex(/^\d{1,5}$/, say(START_AGAIN))
        .optional(),
    }),
    output: z.object({
      services: z.array(serviceListing),
      categories: z.array(z.string()),
      nextCursor: z.string().nullable(),
    }),
  }),
  listBookings: defineSubject({
    kind: 'query',
    access: 'seller',
    summary:
      'The seller’s agenda: upcoming bookings soonest first, or past ones latest first (cancelled ones ' +
      'included, marked), a page at a time.',
    input: z.strictObject({
      when: z
        .enum(['upcoming', 'past'], {
          error: say(/*i18n*/ { id: 'bookings.chooseUpcomingPast', message: 'Choose upcoming or past' }),
        })
        .default('upcoming'),
      cursor: z
        .string()
        // The last booking shown: its start and its order's id.
        .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z\|[0-9a-f-]{36}$/, say(START_AGAIN))
        .optional(),
      limit: z.number().int().min(1).max(100).default(30),
    }),
    output: z.object({ bookings: z.array(booking), nextCursor: z.string().nullable() }),
  }),
  rescheduleBooking: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary:
      'Moves a booking to another free time of its service: by its seller (or an admin) at any time before it ' +
      'starts, by its buyer (signed in, or with the order’s key) up to the seller’s notice. The buyer is ' +
      'mailed and texted the new time, the seller mailed; the reminders move with it.',
    input: z.strictObject({ orderId, key: accessKey, slot: slotStart }),
    output: z.object({ order }),
  }),
  cancelBooking: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary:
      'Cancels a booking and refunds it in full: by its seller (or an admin) at any time, by its buyer up to ' +
      'the seller’s notice. The time is free again at once.',
    input: z.strictObject({
      orderId,
      key: accessKey,
      reason: z
        .string()
        .trim()
        .max(
          300,
          say(
            /*i18n*/ {
              id: 'bookings.keepReasonUnderCharacters',
              message: 'Keep the reason under 300 characters',
            },
          ),
        )
        .default(''),
    }),
    output: z.object({ order }),
  }),
}
