import { z } from 'zod'
import { UPLOAD_LIMITS } from './catalog.constants'
import { currencyCodes } from './currencies'
import { money } from './money'
import { description, newProduct, product, productKind, productStatus, slug, title } from './product.schema'
import type { ProductDetailsInput } from './product-details.schema'
import { defineSubject } from './rpc'

/**
 * The catalog's subjects: a seller's products (create, change, publish, take off sale, archive, delete,
 * list), their photos' and files' uploads, and the exchange rates behind approximate prices. A product's
 * schemas are in product.schema.ts and each kind's details in product-details.schema.ts; their names are
 * exported from here too, where the app and the server import them.
 */

export {
  type NewProductInput,
  newProduct,
  type Product,
  type ProductFile,
  type ProductImage,
  type ProductStatus,
  product,
  productFile,
  productImage,
  productIssues,
  productKind,
  productStatus,
} from './product.schema'
export {
  type DetailsByKind,
  type DetailsInputByKind,
  type DigitalDetails,
  type EventDetails,
  type KindWithDetails,
  type KindWithDetailsInput,
  type MerchDetails,
  type Place,
  type ProductDetails,
  type ProductDetailsInput,
  productDetails,
  type ServiceDetails,
  type ShippingZone,
  type TicketType,
  type Variant,
  type WeeklySlot,
} from './product-details.schema'

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
