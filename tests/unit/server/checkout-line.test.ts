import { describe, expect, it, vi } from 'vitest'
import type { Notifications } from '../../../server/db/notifications'
import {
  BUSY_MESSAGE,
  BUSY_RETRY_SECONDS,
  CheckoutLines,
  LEFT_STATUS,
  type LineLimits,
  SOLD_OUT_CHANNEL,
  SoldOutError,
} from '../../../server/lib/checkout-line'

const ROOMY: LineLimits = { width: 1, maxWaiting: 100, maxWaitMs: 60_000 }

/** A promise with its resolve, to hold a checkout in the database for as long as a test wants. */
function held() {
  let release = () => {}
  const done = new Promise<void>((resolve) => {
    release = resolve
  })
  return { done, release }
}

/** Notices between instances as the database would carry them: every listener hears every notice. */
function noticeBoard() {
  const listeners = new Map<string, Set<(payload: string) => void>>()
  const notifications: Notifications = {
    listen(channel, onNotice) {
      const set = listeners.get(channel) ?? new Set()
      listeners.set(channel, set)
      set.add(onNotice)
      return () => set.delete(onNotice)
    },
    close: () => Promise.resolve(),
  }
  const announce = async (channel: string, payload: string) => {
    for (const hear of listeners.get(channel) ?? []) hear(payload)
  }
  return { notifications, announce }
}

const soldOutVip = () => new SoldOutError('ticketTypeId', 'vip')

/** A checkout that does all its work while placing (as one that reads nothing before its turn). */
const placing = <T>(
  lines: CheckoutLines,
  productId: string,
  itemKey: string,
  place: () => Promise<T>,
  signal?: AbortSignal,
) => lines.join(productId, itemKey, (serially) => serially(place), signal)

describe('CheckoutLines', () => {
  it('lets the checkouts of one product place their orders one at a time, in the order they came', async () => {
    const lines = new CheckoutLines({ limits: { ...ROOMY, width: 3 } })
    const log: string[] = []
    let inside = 0
    let most = 0
    const place = (name: string) =>
      placing(lines, 'p1', 'vip', async () => {
        inside++
        most = Math.max(most, inside)
        log.push(name)
        await new Promise((resolve) => setTimeout(resolve, 1))
        inside--
        return name
      })
    expect(await Promise.all(['a', 'b', 'c', 'd', 'e'].map(place))).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(log).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(most).toBe(1)
  })

  it('lets `width` in at once, and the next in when one of them is done', async () => {
    const lines = new CheckoutLines({ limits: { ...ROOMY, width: 2 } })
    const gates = [held(), held(), held()]
    const started: number[] = []
    const checkouts = gates.map((gate, i) =>
      lines.join('p1', 'a', async () => {
        started.push(i)
        await gate.done
        return i
      }),
    )
    await Promise.resolve()
    expect(started).toEqual([0, 1])
    expect(lines.length('p1')).toBe(3)
    gates[1]?.release()
    await checkouts[1]
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2]))
    gates[0]?.release()
    gates[2]?.release()
    expect(await Promise.all(checkouts)).toEqual([0, 1, 2])
    expect(lines.length('p1')).toBe(0)
  })

  it('does not hold up another product', async () => {
    const lines = new CheckoutLines({ limits: ROOMY })
    const first = held()
    const slow = placing(lines, 'p1', 'a', () => first.done)
    await expect(placing(lines, 'p2', 'a', async () => 'other')).resolves.toBe('other')
    first.release()
    await slow
  })

  it('tells everyone waiting for an item that sold out, without taking them to the database', async () => {
    const lines = new CheckoutLines({ limits: { ...ROOMY, width: 2 } })
    const first = held()
    const ran: string[] = []
    const soldOut = soldOutVip()
    const last = placing(lines, 'p1', 'vip', async () => {
      await first.done
      throw soldOut
    })
    // One waits for its turn to place (let in), two to be let in.
    const waiting = ['w1', 'w2', 'w3'].map((name) =>
      placing(lines, 'p1', 'vip', async () => {
        ran.push(name)
      }),
    )
    // Another ticket type of the same event still goes in, after the first.
    const other = placing(lines, 'p1', 'regular', async () => {
      ran.push('regular')
      return 'held'
    })
    first.release()
    await expect(last).rejects.toBe(soldOut)
    for (const w of waiting) await expect(w).rejects.toBe(soldOut)
    await expect(other).resolves.toBe('held')
    expect(ran).toEqual(['regular'])
  })

  it('lets the next one in when a checkout fails for another reason', async () => {
    const lines = new CheckoutLines({ limits: ROOMY })
    const failed = placing(lines, 'p1', 'a', async () => {
      throw new Error('price changed')
    })
    const next = placing(lines, 'p1', 'a', async () => 'placed')
    await expect(failed).rejects.toThrow('price changed')
    await expect(next).resolves.toBe('placed')
  })

  it('answers "Busy" with Retry-After beyond the longest line, and serves those in it', async () => {
    const lines = new CheckoutLines({ limits: { width: 1, maxWaiting: 2, maxWaitMs: 60_000 } })
    const first = held()
    const inside = placing(lines, 'p1', 'a', () => first.done.then(() => 'first'))
    const inLine = [
      placing(lines, 'p1', 'a', async () => 'second'),
      placing(lines, 'p1', 'a', async () => 'third'),
    ]
    const refused = placing(lines, 'p1', 'a', async () => 'fourth')
    await expect(refused).rejects.toMatchObject({
      status: 503,
      message: BUSY_MESSAGE,
      retryAfter: BUSY_RETRY_SECONDS,
    })
    first.release()
    expect(await Promise.all([inside, ...inLine])).toEqual(['first', 'second', 'third'])
  })

  it('answers "Busy" to one who waited longer than the line allows, and never lets them in after', async () => {
    vi.useFakeTimers()
    try {
      const lines = new CheckoutLines({ limits: { width: 1, maxWaiting: 10, maxWaitMs: 3_000 } })
      const first = held()
      const ran: string[] = []
      const inside = placing(lines, 'p1', 'a', () => first.done)
      const waiting = placing(lines, 'p1', 'a', async () => {
        ran.push('late')
      })
      const caught = waiting.catch((error: unknown) => error)
      await vi.advanceTimersByTimeAsync(2_999)
      expect(ran).toEqual([])
      await vi.advanceTimersByTimeAsync(1)
      expect(await caught).toMatchObject({ status: 503, message: BUSY_MESSAGE })
      first.release()
      await inside
      // The next one after the first goes straight in: the one who gave up left no place behind.
      await expect(placing(lines, 'p1', 'a', async () => 'next')).resolves.toBe('next')
      expect(ran).toEqual([])
    } finally {
      vi.useRealTimers()
    }
  })

  it('takes a buyer who left out of the line, before anything is placed for them', async () => {
    const lines = new CheckoutLines({ limits: { ...ROOMY, width: 2 } })
    const first = held()
    const ran: string[] = []
    const inside = placing(lines, 'p1', 'a', () => first.done)
    // One let in, waiting for its turn to place; one waiting to be let in; both leave.
    const gone = [new AbortController(), new AbortController()]
    const leaving = gone.map((controller, i) =>
      placing(lines, 'p1', 'a', async () => ran.push(`left ${i}`), controller.signal),
    )
    const staying = placing(lines, 'p1', 'a', async () => ran.push('stayed'))
    expect(lines.length('p1')).toBe(4)
    for (const controller of gone) controller.abort()
    for (const checkout of leaving) await expect(checkout).rejects.toMatchObject({ status: LEFT_STATUS })
    expect(lines.length('p1')).toBe(2)
    first.release()
    await inside
    await staying
    expect(ran).toEqual(['stayed'])
    // One who had left before coming to the line is not placed either.
    await expect(
      placing(lines, 'p1', 'a', async () => ran.push('never'), gone[0]?.signal),
    ).rejects.toMatchObject({ status: LEFT_STATUS })
    expect(ran).toEqual(['stayed'])
  })

  it('tells the waiting buyers of another instance that an item sold out, and says it once a second', async () => {
    const board = noticeBoard()
    const announce = vi.fn(board.announce)
    const a = new CheckoutLines({ limits: ROOMY, notifications: board.notifications, announce })
    const b = new CheckoutLines({ limits: ROOMY, ...board })
    // B is busy with a regular ticket; two wait there for VIP, one for regular.
    const slow = held()
    const ran: string[] = []
    const busyB = placing(b, 'p1', 'regular', () => slow.done)
    const vipAtB = ['b1', 'b2'].map((name) => placing(b, 'p1', 'vip', async () => ran.push(name)))
    const regularAtB = placing(b, 'p1', 'regular', async () => ran.push('b-regular'))
    // A finds VIP sold out, before it even places (as the count read before the line says).
    const soldOut = soldOutVip()
    for (let i = 0; i < 3; i++)
      await expect(
        a.join('p1', 'vip', async () => {
          throw soldOut
        }),
      ).rejects.toBe(soldOut)
    expect(announce).toHaveBeenCalledTimes(1)
    for (const waiter of vipAtB)
      await expect(waiter).rejects.toMatchObject({
        status: 409,
        message: soldOut.message,
        errors: { ticketTypeId: 'Sold out' },
      })
    slow.release()
    await busyB
    await regularAtB
    expect(ran).toEqual(['b-regular'])
  })

  it('ignores a notice it cannot read', async () => {
    const board = noticeBoard()
    const lines = new CheckoutLines({ limits: ROOMY, ...board })
    const first = held()
    const inside = placing(lines, 'p1', 'vip', () => first.done)
    const waiting = placing(lines, 'p1', 'vip', async () => 'served')
    await board.announce(SOLD_OUT_CHANNEL, 'not json')
    await board.announce(
      SOLD_OUT_CHANNEL,
      JSON.stringify({ from: 'elsewhere', productId: 'p2', itemKey: 'vip' }),
    )
    first.release()
    await inside
    await expect(waiting).resolves.toBe('served')
  })
})
