import { describe, expect, it } from 'vitest'
import { CheckoutLines, SoldOutError } from '../../../server/features/checkout/checkout-line'

/** A promise with its resolve, to hold a checkout in the database for as long as a test wants. */
function held() {
  let release = () => {}
  const done = new Promise<void>((resolve) => {
    release = resolve
  })
  return { done, release }
}

describe('CheckoutLines', () => {
  it('lets the checkouts of one product into the database one at a time, in the order they came', async () => {
    const lines = new CheckoutLines()
    const log: string[] = []
    let inside = 0
    let most = 0
    const place = (name: string) =>
      lines.join('p1', 'vip', async () => {
        inside++
        most = Math.max(most, inside)
        log.push(name)
        await new Promise((resolve) => setTimeout(resolve, 1))
        inside--
        return name
      })
    expect(await Promise.all([place('a'), place('b'), place('c')])).toEqual(['a', 'b', 'c'])
    expect(log).toEqual(['a', 'b', 'c'])
    expect(most).toBe(1)
  })

  it('does not hold up another product', async () => {
    const lines = new CheckoutLines()
    const first = held()
    const slow = lines.join('p1', 'a', () => first.done)
    await expect(lines.join('p2', 'a', async () => 'other')).resolves.toBe('other')
    first.release()
    await slow
  })

  it('tells everyone waiting for an item that sold out, without taking them to the database', async () => {
    const lines = new CheckoutLines()
    const first = held()
    const ran: string[] = []
    const soldOut = new SoldOutError(
      'Sold out: choose fewer or another option',
      { ticketTypeId: 'Sold out' },
      'vip',
    )
    const last = lines.join('p1', 'vip', async () => {
      await first.done
      throw soldOut
    })
    const waiting = ['w1', 'w2'].map((name) =>
      lines.join('p1', 'vip', async () => {
        ran.push(name)
      }),
    )
    // Another ticket type of the same event still goes in, after the first.
    const other = lines.join('p1', 'regular', async () => {
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
    const lines = new CheckoutLines()
    const failed = lines.join('p1', 'a', async () => {
      throw new Error('price changed')
    })
    const next = lines.join('p1', 'a', async () => 'placed')
    await expect(failed).rejects.toThrow('price changed')
    await expect(next).resolves.toBe('placed')
  })
})
