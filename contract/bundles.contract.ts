import { z } from 'zod'
import { MAX_BUNDLE_PARTS } from './catalog.constants'
import { charge, checkoutNext, order, startCheckoutInput } from './checkout.contract'
import { money } from './money'
import { defineSubject } from './rpc'
import { say } from './say'

/**
 * Bundles: several of a seller's products (downloads, tickets, merch) sold together at one price, less
 * than the parts cost alone. Bought, a bundle is one order with a line per part, each delivered as if
 * bought alone.
 */

/**
 * Why a bundle cannot be bought now: a part off sale, sold out, not selling tickets, priced in another
 * currency since, or the parts cheaper alone.
 */
export const bundleBlock = z
  .object({
    reason: z.enum(['offSale', 'soldOut', 'closed', 'currency', 'cheaper']),
    /** The part it is about (null for `cheaper`, which is about them all). */
    title: z.string().nullable(),
  })
  .nullable()

export const bundlePart = z.object({
  productId: z.string(),
  slug: z.string(),
  kind: z.enum(['digital', 'merch', 'event']),
  title: z.string(),
  /** The variant or ticket type, as people read it; the title for a download. */
  label: z.string(),
  /** The merch variant or ticket type; '' for a download. */
  itemKey: z.string(),
  /** What it costs alone now. */
  price: money,
})

export const bundleView = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price: money,
  /** What the parts cost alone, and what the bundle saves. */
  worth: money,
  saving: money,
  status: z.enum(['draft', 'published']),
  parts: z.array(bundlePart),
  blocked: bundleBlock,
  /** Paid orders of the bundle. */
  sales: z.number().int(),
  seller: z.object({ handle: z.string(), displayName: z.string() }),
})
export type BundleView = z.infer<typeof bundleView>

const GIVE_TITLE = /*i18n*/ { id: 'bundles.giveTitle', message: 'Give the bundle a title' }

const bundleId = z.uuid({ error: say(/*i18n*/ { id: 'bundles.chooseBundle', message: 'Choose a bundle' }) })

export const saveBundleInput = z.strictObject({
  /** Left out to make a new bundle; given to change one. */
  id: bundleId.optional(),
  title: z
    .string({ error: say(GIVE_TITLE) })
    .trim()
    .min(2, say(GIVE_TITLE))
    .max(120, say(/*i18n*/ { id: 'bundles.titleLength', message: 'Keep the title under 120 characters' })),
  description: z
    .string()
    .trim()
    .max(2000, say(/*i18n*/ { id: 'bundles.descriptionLength', message: 'Keep it under 2,000 characters' }))
    .optional(),
  price: money,
  parts: z
    .array(
      z.strictObject({
        productId: z.uuid({
          error: say(/*i18n*/ { id: 'bundles.chooseProduct', message: 'Choose a product' }),
        }),
        /** The merch variant or ticket type; left out for a download, or a product with only one. */
        itemKey: z.string().max(40).optional(),
      }),
    )
    .min(2, say(/*i18n*/ { id: 'bundles.twoParts', message: 'Choose at least two products' }))
    .max(
      MAX_BUNDLE_PARTS,
      say(/*i18n*/ { id: 'bundles.mostParts', message: 'A bundle holds at most 10 products' }),
    ),
})

export const bundleQuoteInput = z.strictObject({ bundleId, delivery: startCheckoutInput.shape.delivery })

export const bundleQuote = z.object({
  subtotal: money,
  shipping: money,
  total: money,
  charges: z.array(charge),
  /** Each part and its share of the bundle's price. */
  lines: z.array(z.object({ title: z.string(), label: z.string(), price: money, listPrice: money })),
})
export type BundleQuote = z.infer<typeof bundleQuote>

export const startBundleCheckoutInput = startCheckoutInput
  .pick({ method: true, email: true, phone: true, textMe: true, timeZone: true, delivery: true })
  .extend({
    bundleId,
    /** The name on each event's ticket, in the order of the bundle's parts (one event at most). */
    holders: startCheckoutInput.shape.holders,
  })

export const bundlesContract = {
  listMyBundles: defineSubject({
    kind: 'query',
    access: 'seller',
    summary:
      'Your bundles, newest first, each with its parts, what it saves and whether it can be bought now.',
    input: z.strictObject({}),
    output: z.object({ bundles: z.array(bundleView) }),
  }),
  saveBundle: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Makes a bundle, or changes one: two to ten of your products on sale (downloads, tickets, merch), ' +
      'in one currency, at a price below what they cost alone.',
    input: saveBundleInput,
    output: z.object({ bundle: bundleView }),
  }),
  publishBundle: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary: 'Puts a bundle on sale (on your storefront) or takes it off sale.',
    input: z.strictObject({ id: bundleId, published: z.boolean() }),
    output: z.object({ bundle: bundleView }),
  }),
  deleteBundle: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary: 'Deletes a bundle. Orders of it keep their lines: buyers keep what they bought.',
    input: z.strictObject({ id: bundleId }),
    output: z.object({ deleted: z.boolean() }),
  }),
  getBundle: defineSubject({
    kind: 'query',
    access: 'public',
    summary: 'A bundle on sale: its parts, price, what it saves, and why it cannot be bought now, if so.',
    input: z.strictObject({ id: bundleId }),
    output: z.object({ bundle: bundleView }),
  }),
  quoteBundle: defineSubject({
    kind: 'query',
    access: 'public',
    summary:
      'What a bundle would cost delivered (shipping for its merch, where to), and exactly what each ' +
      'payment method would charge.',
    input: bundleQuoteInput,
    output: bundleQuote,
  }),
  startBundleCheckout: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary:
      'Orders a bundle and starts paying for it: one order with a line per part, every part’s stock or seat ' +
      'held at once (or none, naming the part that is short), one payment. Answers as startCheckout does.',
    input: startBundleCheckoutInput,
    output: z.object({ orderId: z.string(), accessKey: z.string(), order, next: checkoutNext }),
  }),
}
