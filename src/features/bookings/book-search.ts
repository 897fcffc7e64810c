// /book's search parameters apart from its queries: the route validates them in code every page loads.

export interface BookSearch {
  q?: string
  category?: string
  /** Absent: soonest free first. */
  sort?: 'price'
}

/** Only what is set and well-formed. */
export function validateBookSearch(search: Record<string, unknown>): BookSearch {
  const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '')
  const q = text(search.q, 100)
  const category = text(search.category, 60)
  return {
    ...(q ? { q } : {}),
    ...(category ? { category } : {}),
    ...(search.sort === 'price' ? { sort: 'price' as const } : {}),
  }
}
