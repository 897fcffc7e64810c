import { describe, expect, it } from 'vitest'
import { createLogger } from '../../../server/lib/log'
import { type PaymentEventOwner, routePaymentEvents } from '../../../server/payments/event-router'
import type { PaymentEvents } from '../../../server/payments/provider'

const PAID = {
  kind: 'paid' as const,
  amount: { amount: 100, currency: 'KES' as const },
  receipt: null,
  details: {},
}

/** An owner that finds the ids it is given, and records what it settled. */
function owner(name: string, ids: string[], settled: string[]): PaymentEventOwner {
  return {
    name,
    async charge(_method, target) {
      if (!('id' in target) || !ids.includes(target.id)) return null
      return async () => {
        settled.push(`${name} ${target.id}`)
      }
    },
  }
}

function unclaimed(seen: string[]): PaymentEvents {
  return {
    charge: async (_m, target) => {
      seen.push(`unclaimed ${JSON.stringify(target)}`)
    },
    closed: async () => {},
    approved: async () => {},
    expected: async () => null,
    transfer: async () => {},
  }
}

describe('routePaymentEvents', () => {
  it('gives a message to the one owner that finds it its own', async () => {
    const settled: string[] = []
    const events = routePaymentEvents(
      [owner('order', ['o1'], settled), owner('invoice payment', ['i1'], settled)],
      unclaimed(settled),
      createLogger('silent'),
    )
    await events.charge('mpesa', { id: 'i1' }, 'k', PAID, null)
    await events.charge('mpesa', { id: 'o1' }, 'k', PAID, null)
    expect(settled).toEqual(['invoice payment i1', 'order o1'])
    expect(await events.claimants('charge', 'mpesa', { id: 'o1' }, 'k', PAID, null)).toEqual(['order'])
  })

  it('hands a message no owner finds to what becomes of unclaimed ones', async () => {
    const settled: string[] = []
    const events = routePaymentEvents(
      [owner('order', ['o1'], settled)],
      unclaimed(settled),
      createLogger('silent'),
    )
    await events.charge('mpesa', { reference: 'NOSUCHREF' }, 'k', PAID, null)
    expect(settled).toEqual(['unclaimed {"reference":"NOSUCHREF"}'])
    // Kinds an owner does not handle go there too.
    expect(await events.expected('mpesa', 'NOSUCHREF')).toBeNull()
    expect(await events.payerPage?.('x')).toBeNull()
  })

  it('settles nothing, and says so, when two owners find the same message', async () => {
    const settled: string[] = []
    const lines: string[] = []
    const log = createLogger('error', (line) => lines.push(line))
    const events = routePaymentEvents(
      [owner('order', ['x'], settled), owner('payout', ['x'], settled)],
      unclaimed(settled),
      log,
    )
    await events.charge('mpesa', { id: 'x' }, 'k', PAID, null)
    // Neither owner settled it, and it was not taken for unclaimed either.
    expect(settled).toEqual([])
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'a payment message is claimed by more than one owner: nothing was done',
        owners: ['order', 'payout'],
      }),
    ])
  })
})
