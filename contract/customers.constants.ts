/** How the client book sorts: most recent first, by name, by purchases, by what was spent. */
export const CUSTOMER_SORTS = ['recent', 'name', 'purchases', 'spent'] as const
export type CustomerSort = (typeof CUSTOMER_SORTS)[number]
