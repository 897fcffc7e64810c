import { randomUUID } from 'node:crypto'
import { CHECKOUT, CHECKOUT_FIELD } from '../../contract/errors/checkout'
import type { Notifications } from '../db/notifications'
import { AppError } from './errors'
import type { Logger } from './log'

/** "Sold out" for one item (ticket type, variant) of a product, found under the product's row lock. */
export class SoldOutError extends AppError {
  constructor(
    /** The field the item was chosen in (`ticketTypeId`, `variantId`). */
    readonly field: string,
    readonly itemKey: string,
  ) {
    super(409, CHECKOUT.soldOut, { fields: { [field]: CHECKOUT_FIELD.soldOut } })
  }
}

/** The channel on which an instance tells the others that an item sold out under its lock. */
export const SOLD_OUT_CHANNEL = 'checkout_sold_out'
/** What a buyer hears when the line is too long or too slow to be served in time. */
export const BUSY_MESSAGE = CHECKOUT.busy.message
/** The Retry-After sent with it: long enough for the line to move, short enough to be worth the wait. */
export const BUSY_RETRY_SECONDS = 5
/**
 * The answer to a checkout whose caller left while it waited. No one reads it (the connection is gone);
 * 499 is what proxies log for a request the client closed.
 */
export const LEFT_STATUS = 499

/**
 * A product's checkout line on one instance: how many go in at once (`width`: they read what they need
 * while the one ahead of them places its order; placing is one at a time), how many may wait to go in, and
 * for how long.
 */
export interface LineLimits {
  width: number
  maxWaiting: number
  maxWaitMs: number
}

interface SoldOutNotice {
  from: string
  productId: string
  itemKey: string
  /** The field the item was chosen in. */
  field: string
}

interface Waiter {
  itemKey: string
  go: () => void
  refuse: (error: unknown) => void
}

interface Line {
  /** Checkouts let in and not yet done (at most `width`). */
  inside: number
  /** Those waiting to be let in, first come first. */
  waiting: Waiter[]
  /** Whether one of those inside is placing its order now. */
  placing: boolean
  /** Those inside waiting for their turn to place. */
  turns: Waiter[]
}

/** Placing an order, one at a time among those inside a product's line. */
export type Serially = <R>(place: () => Promise<R>) => Promise<R>

export interface CheckoutLinesOptions {
  limits: LineLimits
  /** The database's notices: "sold out" heard from the other instances. */
  notifications?: Notifications
  /** Sends a notice on SOLD_OUT_CHANNEL to every instance (this one ignores its own). */
  announce?: (channel: string, payload: string) => Promise<void>
  log?: Logger
}

/** An item's "sold out" is told the other instances at most this often: the first notice is what counts. */
const ANNOUNCE_EVERY_MS = 1_000

const busy = () => new AppError(503, CHECKOUT.busy, { retryAfter: BUSY_RETRY_SECONDS })
const left = () => new AppError(LEFT_STATUS, CHECKOUT.left)

/**
 * Each product's checkouts on this instance go through a line: a few at a time are let in, first come
 * first served, and of those one at a time places its order. The product's row lock serialises placing
 * across instances anyway; the line keeps a crowd (a ticket drop: hundreds at once) from holding
 * database connections while they queue for that lock, and from sharing the database so evenly that
 * everyone is answered only when the last is (each query of each checkout queued behind all the others').
 *
 * The line knows who is in it. A buyer whose page went away (the tab closed, the network dropped) is taken
 * out before anything is held for them. A line longer than `maxWaiting`, or a wait longer than
 * `maxWaitMs`, is answered "Busy" (503 with Retry-After) rather than kept until the request times out.
 * And when a checkout finds an item sold out, everyone waiting for that same item is told so at once, on
 * this instance and, through a database notice, on every other: their requests were under way while it
 * sold out, so the answer is as true for them, and none of them needs the database to hear it.
 */
export class CheckoutLines {
  private readonly lines = new Map<string, Line>()
  private readonly id = randomUUID()
  private readonly announced = new Map<string, number>()
  private listening = false

  constructor(private readonly opts: CheckoutLinesOptions) {}

  /**
   * Runs `work` once let into the product's line, and `work`'s `serially` one at a time. A "sold out" that
   * `work` throws is told to those waiting for the same item.
   */
  async join<T>(
    productId: string,
    itemKey: string,
    work: (serially: Serially) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    if (signal?.aborted) throw left()
    this.listen()
    let line = this.lines.get(productId)
    if (!line) {
      line = { inside: 0, waiting: [], placing: false, turns: [] }
      this.lines.set(productId, line)
    }
    const current = line
    // Let in at once, or handed the place of one who leaves.
    if (current.inside < this.opts.limits.width) current.inside++
    else await this.waitToGoIn(current, itemKey, signal)
    try {
      if (signal?.aborted) throw left()
      return await work((place) => this.serially(current, itemKey, place, signal))
    } catch (error) {
      if (error instanceof SoldOutError) {
        this.refuseWaiting(current, error.itemKey, error)
        this.announceSoldOut(productId, error)
      }
      throw error
    } finally {
      const next = current.waiting.shift()
      if (next) next.go()
      else {
        current.inside--
        if (current.inside === 0) this.lines.delete(productId)
      }
    }
  }

  /** How many are in a product's line on this instance: those let in and those waiting. */
  length(productId: string): number {
    const line = this.lines.get(productId)
    return line ? line.inside + line.waiting.length : 0
  }

  /** Waits to be let in: refused "Busy" when the line is full or the wait too long, or once the buyer left. */
  private waitToGoIn(line: Line, itemKey: string, signal: AbortSignal | undefined): Promise<void> {
    const { maxWaiting, maxWaitMs } = this.opts.limits
    if (line.waiting.length >= maxWaiting) return Promise.reject(busy())
    return this.enqueue(line.waiting, itemKey, signal, maxWaitMs)
  }

  private async serially<R>(
    line: Line,
    itemKey: string,
    place: () => Promise<R>,
    signal: AbortSignal | undefined,
  ): Promise<R> {
    if (line.placing) await this.enqueue(line.turns, itemKey, signal)
    line.placing = true
    try {
      // Its turn came after the buyer left: nothing is held for no one.
      if (signal?.aborted) throw left()
      return await place()
    } catch (error) {
      // Told before the next one's turn: it may be waiting for the same item.
      if (error instanceof SoldOutError) this.refuseWaiting(line, error.itemKey, error)
      throw error
    } finally {
      const next = line.turns.shift()
      if (next) next.go()
      else line.placing = false
    }
  }

  /** Joins a queue until `go`; taken out and refused when the buyer leaves, or after `maxWaitMs` ("Busy"). */
  private enqueue(
    queue: Waiter[],
    itemKey: string,
    signal: AbortSignal | undefined,
    maxWaitMs?: number,
  ): Promise<void> {
    return new Promise<void>((go, refuse) => {
      const out = (error: unknown) => {
        const at = queue.indexOf(waiter)
        if (at >= 0) queue.splice(at, 1)
        waiter.refuse(error)
      }
      const timer = maxWaitMs === undefined ? undefined : setTimeout(() => out(busy()), maxWaitMs)
      const onAbort = () => out(left())
      const done = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
      }
      const waiter: Waiter = {
        itemKey,
        go: () => {
          done()
          go()
        },
        refuse: (error) => {
          done()
          refuse(error)
        },
      }
      queue.push(waiter)
      signal?.addEventListener('abort', onAbort, { once: true })
    })
  }

  /** Tells everyone waiting in the line (to go in, or for their turn) for an item that sold out. */
  private refuseWaiting(line: Line, itemKey: string, error: unknown) {
    for (const key of ['waiting', 'turns'] as const) {
      const told = line[key].filter((waiter) => waiter.itemKey === itemKey)
      if (told.length === 0) continue
      line[key] = line[key].filter((waiter) => waiter.itemKey !== itemKey)
      for (const waiter of told) waiter.refuse(error)
    }
  }

  private announceSoldOut(productId: string, error: SoldOutError) {
    const { announce, log } = this.opts
    if (!announce) return
    const key = `${productId}/${error.itemKey}`
    const now = performance.now()
    if (now - (this.announced.get(key) ?? Number.NEGATIVE_INFINITY) < ANNOUNCE_EVERY_MS) return
    this.announced.set(key, now)
    for (const [old, at] of this.announced) if (now - at >= ANNOUNCE_EVERY_MS) this.announced.delete(old)
    const notice: SoldOutNotice = {
      from: this.id,
      productId,
      itemKey: error.itemKey,
      field: error.field,
    }
    // Not awaited: the buyer's answer does not wait for the others to hear. A notice lost costs only time:
    // the others' waiters find it sold out themselves.
    announce(SOLD_OUT_CHANNEL, JSON.stringify(notice)).catch((failure: unknown) =>
      log?.warn('sold-out notice not sent', { productId, error: failure }),
    )
  }

  /** Listens for the other instances' "sold out" from the first checkout on. */
  private listen() {
    if (this.listening || !this.opts.notifications) return
    this.listening = true
    this.opts.notifications.listen(SOLD_OUT_CHANNEL, (payload) => this.heard(payload))
  }

  private heard(payload: string) {
    let notice: SoldOutNotice
    try {
      notice = JSON.parse(payload) as SoldOutNotice
    } catch {
      return
    }
    if (notice.from === this.id) return
    const line = this.lines.get(notice.productId)
    if (!line) return
    this.refuseWaiting(line, notice.itemKey, new SoldOutError(notice.field, notice.itemKey))
  }
}
