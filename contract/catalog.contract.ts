import { z } from 'zod'
import { CATALOG_LIMITS, PRODUCT_KINDS, type ProductKind, UPLOAD_LIMITS } from './catalog.constants'
import { currencyCodes } from './currencies'
import {
  type AmountUse,
  type CurrencyCode,
  money,
  outOfRange,
  type PriceLimits,
  widestPriceLimits,
} from './money'
import { defineSubject } from './rpc'

/**
 * The catalog: one `products` model with a kind (digital, service, merch, event) and the kind's own details.
 * Money is always `{amount, currency}` in minor units. Messages are per field, keyed by dotted path.
 */

const L = CATALOG_LIMITS

export const productKind = z.enum(PRODUCT_KINDS, { error: () => 'Choose digital, service, merch or event' })
export const productStatus = z.enum(['draft', 'published', 'archived'])

const title = z
  .string({ error: 'Give it a title' })
  .trim()
  .min(2, 'Give it a title of at least 2 characters')
  .max(L.title, `Keep the title under ${L.title} characters`)
const description = z.string().max(L.description, `Keep the description under ${L.description} characters`)
const slug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single dashes, e.g. lamu-presets')
  .min(3, 'Use at least 3 characters')
  .max(60, 'Use at most 60 characters')
const wholeMinutes = (what: string, max: number) =>
  z
    .number({ error: `Give the ${what} in minutes` })
    .int(`The ${what} is a whole number of minutes`)
    .min(0, `The ${what} cannot be negative`)
    .max(max, `The ${what} is at most ${max} minutes`)
const futureDate = (what: string) =>
  z.iso
    .datetime({ offset: true, error: `Give the ${what} as a date and time` })
    .refine((value) => Date.parse(value) > Date.now(), `The ${what} must be in the future`)
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time such as 09:30')
const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}, 'Choose a time zone such as Africa/Nairobi')
const place = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('online'),
      url: z.url({ protocol: /^https?$/, error: 'Give the full meeting link' }),
    }),
    z.object({ kind: z.literal('place'), address: z.string().trim().min(5, 'Give the address').max(300) }),
  ])
  .describe('Where it happens: an online link or an address')

const digitalDetails = z.object({
  /** Buyers pay what they want, at least `minimum`; `price` is then the suggested amount. */
  payWhatYouWant: z.object({ minimum: money }).nullable().default(null),
  /** Downloads per buyer; null for no limit. */
  downloadLimit: z
    .number()
    .int('A whole number of downloads')
    .min(1, 'Allow at least 1 download, or no limit')
    .max(1000)
    .nullable()
    .default(null),
  free: z.boolean().default(false),
})

const weeklySlot = z
  .object({
    day: z.number().int().min(0).max(6, 'Days are 0 (Sunday) to 6 (Saturday)'),
    from: timeOfDay,
    to: timeOfDay,
  })
  .refine((slot) => slot.from < slot.to, { message: 'The end comes after the start', path: ['to'] })

const serviceDetails = z.object({
  durationMinutes: wholeMinutes('duration', 24 * 60).refine(
    (n) => n >= 5,
    'A session lasts at least 5 minutes',
  ),
  where: place,
  timeZone,
  availability: z.array(weeklySlot).min(1, 'Add at least one weekly time when people can book').max(70),
  /** Dates (YYYY-MM-DD) with no bookings. */
  exceptions: z.array(z.iso.date('Use dates such as 2026-12-25')).max(366).default([]),
  bufferMinutes: wholeMinutes('buffer', 240).default(0),
  bookAheadDays: z.number().int().min(1, 'Allow booking at least 1 day ahead').max(365).default(60),
  /** How soon a slot may be booked: not within this many minutes of now. */
  minNoticeMinutes: wholeMinutes('notice', 30 * 24 * 60).default(60),
  /** The most bookings a day (in the seller's zone); 0 for no limit. */
  dailyLimit: z
    .number({ error: 'Give the most bookings a day, or 0 for no limit' })
    .int('Give a whole number of bookings')
    .min(0, 'Give 0 for no limit')
    .max(100, 'At most 100 bookings a day')
    .default(0),
  /**
   * The buyer's policy: they may move or cancel (with a full refund) up to this many hours before the
   * start; 0 lets them only through the seller.
   */
  changeHours: z
    .number({ error: 'Give the hours before a booking, or 0' })
    .int('Give a whole number of hours')
    .min(0, 'Give 0 to keep changes to yourself')
    .max(720, 'At most 720 hours (30 days)')
    .default(24),
})

const variant = z.object({
  id: z.string().max(40).optional(),
  /** e.g. {size: 'M', colour: 'Black'} */
  options: z.record(z.string().max(30), z.string().trim().min(1).max(40)),
  price: money,
  stock: z
    .number({ error: 'Give the stock' })
    .int('Stock is a whole number')
    .min(0, 'Stock cannot be negative'),
  sku: z.string().trim().max(64).default(''),
})

const merchDetails = z.object({
  variants: z.array(variant).min(1, 'Add at least one variant').max(L.variants),
  shippingZones: z
    .array(
      z.object({
        name: z.string().trim().min(2, 'Name the zone').max(60),
        countries: z
          .array(z.string().regex(/^[A-Z]{2}$/, 'Use country codes such as KE'))
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
  name: z.string().trim().min(2, 'Name the ticket type').max(60),
  price: money,
  capacity: z.number({ error: 'Give the capacity' }).int('A whole number').min(1, 'Capacity is at least 1'),
  saleStartsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  saleEndsAt: z.iso.datetime({ offset: true }).nullable().default(null),
})

const eventDetails = z.object({
  startsAt: futureDate('start'),
  endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  timeZone,
  where: place,
  ticketTypes: z.array(ticketType).min(1, 'Add at least one ticket type').max(20),
})

const common = {
  title,
  description: description.default(''),
  price: money,
  slug: slug.optional(),
  category: z.string().trim().max(40).optional(),
}

/**
 * Rules that span fields: each message lands on the field to fix. Every amount is in the product's
 * currency and inside the platform's range for it (a price above the minimum; a free ticket or free
 * shipping is 0), so no order can total less than nothing or add up two currencies.
 */
export function productIssues(
  input: z.output<typeof productOfAKind>,
  limits: (currency: CurrencyCode) => PriceLimits,
): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = []
  const issue = (path: (string | number)[], message: string) => {
    issues.push({ path, message })
  }
  const currency = input.price.currency
  /** An amount of the product's: in its currency and in range for what it is. */
  const amount = (
    path: (string | number)[],
    m: z.infer<typeof money>,
    use: AmountUse,
    currencyText: string,
  ) => {
    if (m.currency !== currency) return issue([...path, 'currency'], currencyText)
    const why = outOfRange(m, use, limits(m.currency))
    if (why) issue([...path, 'amount'], why)
  }
  const free = input.kind === 'digital' && input.details.free === true
  if (free) {
    if (input.price.amount !== 0) issue(['price', 'amount'], 'A free product has a price of 0')
  } else if (input.kind === 'event') amount(['price'], input.price, 'price-or-free', '')
  else if (input.price.amount <= 0) issue(['price', 'amount'], 'Set a price above zero')
  else amount(['price'], input.price, 'price', '')
  if (input.kind === 'event') {
    const details = input.details
    details.ticketTypes.forEach((ticket, i) => {
      const path = ['details', 'ticketTypes', i]
      amount([...path, 'price'], ticket.price, 'price-or-free', 'Tickets are priced in the event’s currency')
      if (ticket.saleEndsAt && Date.parse(ticket.saleEndsAt) > Date.parse(details.startsAt))
        issue([...path, 'saleEndsAt'], 'Ticket sales end before the event starts')
      if (ticket.saleStartsAt && ticket.saleEndsAt && ticket.saleStartsAt >= ticket.saleEndsAt)
        issue([...path, 'saleEndsAt'], 'Sales end after they start')
    })
    if (details.endsAt && Date.parse(details.endsAt) <= Date.parse(details.startsAt))
      issue(['details', 'endsAt'], 'The end comes after the start')
  }
  if (input.kind === 'merch') {
    const details = input.details
    details.variants.forEach((v, i) => {
      amount(
        ['details', 'variants', i, 'price'],
        v.price,
        'price',
        'Variants are priced in the product’s currency',
      )
    })
    details.shippingZones.forEach((zone, i) => {
      amount(
        ['details', 'shippingZones', i, 'fee'],
        zone.fee,
        'fee',
        'Shipping is charged in the product’s currency',
      )
    })
  }
  if (input.kind === 'digital') {
    const pwyw = input.details.payWhatYouWant
    if (pwyw) {
      const path = ['details', 'payWhatYouWant', 'minimum']
      amount(path, pwyw.minimum, 'price-or-free', 'Use the product’s currency')
      if (pwyw.minimum.amount > input.price.amount)
        issue([...path, 'amount'], 'The minimum is at most the suggested price')
    }
  }
  return issues
}

/**
 * The schema's check takes the widest range an admin may set; the server checks the range in force (the
 * platform's terms) with `productIssues` once the input is valid.
 */
function checkProduct(input: z.output<typeof productOfAKind>, ctx: z.RefinementCtx) {
  for (const { path, message } of productIssues(input, widestPriceLimits))
    ctx.addIssue({ code: 'custom', path, message })
}

export const productDetails = {
  digital: digitalDetails,
  service: serviceDetails,
  merch: merchDetails,
  event: eventDetails,
} as const

/** A product of one kind with that kind's details, before the rules that span fields. */
const productOfAKind = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('digital'), ...common, details: digitalDetails.prefault({}) }),
    z.strictObject({ kind: z.literal('service'), ...common, details: serviceDetails }),
    z.strictObject({ kind: z.literal('merch'), ...common, details: merchDetails }),
    z.strictObject({ kind: z.literal('event'), ...common, details: eventDetails }),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union' ? 'Choose digital, service, merch or event' : undefined,
  },
)

export const newProduct = productOfAKind.superRefine(checkProduct)

/** A product photo in WebP at several widths: `src` is a middle one, `srcset` lists them all. */
export const productImage = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
  src: z.string(),
  srcset: z.string(),
})

/** A file buyers of a digital product download. */
export const productFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
})

/**
 * Each kind's details as a product carries them once saved: defaults filled in, and every variant and
 * ticket type with the id the server gave it (orders name what they hold by it). An event's start is
 * whatever was saved, past or not.
 */
const savedDetails = {
  digital: digitalDetails,
  service: serviceDetails,
  merch: merchDetails.extend({ variants: z.array(variant.extend({ id: z.string() })) }),
  event: eventDetails.extend({
    startsAt: z.iso.datetime({ offset: true }),
    ticketTypes: z.array(ticketType.extend({ id: z.string() })),
  }),
}

export type DigitalDetails = z.output<typeof savedDetails.digital>
export type ServiceDetails = z.output<typeof savedDetails.service>
export type MerchDetails = z.output<typeof savedDetails.merch>
export type EventDetails = z.output<typeof savedDetails.event>
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

const productFields = {
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  price: money,
  category: z.string().nullable(),
  status: productStatus,
  images: z.array(productImage),
  files: z.array(productFile),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}

export const product = z.discriminatedUnion('kind', [
  z.object({ ...productFields, kind: z.literal('digital'), details: savedDetails.digital }),
  z.object({ ...productFields, kind: z.literal('service'), details: savedDetails.service }),
  z.object({ ...productFields, kind: z.literal('merch'), details: savedDetails.merch }),
  z.object({ ...productFields, kind: z.literal('event'), details: savedDetails.event }),
])

export type Product = z.infer<typeof product>
export type ProductStatus = z.infer<typeof productStatus>
export type ProductImage = z.infer<typeof productImage>
export type ProductFile = z.infer<typeof productFile>
export type NewProductInput = z.output<typeof newProduct>

/**
 * updateProduct's `details`: the product's own kind's details, whole. The kind is not sent (it cannot
 * change), so all this checks is that they are an object: the handler checks them field by field against
 * the product's stored kind with `newProduct`, whose messages name the field to fix. A union of the four
 * schemas here could not do that: it does not know which kind was meant, so a merch variant without its
 * stock would come back as one message about `details` (and a loose union would take any object as a
 * digital product's details, all of them optional, and drop the rest).
 */
const detailsOfTheProductsKind = z.custom<ProductDetailsInput>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  { error: 'Send the details of the product’s kind as an object, e.g. {"variants": […]} for merch' },
)

const productId = z.uuid({ error: 'Choose one of your products' })
const one = z.object({ product })
const assetIds = (what: string, max: number) =>
  z
    .array(z.uuid({ error: `Choose ${what} of this product` }))
    .max(max, `At most ${max} ${what}`)
    .optional()

export const uploadRole = z.enum(['image', 'file'], { error: () => 'Say whether it is a photo or a file' })

/** A new upload names its product, role, file name, type and size; a resumed one only its id. */
const uploadRequest = z
  .strictObject({
    uploadId: z.uuid({ error: 'Not an upload of yours' }).optional(),
    productId: productId.optional(),
    role: uploadRole.optional(),
    fileName: z
      .string()
      .trim()
      .min(1, 'The file has no name')
      .max(200, 'Rename the file to under 200 characters')
      .optional(),
    contentType: z.string().max(200).optional(),
    size: z
      .number()
      .int()
      .min(1, 'The file is empty')
      .max(UPLOAD_LIMITS.fileBytes, 'Files can be up to 2 GB')
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (input.uploadId) return
    const needed = {
      productId: 'Choose the product',
      role: 'Say whether it is a photo or a file',
      fileName: 'Name the file',
      contentType: 'Give the file type',
      size: 'Give the size',
    } as const
    for (const [field, message] of Object.entries(needed))
      if (input[field as keyof typeof needed] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message })
  })

export const uploadTicket = z.object({
  uploadId: z.string(),
  /** Bytes per part; every part but the last is this long. */
  partSize: z.number(),
  partCount: z.number(),
  /** Parts already received, so a resumed upload sends only the rest. */
  received: z.array(z.number()),
  /** Signed URLs for the next parts still to send (PUT the part's bytes, no Authorization header). */
  parts: z.array(z.object({ partNumber: z.number(), url: z.string() })),
  expiresAt: z.string(),
})

export type UploadTicket = z.infer<typeof uploadTicket>

const rates = z.object({
  perUsd: z.record(z.string(), z.number()),
  updatedAt: z.string().nullable(),
})

const ratesInput = z
  .partialRecord(
    z.enum(currencyCodes),
    z
      .number({ error: 'Give a number, e.g. 129.25' })
      .positive('A rate is above zero')
      .max(1_000_000, 'That rate is too large'),
  )
  .refine((r) => r.USD === undefined || r.USD === 1, { message: 'The dollar is always 1', path: ['USD'] })

export const catalogContract = {
  createProduct: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Creates a draft product of one kind. The slug (its address, /{slug}) is made from the title when absent.',
    input: newProduct,
    output: one,
  }),
  updateProduct: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Changes one of your products. Send `id` and the fields to change; `details` replaces the kind’s details ' +
      'as a whole. The kind cannot change.',
    input: z.strictObject({
      id: productId,
      title: title.optional(),
      description: description.optional(),
      price: money.optional(),
      slug: slug.optional(),
      category: z.string().trim().max(40).nullable().optional(),
      details: detailsOfTheProductsKind.optional(),
      /** The photos to keep, in order; those left out are removed. */
      images: assetIds('photos', UPLOAD_LIMITS.imagesPerProduct),
      /** The files to keep, in order; those left out are removed. */
      files: assetIds('files', UPLOAD_LIMITS.filesPerProduct),
    }),
    output: one,
  }),
  publishProduct: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary: 'Puts a draft (or unpublished) product on sale at /{slug}.',
    input: z.strictObject({ id: productId }),
    output: one,
  }),
  unpublishProduct: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary: 'Takes a product off sale; it becomes a draft again.',
    input: z.strictObject({ id: productId }),
    output: one,
  }),
  archiveProduct: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary: 'Removes a product from your lists and from sale for good. Nothing is deleted: orders keep it.',
    input: z.strictObject({ id: productId }),
    output: one,
  }),
  deleteProduct: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Deletes one of your products with its photos and files if it was never on sale. One that was on sale ' +
      '(and so may have orders) is archived instead: off sale and out of your lists, kept for its buyers.',
    input: z.strictObject({ id: productId }),
    output: z.object({ outcome: z.enum(['deleted', 'archived']) }),
  }),
  listMyProducts: defineSubject({
    kind: 'query',
    access: 'seller',
    summary: 'Your products, newest first; archived ones only when asked for.',
    input: z.strictObject({
      kinds: z.array(productKind).max(4).optional(),
      status: productStatus.optional(),
    }),
    output: z.object({ products: z.array(product) }),
  }),
  createUploadUrl: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Starts a resumable upload of a photo (JPEG, PNG or WebP, up to 20 MB) or a file (up to 2 GB) for one of ' +
      'your products, or, given an `uploadId`, says which parts have arrived and signs URLs for the rest. ' +
      'PUT each part to its URL, then call completeUpload.',
    input: uploadRequest,
    output: uploadTicket,
  }),
  listRates: defineSubject({
    kind: 'query',
    access: 'public',
    summary:
      'What one US dollar buys in each currency: the table behind approximate prices in a visitor’s currency.',
    input: z.strictObject({}),
    output: rates,
  }),
  setRates: defineSubject({
    kind: 'mutation',
    access: 'admin',
    summary: 'Changes the rates of the currencies given (units per US dollar); the others stay.',
    input: z.strictObject({ perUsd: ratesInput }),
    output: rates,
  }),
  completeUpload: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Checks an upload whose parts have all arrived (size, type by its first bytes), joins it and adds it to ' +
      'its product: a photo is resized to WebP at several widths; a file is kept with its SHA-256.',
    input: z.strictObject({ uploadId: z.uuid({ error: 'Not an upload of yours' }) }),
    output: one,
  }),
}
