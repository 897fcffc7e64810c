import type { Money } from '../../contract/money'
import type { Logger } from '../lib/log'
import type { PaymentEvents } from './provider'

/** What an owner does with a message it found its own: run once the router has chosen it. */
export type Act<R = void> = () => Promise<R>

type Args<K extends keyof PaymentEvents> = Parameters<NonNullable<PaymentEvents[K]>>
type Result<K extends keyof PaymentEvents> = Awaited<ReturnType<NonNullable<PaymentEvents[K]>>>

/**
 * One kind of thing a provider's verified message can settle — an order, an invoice's charge, a payout, a
 * refund, the refund of an invoice's excess — and how to find and settle it. For each kind of message it
 * handles, it looks for the thing of its own the message names and answers what to do with it, or null
 * when the message names nothing of its own. Looking changes nothing; only the act chosen does.
 */
export type PaymentEventOwner = {
  /** What it owns, as logs and tests name it: "order", "invoice payment", "payout", … */
  name: string
} & {
  [K in keyof PaymentEvents]?: (...args: Args<K>) => Promise<Act<Result<K>> | null>
}

/** The owners a message was found to belong to (empty: none; more than one is a bug). */
export type Claimants = (kind: keyof PaymentEvents, ...args: unknown[]) => Promise<string[]>

/**
 * The providers' messages routed to their owners: every owner is asked, and the one that finds the message
 * its own settles it. None: `unclaimed` says what happens (money that came for nothing is kept for a person
 * to match; anything else is logged). Two: a bug in the owners' lookups, refused loudly rather than
 * settled twice — the provider asks again, or the sweep does, once it is fixed.
 */
export function routePaymentEvents(
  owners: PaymentEventOwner[],
  unclaimed: PaymentEvents,
  log: Logger,
): PaymentEvents & { claimants: Claimants } {
  async function claims<K extends keyof PaymentEvents>(kind: K, args: Args<K>) {
    const found = await Promise.all(
      owners.map(async (owner) => {
        const ask = owner[kind] as ((...a: Args<K>) => Promise<Act<Result<K>> | null>) | undefined
        const act = ask ? await ask(...args) : null
        return act ? { name: owner.name, act } : null
      }),
    )
    return found.filter((claim) => claim !== null)
  }

  async function route<K extends keyof PaymentEvents>(kind: K, args: Args<K>): Promise<Result<K>> {
    const found = await claims(kind, args)
    const [only] = found
    if (found.length === 1 && only) return only.act()
    if (found.length > 1) {
      log.error('a payment message is claimed by more than one owner: nothing was done', {
        kind,
        owners: found.map((claim) => claim.name),
      })
      return undefined as Result<K>
    }
    const otherwise = unclaimed[kind] as ((...a: Args<K>) => Promise<Result<K>>) | undefined
    return otherwise ? otherwise(...args) : (undefined as Result<K>)
  }

  return {
    charge: (...args) => route('charge', args),
    closed: (...args) => route('closed', args),
    approved: (...args) => route('approved', args),
    expected: (...args) => route('expected', args) as Promise<(Money & { exact: boolean }) | null>,
    transfer: (...args) => route('transfer', args),
    payerPage: async (...args) => (await route('payerPage', args)) ?? null,
    claimants: async (kind, ...args) => (await claims(kind, args as never)).map((claim) => claim.name),
  }
}
