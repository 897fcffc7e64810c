import { z } from 'zod'
import { productFile, productImage, productKind } from './catalog.contract'
import { MAX_QUANTITY, ORDER_STATUSES, PAYMENT_METHODS } from './checkout.constants'
import { money } from './money'
import { kenyanMobile } from './phone.schema'
import { defineSubject } from './rpc'
import { say } from './say'

/** Said in more than one place. */
const GIVE_NAME_SHIP = /*i18n*/ { id: 'checkout.giveNameShip', message: 'Give the name to ship to' }

/** Said in more than one place. */
const GIVE_STREET_ADDRESS = /*i18n*/ { id: 'checkout.giveStreetAddress', message: 'Give the street address' }

/** Said in more than one place. */
const GIVE_TOWN_CITY = /*i18n*/ { id: 'checkout.giveTownCity', message: 'Give the town or city' }

/** Said in more than one place. */
const CHOOSE_COUNTRY = /*i18n*/ { id: 'checkout.chooseCountry', message: 'Choose the country' }

/**
 * Checkout: a buyer (signed in or not) orders one product, pays with M-Pesa, a card or PayPal, and the
 * order is paid only when the provider says so (a verified callback, webhook or status query).
 */

export const paymentMethod = z.enum(PAYMENT_METHODS, {
  error: () => say(/*i18n*/ { id: 'checkout.chooseMethod', message: 'Choose M-Pesa, card or PayPal' }),
})

export const orderId = z.uuid({ error: say(/*i18n*/ { id: 'checkout.notOrder', message: 'Not an order' }) })
/** The key a signed-out buyer got with the order; it lets them follow it and download what it bought. */
export const accessKey = z.string().min(16).max(100).optional()

const shipTo = z.strictObject({
  kind: z.literal('ship'),
  name: z
    .string({ error: say(GIVE_NAME_SHIP) })
    .trim()
    .min(2, say(GIVE_NAME_SHIP))
    .max(100),
  phone: z.string().trim().max(30).default(''),
  line1: z
    .string({ error: say(GIVE_STREET_ADDRESS) })
    .trim()
    .min(3, say(GIVE_STREET_ADDRESS))
    .max(200),
  line2: z.string().trim().max(200).default(''),
  city: z
    .string({ error: say(GIVE_TOWN_CITY) })
    .trim()
    .min(2, say(GIVE_TOWN_CITY))
    .max(100),
  region: z.string().trim().max(100).default(''),
  postalCode: z.string().trim().max(20).default(''),
  country: z.string({ error: say(CHOOSE_COUNTRY) }).regex(/^[A-Z]{2}$/, say(CHOOSE_COUNTRY)),
})

const delivery = z.discriminatedUnion('kind', [shipTo, z.strictObject({ kind: z.literal('pickup') })], {
  error: () => say(/*i18n*/ { id: 'checkout.chooseDeliveryPickup', message: 'Choose delivery or pickup' }),
})

/** Where a merch order goes: the address given, with the shipping zone it is in, or pickup at the seller's. */
export const orderDelivery = z.discriminatedUnion('kind', [
  shipTo.extend({ zone: z.string() }),
  z.object({ kind: z.literal('pickup'), address: z.string() }),
])

export type OrderDelivery = z.infer<typeof orderDelivery>

/** What is being bought, as the product page's form sends it; the server checks it against the product. */
const selection = {
  productId: z.uuid({ error: say(/*i18n*/ { id: 'checkout.chooseProduct', message: 'Choose a product' }) }),
  quantity: z
    .number({ error: say(/*i18n*/ { id: 'checkout.giveQuantity', message: 'Give a quantity' }) })
    .int(say(/*i18n*/ { id: 'checkout.wholeNumber', message: 'A whole number' }))
    .min(1, say(/*i18n*/ { id: 'checkout.atLeastOne', message: 'At least 1' }))
    .max(MAX_QUANTITY, say(/*i18n*/ { id: 'checkout.atMostQuantity', message: 'At most 20 in one order' }))
    .default(1),
  /** Merch: the variant. */
  variantId: z.string().max(40).optional(),
  /** Events: the ticket type. */
  ticketTypeId: z.string().max(40).optional(),
  /** Services: the start of a free slot, as listSlots gave it. */
  slot: z.iso
    .datetime({ offset: true, error: say(/*i18n*/ { id: 'checkout.chooseTime', message: 'Choose a time' }) })
    .optional(),
  /** Pay what you want: the amount, in the product's currency's minor units. */
  amount: z
    .number()
    .int(say(/*i18n*/ { id: 'checkout.wholeCents', message: 'Whole cents' }))
    .min(0)
    .max(100_000_000_00)
    .optional(),
  delivery: delivery.optional(),
  /** A discount code, as typed or from a shared link; empty for none. */
  code: z.string().trim().max(64).optional(),
  /** Take the product's offer too (another product for less, shown at checkout): one more line, one payment. */
  upsell: z.boolean().optional(),
}

export const quoteInput = z.strictObject(selection)

export const startCheckoutInput = z.strictObject({
  ...selection,
  method: paymentMethod.optional(),
  /** Signed out: where the receipt goes; an account for this address holds the purchase. */
  email: z
    .email({
      error: say(
        /*i18n*/ {
          id: 'checkout.giveReceiptEmail',
          message: 'Give the e-mail address for your receipt and downloads',
        },
      ),
    })
    .max(254)
    .optional(),
  /** M-Pesa: the number to send the prompt to. */
  phone: kenyanMobile.optional(),
  /** M-Pesa: the buyer ticked "Text me if my payment doesn't go through" (never assumed). */
  textMe: z.boolean().optional(),
  /** The token of the reminder link the buyer came back through, so the seller sees the checkout recovered. */
  recovery: z.string().trim().max(64).optional(),
  /** The buyer's time zone, so mails state a booking's time as they read it. */
  timeZone: z.string().max(60).optional(),
  /** Events: the name on each ticket, one per ticket bought (the buyer's own when left out). */
  holders: z
    .array(
      z
        .string()
        .trim()
        .min(2, say(/*i18n*/ { id: 'checkout.giveNameTicket', message: 'Give the name on this ticket' }))
        .max(
          80,
          say(
            /*i18n*/ { id: 'checkout.keepNameUnderCharacters', message: 'Keep the name under 80 characters' },
          ),
        ),
    )
    .max(10)
    .optional(),
})

export const charge = z.object({
  method: paymentMethod,
  amount: money,
  /** Units of the charge currency per unit of the order's, when converted; null when not. */
  rate: z.number().nullable(),
})

export const quote = z.object({
  subtotal: money,
  shipping: money,
  /** What a code took off the subtotal; null without one. */
  discount: z.object({ code: z.string(), amount: money }).nullable(),
  total: money,
  /** Exactly what each method would charge. */
  charges: z.array(charge),
  /** The item as people read it: `M / Black`, `VIP`, the title (a booking's time is formatted by the reader). */
  label: z.string(),
  /** The offer this checkout makes, and whether the totals above include it; null when there is none. */
  offer: z
    .object({ productId: z.string(), title: z.string(), price: money, listPrice: money, taken: z.boolean() })
    .nullable(),
})

/** One line of an order: a product it bought, how many and for what. */
export const orderLine = z.object({
  /** 0 for the first; what refundOrder's `lines` names. Absent from orders kept offline from before. */
  position: z.number().int().optional(),
  productId: z.string(),
  title: z.string(),
  label: z.string(),
  quantity: z.number(),
  total: money,
  /** Taken from the checkout's offer or a bundle: the product's own price, which the line undercut. */
  listPrice: money.nullable(),
  /** Refunded on its own (its money back, its files and tickets gone) while the order stays paid. */
  refunded: z.boolean().optional(),
})

export const orderStatus = z.enum(ORDER_STATUSES)

export const ticket = z.object({
  code: z.string(),
  ticketType: z.string(),
  /** The name on the ticket. */
  holder: z.string(),
  /** The code as an SVG QR image, for the door. */
  qrSvg: z.string(),
})

export const order = z.object({
  id: z.string(),
  reference: z.string(),
  status: orderStatus,
  kind: productKind,
  product: z.object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    image: productImage.nullable(),
    seller: z.object({ handle: z.string(), displayName: z.string() }),
  }),
  label: z.string(),
  quantity: z.number(),
  /** What it bought, line by line: the product above first, then what else (an offer taken at checkout). */
  lines: z.array(orderLine),
  /** Bought as a bundle: the bundle, whose parts are the lines (each with its own price as `listPrice`). */
  bundle: z.object({ id: z.string(), title: z.string() }).nullable().optional(),
  /**
   * Services: the booked time, the service's zone, and until when the buyer may move or cancel it
   * themselves under the seller's policy (null: not now, or only through the seller).
   */
  slot: z
    .object({ start: z.string(), end: z.string(), timeZone: z.string(), changeUntil: z.string().nullable() })
    .nullable(),
  subtotal: money,
  shipping: money,
  total: money,
  method: z.enum([...PAYMENT_METHODS, 'free']),
  charge: money,
  buyerEmail: z.string(),
  delivery: orderDelivery.nullable(),
  /** M-Pesa receipt, card or PayPal reference, once paid. */
  receipt: z.string().nullable(),
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** While an M-Pesa order waits (or after its prompt failed): how to pay by Paybill instead. */
  paybill: z.object({ businessNumber: z.string(), account: z.string(), amount: money }).nullable(),
  /**
   * M-Pesa in sandbox mode (no Daraja keys), while the order waits or after its prompt failed: the
   * simulator's phone page, where a tester answers the prompt or pays by Paybill (`?number=` opens the
   * number the prompt went to). Null in live mode and for other methods.
   */
  sandboxPhone: z.url({ protocol: /^https?$/ }).nullable(),
  /** Paid digital orders: the files to download, each with its downloads left (null: no limit). */
  files: z.array(productFile.extend({ downloadsLeft: z.number().nullable() })),
  /** How many times each file may be downloaded, when the seller limited it. */
  downloadLimit: z.number().nullable(),
  /** Paid event orders. */
  tickets: z.array(ticket),
  /** Events: when it is, in the event's zone. */
  event: z.object({ startsAt: z.string(), endsAt: z.string().nullable(), timeZone: z.string() }).nullable(),
  /** Paid online services and events: the meeting link. */
  joinUrl: z.string().nullable(),
  /** Where a paid service or event happens, when in person. */
  address: z.string().nullable(),
  fulfilment: z.enum(['to_ship', 'shipped']).nullable(),
  refund: z.object({ status: z.string(), amount: money }).nullable(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
})

export type Order = z.infer<typeof order>
export type Quote = z.infer<typeof quote>

export const checkoutNext = z.discriminatedUnion('kind', [
  /** Go to the provider's page (card, PayPal), which returns to /sucess-payment. */
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  /** An M-Pesa prompt is on its way to this phone: show "check your phone" and follow the order. */
  z.object({ kind: z.literal('mpesa'), phone: z.string(), message: z.string() }),
  /** Nothing to pay (a free product): the order is already complete. */
  z.object({ kind: z.literal('done') }),
])

export const slot = z.object({ start: z.string(), end: z.string() })

const page = { cursor: z.string().max(100).optional(), limit: z.number().int().min(1).max(50).default(20) }

const CHOOSE_LINES = /*i18n*/ { id: 'checkout.chooseLines', message: 'Choose the lines to refund' }

export const checkoutContract = {
  listSlots: defineSubject({
    kind: 'query',
    access: 'public',
    summary:
      'The free times of a service from its seller’s weekly availability, less exceptions and times already ' +
      'booked or being booked. Times are instants; show them in the buyer’s zone.',
    input: z.strictObject({
      productId: z.uuid({
        error: say(/*i18n*/ { id: 'checkout.chooseService', message: 'Choose a service' }),
      }),
      from: z.iso.date().optional(),
      days: z.number().int().min(1).max(31).default(14),
    }),
    output: z.object({ timeZone: z.string(), durationMinutes: z.number(), slots: z.array(slot) }),
  }),
  quoteCheckout: defineSubject({
    kind: 'query',
    access: 'public',
    summary:
      'What an order would cost: subtotal, shipping, total in the seller’s currency, and exactly what each ' +
      'payment method would charge (converted at the stored rate where a method needs another currency).',
    input: quoteInput,
    output: quote,
  }),
  startCheckout: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary:
      'Orders a product and starts paying for it: holds the stock, seats or slot, then answers where to go ' +
      'next (the card or PayPal page, or an M-Pesa prompt to the phone). Keep `accessKey`: it opens the ' +
      'order without an account.',
    input: startCheckoutInput,
    output: z.object({ orderId: z.string(), accessKey: z.string(), order, next: checkoutNext }),
  }),
  getOrder: defineSubject({
    kind: 'query',
    access: 'public',
    summary:
      'An order as it is now, for its buyer (signed in, or with the access key), its seller or an admin. A ' +
      'waiting M-Pesa payment is checked with M-Pesa when its callback is late. With `waitWhile: ' +
      '"pending"`, a waiting order is answered once its payment is settled, or after 20 s at most.',
    input: z.strictObject({
      orderId,
      key: accessKey,
      waitWhile: z
        .literal('pending')
        .optional()
        .describe('Answer only once the order is no longer in this status (at most 20 s later)'),
    }),
    output: z.object({ order }),
  }),
  cancelOrder: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary: 'Gives up an order that is waiting for payment, releasing what it held. Nothing is charged.',
    input: z.strictObject({ orderId, key: accessKey }),
    output: z.object({ order }),
  }),
  listPurchases: defineSubject({
    kind: 'query',
    access: 'user',
    summary:
      'What you bought: paid and refunded orders, newest first. Orders placed signed out with your address ' +
      'appear once the address is verified.',
    input: z.strictObject(page),
    output: z.object({
      orders: z.array(order),
      nextCursor: z.string().nullable(),
      /** Orders placed signed out with this address, shown once it is verified. */
      awaitingVerification: z.number(),
    }),
  }),
  listSales: defineSubject({
    kind: 'query',
    access: 'seller',
    summary: 'Orders of your products, newest first, with the buyer’s e-mail and what to ship.',
    input: z.strictObject({ ...page, status: orderStatus.optional() }),
    output: z.object({ orders: z.array(order), nextCursor: z.string().nullable() }),
  }),
  getSale: defineSubject({
    kind: 'query',
    access: 'seller',
    summary: 'One order of your products, as it is now, with the buyer’s e-mail and what to ship.',
    input: z.strictObject({ orderId }),
    output: z.object({ order }),
  }),
  refundOrder: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary:
      'Gives a paid order’s money back (its seller or an admin), in full or for the lines chosen: card and ' +
      'PayPal through their APIs, M-Pesa as a payment to the buyer’s phone. Access to what is refunded ' +
      'ends (the whole order once every line is); the buyer is e-mailed.',
    input: z.strictObject({
      orderId,
      /** The positions of the lines to refund (0 is the first); left out, every line not refunded yet. */
      lines: z
        .array(
          z
            .number({ error: say(CHOOSE_LINES) })
            .int()
            .min(0)
            .max(99),
        )
        .min(1, say(CHOOSE_LINES))
        .max(100)
        .optional(),
      reason: z
        .string()
        .trim()
        .max(
          300,
          say(
            /*i18n*/ {
              id: 'checkout.keepReasonUnderCharacters',
              message: 'Keep the reason under 300 characters',
            },
          ),
        )
        .default(''),
    }),
    output: z.object({ order }),
  }),
  markOrderShipped: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary: 'Records that a paid merch order has been sent (or handed over at pickup).',
    input: z.strictObject({ orderId }),
    output: z.object({ order }),
  }),
}
