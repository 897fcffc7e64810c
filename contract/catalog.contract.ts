import { z } from 'zod'
import { UPLOAD_LIMITS } from './catalog.constants'
import { currencyCodes } from './currencies'
import { money } from './money'
import { description, newProduct, product, productKind, productStatus, slug, title } from './product.schema'
import type { ProductDetailsInput } from './product-details.schema'
import { defineSubject } from './rpc'
import { say } from './say'

/** Said in more than one place. */
const NOT_UPLOAD_YOURS = /*i18n*/ { id: 'catalog.notUploadYours', message: 'Not an upload of yours' }

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
  type MembershipDetails,
  type MerchDetails,
  type Place,
  type ProductDetails,
  type ProductDetailsInput,
  productDetails,
  type ServiceDetails,
  type ShippingZone,
  type TicketType,
  type Tier,
  type TierPrice,
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
  {
    error: say(
      /*i18n*/ {
        id: 'catalog.detailsNotObject',
        message: 'Send the details of the product’s kind as an object, e.g. {"variants": […]} for merch',
      },
    ),
  },
)

const productId = z.uuid({
  error: say(/*i18n*/ { id: 'catalog.chooseProduct', message: 'Choose one of your products' }),
})
const one = z.object({ product })
const assetIds = (max: number, said: { choose: string; most: string }) =>
  z
    .array(z.uuid({ error: said.choose }))
    .max(max, said.most)
    .optional()

/** An upload that does not say what it is. */
const PHOTO_OR_FILE = /*i18n*/ {
  id: 'catalog.choosePhotoOrFile',
  message: 'Say whether it is a photo or a file',
}

/** A product's photo or file, or a picture or file for one of a membership's posts. */
export const uploadRole = z.enum(['image', 'file', 'post-image', 'post-file'], {
  error: () => say(PHOTO_OR_FILE),
})
export type UploadRole = z.infer<typeof uploadRole>

/** A new upload names its product, role, file name, type and size; a resumed one only its id. */
const uploadRequest = z
  .strictObject({
    uploadId: z.uuid({ error: say(NOT_UPLOAD_YOURS) }).optional(),
    productId: productId.optional(),
    role: uploadRole.optional(),
    fileName: z
      .string()
      .trim()
      .min(1, say(/*i18n*/ { id: 'catalog.fileNoName', message: 'The file has no name' }))
      .max(
        200,
        say(
          /*i18n*/ {
            id: 'catalog.fileNameTooLong',
            message: 'Rename the file to under 200 characters',
          },
        ),
      )
      .optional(),
    contentType: z.string().max(200).optional(),
    size: z
      .number()
      .int()
      .min(1, say(/*i18n*/ { id: 'catalog.fileEmpty', message: 'The file is empty' }))
      .max(
        UPLOAD_LIMITS.fileBytes,
        say(/*i18n*/ { id: 'catalog.fileSizeLimit', message: 'Files can be up to 2 GB' }),
      )
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (input.uploadId) return
    const needed = {
      productId: say(/*i18n*/ { id: 'catalog.needProduct', message: 'Choose the product' }),
      role: say(PHOTO_OR_FILE),
      fileName: say(/*i18n*/ { id: 'catalog.needFileName', message: 'Name the file' }),
      contentType: say(/*i18n*/ { id: 'catalog.needFileType', message: 'Give the file type' }),
      size: say(/*i18n*/ { id: 'catalog.needSize', message: 'Give the size' }),
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
      .number({
        error: say(/*i18n*/ { id: 'catalog.giveRateNumber', message: 'Give a number, e.g. 129.25' }),
      })
      .positive(say(/*i18n*/ { id: 'catalog.rateAboveZero', message: 'A rate is above zero' }))
      .max(1_000_000, say(/*i18n*/ { id: 'catalog.rateTooLarge', message: 'That rate is too large' })),
  )
  .refine((r) => r.USD === undefined || r.USD === 1, {
    message: say(/*i18n*/ { id: 'catalog.dollarIsOne', message: 'The dollar is always 1' }),
    path: ['USD'],
  })

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
      /** The offer its checkout makes (another of your digital products, at a lower price); null for none. */
      upsell: z
        .strictObject({
          productId: z.uuid({
            error: say(
              /*i18n*/ {
                id: 'catalog.chooseUpsell',
                message: 'Choose one of your digital products to offer',
              },
            ),
          }),
          price: money,
        })
        .nullable()
        .optional(),
      /** The photos to keep, in order; those left out are removed. */
      images: assetIds(UPLOAD_LIMITS.imagesPerProduct, {
        choose: say(/*i18n*/ { id: 'catalog.choosePhotos', message: 'Choose photos of this product' }),
        // UPLOAD_LIMITS.imagesPerProduct
        most: say(/*i18n*/ { id: 'catalog.atMostPhotos', message: 'At most 10 photos' }),
      }),
      /** The files to keep, in order; those left out are removed. */
      files: assetIds(UPLOAD_LIMITS.filesPerProduct, {
        choose: say(/*i18n*/ { id: 'catalog.chooseFiles', message: 'Choose files of this product' }),
        // UPLOAD_LIMITS.filesPerProduct
        most: say(/*i18n*/ { id: 'catalog.atMostFiles', message: 'At most 20 files' }),
      }),
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
    summary:
      'Your products, newest first; archived ones only when asked for. All at once, or `limit` at a time ' +
      'from `cursor` (the last one shown), each page the same whatever is added meanwhile.',
    input: z.strictObject({
      kinds: z.array(productKind).max(4).optional(),
      status: productStatus.optional(),
      cursor: productId.optional(),
      limit: z.number().int().min(1).max(100).optional(),
    }),
    output: z.object({ products: z.array(product), nextCursor: z.string().nullable() }),
  }),
  getMyProduct: defineSubject({
    kind: 'query',
    access: 'seller',
    summary: 'One of your products, archived ones too.',
    input: z.strictObject({ id: productId }),
    output: one,
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
    input: z.strictObject({ uploadId: z.uuid({ error: say(NOT_UPLOAD_YOURS) }) }),
    output: one,
  }),
}
