import type { Db } from '../../db/client'
import { AppError } from '../../lib/errors'

/** "Sold out" for one item (ticket type, variant) of a product, found under the product's row lock. */
export class SoldOutError extends AppError {
  constructor(
    message: string,
    fields: Record<string, string>,
    readonly itemKey: string,
  ) {
    super(409, message, fields)
  }
}

interface Waiter {
  itemKey: string
  go: () => void
  refuse: (error: unknown) => void
}

interface Line {
  busy: boolean
  waiting: Waiter[]
}

/**
 * The checkouts of one product on this instance go to the database one at a time. The product's row lock
 * serialises them there anyway; waiting here instead keeps a crowd (a ticket drop: hundreds at once) from
 * holding database connections while they queue for that lock. And when a checkout finds an item sold out,
 * everyone waiting in line for that same item is told so at once: their requests were under way while it
 * sold out, so the answer is as true for them, and none of them needs the database to hear it.
 */
export class CheckoutLines {
  private readonly lines = new Map<string, Line>()

  async join<T>(productId: string, itemKey: string, place: () => Promise<T>): Promise<T> {
    let line = this.lines.get(productId)
    if (!line) {
      line = { busy: false, waiting: [] }
      this.lines.set(productId, line)
    }
    const current = line
    if (current.busy) await new Promise<void>((go, refuse) => current.waiting.push({ itemKey, go, refuse }))
    current.busy = true
    try {
      return await place()
    } catch (error) {
      if (error instanceof SoldOutError) {
        const told = current.waiting.filter((waiter) => waiter.itemKey === error.itemKey)
        current.waiting = current.waiting.filter((waiter) => waiter.itemKey !== error.itemKey)
        for (const waiter of told) waiter.refuse(error)
      }
      throw error
    } finally {
      const next = current.waiting.shift()
      if (next) next.go()
      else {
        current.busy = false
        this.lines.delete(productId)
      }
    }
  }
}

const byDatabase = new WeakMap<Db, CheckoutLines>()

/** The lines of the app that uses this database handle (one per instance; tests run several). */
export function checkoutLines(db: Db): CheckoutLines {
  let lines = byDatabase.get(db)
  if (!lines) {
    lines = new CheckoutLines()
    byDatabase.set(db, lines)
  }
  return lines
}
