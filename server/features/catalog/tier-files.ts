import { and, eq } from 'drizzle-orm'
import type { ProductDetails } from '../../../contract/catalog.contract'
import { CATALOG, CATALOG_FIELD } from '../../../contract/errors/catalog'
import type { DbOrTx } from '../../db/client'
import { productAssets } from '../../db/schema'
import { AppError } from '../../lib/errors'

/**
 * A membership's tiers as saved: each tier's files must be files of the membership (one removed in the
 * same save is dropped from the tiers that had it); any other id is refused at its field. Other kinds'
 * details are as they came.
 */
export async function withTierFiles(
  db: DbOrTx,
  productId: string | null,
  details: ProductDetails,
): Promise<ProductDetails> {
  if (!('tiers' in details) || !details.tiers.some((tier) => tier.files?.length)) return details
  const rows = productId
    ? await db
        .select({ id: productAssets.id })
        .from(productAssets)
        .where(and(eq(productAssets.productId, productId), eq(productAssets.role, 'file')))
    : []
  const known = new Set(rows.map((row) => row.id))
  for (const [i, tier] of details.tiers.entries()) {
    const unknown = (tier.files ?? []).findIndex((id) => !known.has(id))
    if (unknown >= 0)
      throw new AppError(400, CATALOG.fileNotOnProduct, {
        fields: { [`details.tiers.${i}.files.${unknown}`]: CATALOG_FIELD.notMembershipFile },
      })
  }
  return details
}

/** The tiers without the files just removed from the membership. */
export function withoutRemovedFiles(details: ProductDetails, removed: string[]): ProductDetails {
  if (!('tiers' in details) || removed.length === 0) return details
  return {
    ...details,
    tiers: details.tiers.map((tier) =>
      tier.files ? { ...tier, files: tier.files.filter((id) => !removed.includes(id)) } : tier,
    ),
  }
}
