import { and, eq, inArray } from 'drizzle-orm'
import { DOWNLOADS, DOWNLOADS_FIELD } from '../../../contract/errors/downloads'
import { downloads, orders, productAssets, products } from '../../db/schema'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { uuidv7 } from '../../lib/uuid'
import type { Handlers } from '../../rpc/context'
import { currentDigest } from '../catalog'
import { downloadsUsed, linesOf, memberFiles, visibleOrder, withPostFiles } from '../checkout'

/** Links to the files of a paid order, counted against the product's download limit. */
export const downloadsHandlers: Pick<Handlers, 'getDownloadUrl'> = {
  getDownloadUrl: async ({ orderId, fileId, key, downloadId }, ctx) => {
    const row = await visibleOrder(ctx, orderId, key, 'buyer')
    // The files of the order's digital lines: the product bought, and an offer taken with it; or, for the
    // order that started a membership, its tier's files while it lasts.
    const lines = (await linesOf(ctx.db, row.id)).filter((line) => line.kind === 'digital')
    const given = row.kind === 'membership' ? (await memberFiles(ctx.db, [row.id])).get(row.id) : undefined
    // A member downloads their tier's files and those of the posts they read.
    const membership = given && (await withPostFiles(ctx.db, row.id, given))
    if (lines.length === 0 && row.kind !== 'membership') throw new AppError(400, DOWNLOADS.orderNoFiles)
    if (row.status !== 'paid')
      throw new AppError(403, row.status === 'pending' ? DOWNLOADS.notPaidYet : DOWNLOADS.refunded)
    if (row.kind === 'membership' && !membership) throw new AppError(403, DOWNLOADS.membershipNotActive)
    // A line refunded on its own: its files are no longer the buyer's, the rest of the order's are.
    const digital = lines.filter((line) => line.refundedAt === null).map((line) => line.productId)
    if (digital.length === 0 && !membership) throw new AppError(403, DOWNLOADS.refunded)
    const [file] = await ctx.db
      .select()
      .from(productAssets)
      .where(
        and(
          eq(productAssets.id, fileId),
          membership
            ? and(
                eq(productAssets.productId, membership.productId),
                inArray(productAssets.id, membership.files),
              )
            : inArray(productAssets.productId, digital),
          inArray(productAssets.role, membership ? ['file', 'post-file'] : ['file']),
          eq(productAssets.status, 'ready'),
        ),
      )
    if (!file)
      throw new AppError(404, DOWNLOADS.fileNotInOrder, { fields: { fileId: DOWNLOADS_FIELD.notOrder } })
    let download = downloadId
    if (download) {
      // Going on with a download already counted: only a fresh link.
      const [started] = await ctx.db
        .select({ id: downloads.id })
        .from(downloads)
        .where(and(eq(downloads.id, download), eq(downloads.orderId, row.id), eq(downloads.assetId, file.id)))
      if (!started)
        throw new AppError(404, DOWNLOADS.wrongDownload, {
          fields: { downloadId: DOWNLOADS_FIELD.notDownloadFile },
        })
    } else {
      const [product] = await ctx.db
        .select({ details: products.details })
        .from(products)
        .where(eq(products.id, file.productId))
      const limit = product && 'downloadLimit' in product.details ? product.details.downloadLimit : null
      download = await ctx.db.transaction(async (tx) => {
        // The order's row lock serialises first downloads of its files: two at once cannot both take the
        // last one left. Each file has its own count.
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, row.id)).for('update')
        if (limit !== null && (await downloadsUsed(tx, row.id, file.id)) >= limit)
          throw new AppError(403, DOWNLOADS.limitReached, {
            params: { limit, fileName: file.fileName },
          })
        const id = uuidv7()
        await tx.insert(downloads).values({ id, orderId: row.id, assetId: file.id })
        return id
      })
    }
    const current = await currentDigest(ctx.db, ctx.storage, file)
    const url = await ctx.storage.downloadUrl(file.storageKey, {
      expiresInSeconds: ctx.config.downloadLinkSeconds,
      fileName: file.fileName,
    })
    return {
      url,
      expiresAt: new Date(clock.ms() + ctx.config.downloadLinkSeconds * 1000).toISOString(),
      fileName: file.fileName,
      size: current.size,
      sha256: current.sha256,
      downloadId: download,
    }
  },
}
