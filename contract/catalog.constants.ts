/** Catalog figures without zod, so pages can use them without loading the schemas. */
export const PRODUCT_KINDS = ['digital', 'service', 'merch', 'event'] as const
export type ProductKind = (typeof PRODUCT_KINDS)[number]

export const CATALOG_LIMITS = { title: 120, description: 20_000, variants: 100 } as const
