import { z } from 'zod'
import { CATALOG_LIMITS, PRODUCT_KINDS } from './catalog.constants'
import {
  type AmountUse,
  type CurrencyCode,
  money,
  outOfRange,
  type PriceLimits,
  widestPriceLimits,
} from './money'
import {
  digitalDetails,
  eventDetails,
  membershipDetails,
  merchDetails,
  savedDetails,
  serviceDetails,
} from './product-details.schema'
import { say } from './say'
import { membershipIssues } from './tier-issues'

/**
 * The catalog: one `products` model with a kind (digital, service, merch, event) and the kind's own details.
 * Money is always `{amount, currency}` in minor units. Messages are per field, keyed by dotted path.
 */

const L = CATALOG_LIMITS

/** A kind of product that is not one of Soko's. */
const CHOOSE_KIND = /*i18n*/ { id: 'product.chooseKind', message: 'Choose digital, service, merch or event' }

export const productKind = z.enum(PRODUCT_KINDS, { error: () => say(CHOOSE_KIND) })
export const productStatus = z.enum(['draft', 'published', 'archived'])

export const title = z
  .string({ error: say(/*i18n*/ { id: 'product.giveTitle', message: 'Give it a title' }) })
  .trim()
  .min(
    2,
    say(
      /*i18n*/ {
        id: 'product.giveTitleLeastCharacters',
        message: 'Give it a title of at least 2 characters',
      },
    ),
  )
  .max(L.title, say(/*i18n*/ { id: 'product.titleTooLong', message: 'Keep the title under 120 characters' }))
export const description = z
  .string()
  .max(
    L.description,
    say(
      /*i18n*/ { id: 'product.descriptionTooLong', message: 'Keep the description under 20000 characters' },
    ),
  )
export const slug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9]+(-[a-z0-9]+)*$/,
    say(
      /*i18n*/ {
        id: 'product.useLowercaseLettersDigits',
        message: 'Use lowercase letters, digits and single dashes, e.g. lamu-presets',
      },
    ),
  )
  .min(3, say(/*i18n*/ { id: 'product.slugTooShort', message: 'Use at least 3 characters' }))
  .max(60, say(/*i18n*/ { id: 'product.slugTooLong', message: 'Use at most 60 characters' }))

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
    if (input.price.amount !== 0)
      issue(
        ['price', 'amount'],
        say(/*i18n*/ { id: 'product.freePriceZero', message: 'A free product has a price of 0' }),
      )
  } else if (input.kind === 'event') amount(['price'], input.price, 'price-or-free', '')
  else if (input.price.amount <= 0)
    issue(
      ['price', 'amount'],
      say(/*i18n*/ { id: 'product.priceAboveZero', message: 'Set a price above zero' }),
    )
  else amount(['price'], input.price, 'price', '')
  if (input.kind === 'event') {
    const details = input.details
    details.ticketTypes.forEach((ticket, i) => {
      const path = ['details', 'ticketTypes', i]
      amount(
        [...path, 'price'],
        ticket.price,
        'price-or-free',
        say(
          /*i18n*/ {
            id: 'product.ticketsInEventCurrency',
            message: 'Tickets are priced in the event’s currency',
          },
        ),
      )
      if (ticket.saleEndsAt && Date.parse(ticket.saleEndsAt) > Date.parse(details.startsAt))
        issue(
          [...path, 'saleEndsAt'],
          say(
            /*i18n*/ {
              id: 'product.salesEndBeforeEvent',
              message: 'Ticket sales end before the event starts',
            },
          ),
        )
      if (ticket.saleStartsAt && ticket.saleEndsAt && ticket.saleStartsAt >= ticket.saleEndsAt)
        issue(
          [...path, 'saleEndsAt'],
          say(/*i18n*/ { id: 'product.salesEndAfterStart', message: 'Sales end after they start' }),
        )
    })
    if (details.endsAt && Date.parse(details.endsAt) <= Date.parse(details.startsAt))
      issue(
        ['details', 'endsAt'],
        say(/*i18n*/ { id: 'product.endAfterStart', message: 'The end comes after the start' }),
      )
  }
  if (input.kind === 'merch') {
    const details = input.details
    details.variants.forEach((v, i) => {
      amount(
        ['details', 'variants', i, 'price'],
        v.price,
        'price',
        say(
          /*i18n*/ {
            id: 'product.variantsInProductCurrency',
            message: 'Variants are priced in the product’s currency',
          },
        ),
      )
    })
    details.shippingZones.forEach((zone, i) => {
      amount(
        ['details', 'shippingZones', i, 'fee'],
        zone.fee,
        'fee',
        say(
          /*i18n*/ {
            id: 'product.shippingInProductCurrency',
            message: 'Shipping is charged in the product’s currency',
          },
        ),
      )
    })
  }
  if (input.kind === 'membership') membershipIssues(input.details, input.price, limits, issue)
  if (input.kind === 'digital') {
    const pwyw = input.details.payWhatYouWant
    if (pwyw) {
      const path = ['details', 'payWhatYouWant', 'minimum']
      amount(
        path,
        pwyw.minimum,
        'price-or-free',
        say(/*i18n*/ { id: 'product.useProductCurrency', message: 'Use the product’s currency' }),
      )
      if (pwyw.minimum.amount > input.price.amount)
        issue(
          [...path, 'amount'],
          say(
            /*i18n*/ {
              id: 'product.minimumAtMostSuggested',
              message: 'The minimum is at most the suggested price',
            },
          ),
        )
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

/** A product of one kind with that kind's details, before the rules that span fields. */
const productOfAKind = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('digital'), ...common, details: digitalDetails.prefault({}) }),
    z.strictObject({ kind: z.literal('service'), ...common, details: serviceDetails }),
    z.strictObject({ kind: z.literal('merch'), ...common, details: merchDetails }),
    z.strictObject({ kind: z.literal('event'), ...common, details: eventDetails }),
    z.strictObject({ kind: z.literal('membership'), ...common, details: membershipDetails }),
  ],
  {
    error: (issue) => (issue.code === 'invalid_union' ? say(CHOOSE_KIND) : undefined),
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

/** The one offer a product's checkout makes: another of the seller's digital products, for `price`. */
export const productUpsell = z.object({ productId: z.string(), price: money })
export type ProductUpsell = z.infer<typeof productUpsell>

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
  upsell: productUpsell.nullable(),
}

export const product = z.discriminatedUnion('kind', [
  z.object({ ...productFields, kind: z.literal('digital'), details: savedDetails.digital }),
  z.object({ ...productFields, kind: z.literal('service'), details: savedDetails.service }),
  z.object({ ...productFields, kind: z.literal('merch'), details: savedDetails.merch }),
  z.object({ ...productFields, kind: z.literal('event'), details: savedDetails.event }),
  z.object({ ...productFields, kind: z.literal('membership'), details: savedDetails.membership }),
])

export type Product = z.infer<typeof product>
export type ProductStatus = z.infer<typeof productStatus>
export type ProductImage = z.infer<typeof productImage>
export type ProductFile = z.infer<typeof productFile>
export type NewProductInput = z.output<typeof newProduct>
