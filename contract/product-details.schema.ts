import { z } from 'zod'
import { CATALOG_LIMITS, type ProductKind } from './catalog.constants'
import { membershipDetails, tier, WHOLE_NUMBER } from './membership-details.schema'
import { money } from './money'
import { say } from './say'

/**
 * Each kind of product's own details: a digital product's downloads and price choice, a service's length
 * and weekly times, merch's variants and shipping, an event's date, place and ticket types. As a seller
 * sends them, and as a saved product carries them.
 */

const L = CATALOG_LIMITS

/** A number of minutes, up to `max`, with what each check says of it. */
const wholeMinutes = (
  max: number,
  said: { missing: string; whole: string; negative: string; tooMany: string },
) => z.number({ error: said.missing }).int(said.whole).min(0, said.negative).max(max, said.tooMany)
const futureDate = (said: { missing: string; past: string }) =>
  z.iso
    .datetime({ offset: true, error: said.missing })
    .refine((value) => Date.parse(value) > Date.now(), said.past)
const timeOfDay = z
  .string()
  .regex(
    /^([01]\d|2[0-3]):[0-5]\d$/,
    say(/*i18n*/ { id: 'productDetails.useTimeSuchAs', message: 'Use a time such as 09:30' }),
  )
const timeZone = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone })
      return true
    } catch {
      return false
    }
  },
  say(
    /*i18n*/ {
      id: 'productDetails.chooseTimeZoneSuch',
      message: 'Choose a time zone such as Africa/Nairobi',
    },
  ),
)
const place = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('online'),
      url: z.url({
        protocol: /^https?$/,
        error: say(
          /*i18n*/ { id: 'productDetails.giveFullMeetingLink', message: 'Give the full meeting link' },
        ),
      }),
    }),
    z.object({
      kind: z.literal('place'),
      address: z
        .string()
        .trim()
        .min(5, say(/*i18n*/ { id: 'productDetails.giveAddress', message: 'Give the address' }))
        .max(300),
    }),
  ])
  .describe('Where it happens: an online link or an address')

export const digitalDetails = z.object({
  /** Buyers pay what they want, at least `minimum`; `price` is then the suggested amount. */
  payWhatYouWant: z.object({ minimum: money }).nullable().default(null),
  /** Downloads per buyer; null for no limit. */
  downloadLimit: z
    .number()
    .int(say(/*i18n*/ { id: 'productDetails.wholeNumberDownloads', message: 'A whole number of downloads' }))
    .min(
      1,
      say(
        /*i18n*/ {
          id: 'productDetails.allowLeastDownloadNo',
          message: 'Allow at least 1 download, or no limit',
        },
      ),
    )
    .max(1000)
    .nullable()
    .default(null),
  free: z.boolean().default(false),
})

const weeklySlot = z
  .object({
    day: z
      .number()
      .int()
      .min(0)
      .max(
        6,
        say(
          /*i18n*/ {
            id: 'productDetails.daysSundaySaturday',
            message: 'Days are 0 (Sunday) to 6 (Saturday)',
          },
        ),
      ),
    from: timeOfDay,
    to: timeOfDay,
  })
  .refine((slot) => slot.from < slot.to, {
    message: say(
      /*i18n*/ { id: 'productDetails.endComesAfterStart', message: 'The end comes after the start' },
    ),
    path: ['to'],
  })

export const serviceDetails = z.object({
  durationMinutes: wholeMinutes(24 * 60, {
    missing: say(/*i18n*/ { id: 'productDetails.durationMissing', message: 'Give the duration in minutes' }),
    whole: say(
      /*i18n*/ { id: 'productDetails.durationWhole', message: 'The duration is a whole number of minutes' },
    ),
    negative: say(
      /*i18n*/ { id: 'productDetails.durationNegative', message: 'The duration cannot be negative' },
    ),
    tooMany: say(
      /*i18n*/ { id: 'productDetails.durationTooMany', message: 'The duration is at most 1440 minutes' },
    ),
  }).refine(
    (n) => n >= 5,
    say(
      /*i18n*/ {
        id: 'productDetails.sessionLastsLeastMinutes',
        message: 'A session lasts at least 5 minutes',
      },
    ),
  ),
  where: place,
  timeZone,
  availability: z
    .array(weeklySlot)
    .min(
      1,
      say(
        /*i18n*/ {
          id: 'productDetails.addLeastWeeklyTime',
          message: 'Add at least one weekly time when people can book',
        },
      ),
    )
    .max(70),
  /** Dates (YYYY-MM-DD) with no bookings. */
  exceptions: z
    .array(
      z.iso.date(
        say(/*i18n*/ { id: 'productDetails.exceptionDates', message: 'Use dates such as 2026-12-25' }),
      ),
    )
    .max(366)
    .default([]),
  bufferMinutes: wholeMinutes(240, {
    missing: say(/*i18n*/ { id: 'productDetails.bufferMissing', message: 'Give the buffer in minutes' }),
    whole: say(
      /*i18n*/ { id: 'productDetails.bufferWhole', message: 'The buffer is a whole number of minutes' },
    ),
    negative: say(/*i18n*/ { id: 'productDetails.bufferNegative', message: 'The buffer cannot be negative' }),
    tooMany: say(
      /*i18n*/ { id: 'productDetails.bufferTooMany', message: 'The buffer is at most 240 minutes' },
    ),
  }).default(0),
  bookAheadDays: z
    .number()
    .int()
    .min(
      1,
      say(
        /*i18n*/ { id: 'productDetails.allowBookingLeastDay', message: 'Allow booking at least 1 day ahead' },
      ),
    )
    .max(365)
    .default(60),
  /** How soon a slot may be booked: not within this many minutes of now. */
  minNoticeMinutes: wholeMinutes(30 * 24 * 60, {
    missing: say(/*i18n*/ { id: 'productDetails.noticeMissing', message: 'Give the notice in minutes' }),
    whole: say(
      /*i18n*/ { id: 'productDetails.noticeWhole', message: 'The notice is a whole number of minutes' },
    ),
    negative: say(/*i18n*/ { id: 'productDetails.noticeNegative', message: 'The notice cannot be negative' }),
    tooMany: say(
      /*i18n*/ { id: 'productDetails.noticeTooMany', message: 'The notice is at most 43200 minutes' },
    ),
  }).default(60),
  /** The most bookings a day (in the seller's zone); 0 for no limit. */
  dailyLimit: z
    .number({
      error: say(
        /*i18n*/ {
          id: 'productDetails.giveMostBookingsDay',
          message: 'Give the most bookings a day, or 0 for no limit',
        },
      ),
    })
    .int(
      say(
        /*i18n*/ { id: 'productDetails.giveWholeNumberBookings', message: 'Give a whole number of bookings' },
      ),
    )
    .min(0, say(/*i18n*/ { id: 'productDetails.giveNoLimit', message: 'Give 0 for no limit' }))
    .max(100, say(/*i18n*/ { id: 'productDetails.mostBookingsDay', message: 'At most 100 bookings a day' }))
    .default(0),
  /**
   * The buyer's policy: they may move or cancel (with a full refund) up to this many hours before the
   * start; 0 lets them only through the seller.
   */
  changeHours: z
    .number({
      error: say(
        /*i18n*/ {
          id: 'productDetails.giveHoursBeforeBooking',
          message: 'Give the hours before a booking, or 0',
        },
      ),
    })
    .int(say(/*i18n*/ { id: 'productDetails.giveWholeNumberHours', message: 'Give a whole number of hours' }))
    .min(
      0,
      say(
        /*i18n*/ {
          id: 'productDetails.giveKeepChangesYourself',
          message: 'Give 0 to keep changes to yourself',
        },
      ),
    )
    .max(720, say(/*i18n*/ { id: 'productDetails.mostHoursDays', message: 'At most 720 hours (30 days)' }))
    .default(24),
})

const variant = z.object({
  id: z.string().max(40).optional(),
  /** e.g. {size: 'M', colour: 'Black'} */
  options: z.record(z.string().max(30), z.string().trim().min(1).max(40)),
  price: money,
  stock: z
    .number({ error: say(/*i18n*/ { id: 'productDetails.giveStock', message: 'Give the stock' }) })
    .int(say(/*i18n*/ { id: 'productDetails.stockWholeNumber', message: 'Stock is a whole number' }))
    .min(0, say(/*i18n*/ { id: 'productDetails.stockCannotNegative', message: 'Stock cannot be negative' })),
  sku: z.string().trim().max(64).default(''),
})

export const merchDetails = z.object({
  variants: z
    .array(variant)
    .min(1, say(/*i18n*/ { id: 'productDetails.addLeastVariant', message: 'Add at least one variant' }))
    .max(L.variants),
  shippingZones: z
    .array(
      z.object({
        name: z
          .string()
          .trim()
          .min(2, say(/*i18n*/ { id: 'productDetails.nameZone', message: 'Name the zone' }))
          .max(60),
        countries: z
          .array(
            z.string().regex(
              /^[A-Z]{2}$/,
              say(
                /*i18n*/ {
                  id: 'productDetails.useCountryCodesSuch',
                  message: 'Use country codes such as KE',
                },
              ),
            ),
          )
          .min(1)
          .max(250),
        fee: money,
      }),
    )
    .max(20)
    .default([]),
  pickup: z
    .object({ address: z.string().trim().min(5).max(300) })
    .nullable()
    .default(null),
})

const ticketType = z.object({
  id: z.string().max(40).optional(),
  name: z
    .string()
    .trim()
    .min(2, say(/*i18n*/ { id: 'productDetails.nameTicketType', message: 'Name the ticket type' }))
    .max(60),
  price: money,
  capacity: z
    .number({ error: say(/*i18n*/ { id: 'productDetails.giveCapacity', message: 'Give the capacity' }) })
    .int(say(WHOLE_NUMBER))
    .min(1, say(/*i18n*/ { id: 'productDetails.capacityLeast', message: 'Capacity is at least 1' })),
  saleStartsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  saleEndsAt: z.iso.datetime({ offset: true }).nullable().default(null),
})

export const eventDetails = z.object({
  startsAt: futureDate({
    missing: say(
      /*i18n*/ { id: 'productDetails.startMissing', message: 'Give the start as a date and time' },
    ),
    past: say(/*i18n*/ { id: 'productDetails.startPast', message: 'The start must be in the future' }),
  }),
  endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  timeZone,
  where: place,
  ticketTypes: z
    .array(ticketType)
    .min(
      1,
      say(/*i18n*/ { id: 'productDetails.addLeastTicketType', message: 'Add at least one ticket type' }),
    )
    .max(20),
})

export { membershipDetails }

export const productDetails = {
  digital: digitalDetails,
  service: serviceDetails,
  merch: merchDetails,
  event: eventDetails,
  membership: membershipDetails,
} as const

/**
 * Each kind's details as a product carries them once saved: defaults filled in, and every variant and
 * ticket type with the id the server gave it (orders name what they hold by it). An event's start is
 * whatever was saved, past or not.
 */
export const savedDetails = {
  digital: digitalDetails,
  service: serviceDetails,
  merch: merchDetails.extend({ variants: z.array(variant.extend({ id: z.string() })) }),
  event: eventDetails.extend({
    startsAt: z.iso.datetime({ offset: true }),
    ticketTypes: z.array(ticketType.extend({ id: z.string() })),
  }),
  membership: membershipDetails.extend({ tiers: z.array(tier.extend({ id: z.string() })) }),
}

export type DigitalDetails = z.output<typeof savedDetails.digital>
export type ServiceDetails = z.output<typeof savedDetails.service>
export type MerchDetails = z.output<typeof savedDetails.merch>
export type EventDetails = z.output<typeof savedDetails.event>
export type MembershipDetails = z.output<typeof savedDetails.membership>
export type Tier = MembershipDetails['tiers'][number]
export type TierPrice = Tier['prices'][number]
export type Place = ServiceDetails['where']
export type WeeklySlot = ServiceDetails['availability'][number]
export type Variant = MerchDetails['variants'][number]
export type ShippingZone = MerchDetails['shippingZones'][number]
export type TicketType = EventDetails['ticketTypes'][number]

/** Each kind's saved details, by kind. */
export interface DetailsByKind {
  digital: DigitalDetails
  service: ServiceDetails
  merch: MerchDetails
  event: EventDetails
  membership: MembershipDetails
}
export type ProductDetails = DetailsByKind[ProductKind]
/** A kind with its own details: checking `kind` tells which details they are. */
export type KindWithDetails = { [K in ProductKind]: { kind: K; details: DetailsByKind[K] } }[ProductKind]

/** Each kind's details as createProduct and updateProduct take them: defaults may be left out, ids kept. */
export type DetailsInputByKind = { [K in ProductKind]: z.input<(typeof productDetails)[K]> }
export type ProductDetailsInput = DetailsInputByKind[ProductKind]
/** A kind with its details as sent: checking `kind` tells which details they are. */
export type KindWithDetailsInput = {
  [K in ProductKind]: { kind: K; details: DetailsInputByKind[K] }
}[ProductKind]
