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

  async function route<K extends keyof PaymentEvents>(kind: K, given: Args<K>): Promise<Result<K>> {
    const args = storable(given)
    // Ids and references are strings: a message that names something else (a number, an object) names
    // nothing of ours, and is not even money to keep.
    if (!onlyText(args[1])) {
      log.warn('a payment message names something that is not an id: nothing was done', {
        kind,
        method: args[0],
      })
      return (kind === 'expected' ? null : undefined) as Result<K>
    }
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

/** Half of a surrogate pair: like a NUL character, text PostgreSQL's text and jsonb columns cannot hold. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/**
 * A message's ids, references and payload with U+FFFD in place of what the database cannot hold. None of
 * ours has such a character, so a message carrying one finds nothing and is logged (or, money, kept)
 * instead of failing its hook with a database error that the provider would retry for days. (The hooks'
 * bodies are at most 64 deep, server/lib/json-depth.ts, so walking them recursively is safe.)
 */
function storable<T>(value: T): T {
  if (typeof value === 'string')
    return value.replaceAll('\u0000', '\ufffd').replace(LONE_SURROGATE, '\ufffd') as T
  if (Array.isArray(value)) return value.map(storable) as T
  if (value === null || typeof value !== 'object' || value instanceof Date) return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [storable(key), storable(item)])) as T
}

/** A reference, or a target whose ids are all strings. */
function onlyText(target: unknown): boolean {
  if (typeof target === 'string') return true
  if (typeof target !== 'object' || target === null || Array.isArray(target)) return false
  return Object.values(target).every((value) => value === undefined || typeof value === 'string')
}
