import { createHash } from 'node:crypto'
import { FILE_TYPES } from '../../../contract/catalog.constants'
import type { productAssets } from '../../db/schema'
import { clock } from '../../lib/clock'
import { uuidv7 } from '../../lib/uuid'
import type { Storage } from '../../storage/storage'
import { imageVariants, type ProductRow, partSizeFor } from '../catalog'
import { type Cover, coverPng } from './cover-art'
import type { DemoFile, DemoProduct } from './demo-products'

type NewAsset = Omit<typeof productAssets.$inferInsert, 'sellerId'>

/** A product's photos and files, written to storage as a finished upload would leave them. */
export async function productMedia(
  storage: Storage,
  product: ProductRow,
  demo: DemoProduct,
): Promise<NewAsset[]> {
  const ready = { productId: product.id, status: 'ready', completedAt: clock.now() } as const
  const drawCover = async (cover: Cover, position: number): Promise<NewAsset> => {
    const png = await coverPng(cover)
    const drawn = await imageVariants(png)
    if (!drawn) throw new Error(`the demo cover of ${product.slug} could not be resized`)
    const id = uuidv7()
    const prefix = `public/products/${product.id}/${id}`
    await Promise.all(
      drawn.variants.map((v) => storage.write(`${prefix}-${v.width}.webp`, v.body, 'image/webp')),
    )
    return {
      ...ready,
      id,
      role: 'image',
      storageKey: prefix,
      partSize: partSizeFor(png.length),
      fileName: `${product.slug}-${position + 1}.png`,
      contentType: 'image/png',
      size: png.length,
      image: { width: drawn.width, height: drawn.height, widths: drawn.variants.map((v) => v.width) },
      position,
    }
  }
  const storeFile = async (file: DemoFile, position: number): Promise<NewAsset> => {
    const id = uuidv7()
    const key = `products/${product.id}/files/${id}`
    const contentType = FILE_TYPES[file.fileName.split('.').pop() ?? ''] ?? 'application/octet-stream'
    await storage.write(key, file.body, contentType)
    return {
      ...ready,
      id,
      role: 'file',
      storageKey: key,
      partSize: partSizeFor(file.body.length),
      fileName: file.fileName,
      contentType,
      size: file.body.length,
      sha256: createHash('sha256').update(file.body).digest('hex'),
      position,
    }
  }
  // One Promise.all over both, so a failure in either is caught at once, never left unhandled.
  const [images, files] = await Promise.all([
    Promise.all(demo.covers.map(drawCover)),
    demo.files ? demo.files().then((made) => Promise.all(made.map(storeFile))) : [],
  ])
  return [...images, ...files]
}
