/** Catalog answers kept in memory; beyond this many addresses the least recently used go. */
const CACHE_SIZE = 300

/**
 * What the public catalog pages answer (payloads, rendered pages), kept per address until the catalog
 * changes on any instance. A miss is computed once however many ask for it at the same moment; a failed
 * one is forgotten.
 */
export class CatalogCache<T> {
  private readonly entries = new Map<string, { version: number; value: Promise<T> }>()

  constructor(
    private readonly version: () => Promise<number>,
    private readonly size = CACHE_SIZE,
  ) {}

  /** Drops everything: what the pages were made from changed outside the catalog (the platform's terms). */
  clear() {
    this.entries.clear()
  }

  async get(key: string, make: () => Promise<T>): Promise<T> {
    const version = await this.version()
    const hit = this.entries.get(key)
    // Moved to the end: the map's order is the order of last use.
    this.entries.delete(key)
    if (hit && hit.version >= version) {
      this.entries.set(key, hit)
      return hit.value
    }
    const value = make()
    this.entries.set(key, { version, value })
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value as string)
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key)
    })
    return value
  }
}
