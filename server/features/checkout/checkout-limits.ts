import { DISCOUNT_TRIES_PER_10_MINUTES } from '../../../contract/discounts.constants'
import { DISCOUNTS } from '../../../contract/errors/discounts'
import { LIMITS } from '../../../contract/errors/limits'
import type { Lang } from '../../../contract/i18n'
import type { CheckoutLimits } from '../../env'
import type { UserRow } from '../../lib/caller'
import type { RateCheck } from '../../lib/rate-limit'
import type { RpcContext } from '../../rpc/context'

/** Where a checkout comes from, as far as the limits can tell. */
export interface Requester {
  /** The client address: shared by every buyer behind one carrier's NAT. */
  ip: string
  /** The id the app keeps for this browser (X-Soko-Device), when a valid one came. */
  device: string | null
  /** The language the request came in (Content-Language): the order is written to the buyer in it. */
  lang?: Lang | undefined
}

/**
 * What starting a checkout is counted against, in `rate_limits` (shared by every instance). The device and
 * the buyer are one person each: their limits are what slow someone down. An address is shared by
 * thousands of buyers on a mobile network, so it gets only a ceiling against floods, checked last: a
 * buyer already refused by their own limit uses none of what everyone behind the address shares. A client
 * that sends no device id (a page without JavaScript, an API client) is counted by buyer and address only.
 */
export function checkoutChecks(
  limits: CheckoutLimits,
  requester: Requester,
  caller: UserRow | null,
  email: string | undefined,
): RateCheck[] {
  const checks: RateCheck[] = []
  if (requester.device)
    checks.push({
      key: `checkout:device:${requester.device}`,
      limit: limits.perDevice,
      refusal: LIMITS.checkoutsFromDevice,
    })
  if (caller)
    checks.push({
      key: `checkout:account:${caller.id}`,
      limit: limits.perBuyer,
      refusal: LIMITS.checkoutsFromAccount,
    })
  else if (email)
    checks.push({
      // One person whichever way they write their address: buyerFor finds the account the same way.
      key: `checkout:email:${email.trim().toLowerCase()}`,
      limit: limits.perBuyer,
      refusal: LIMITS.checkoutsForEmail,
      field: 'email',
    })
  checks.push({
    key: `checkout:ip:${requester.ip}`,
    limit: limits.perAddress,
    refusal: LIMITS.checkoutsFromNetwork,
  })
  return checks
}

/** How many codes one person may try in ten minutes, and everyone behind one network address. */
const CODE_TRIES = { max: DISCOUNT_TRIES_PER_10_MINUTES, windowSeconds: 600 }
const CODE_TRIES_PER_ADDRESS = { max: DISCOUNT_TRIES_PER_10_MINUTES * 10, windowSeconds: 600 }

/**
 * What trying a discount code is counted against: the person (their device, else their account), and a
 * ceiling for their network address. Guessing codes is slowed down; a buyer typing one or two is not.
 */
export function codeTryChecks(requester: Requester, caller: UserRow | null): RateCheck[] {
  const person = requester.device ? `device:${requester.device}` : caller ? `account:${caller.id}` : null
  return [
    ...(person
      ? [{ key: `discount:${person}`, limit: CODE_TRIES, refusal: DISCOUNTS.tooManyTries, field: 'code' }]
      : []),
    {
      key: `discount:ip:${requester.ip}`,
      limit: CODE_TRIES_PER_ADDRESS,
      refusal: DISCOUNTS.tooManyTries,
      field: 'code',
    },
  ]
}

/**
 * What placing an order needs of an RPC call besides its input: who asks (signed in or not), from where
 * and in what language, and its place in the checkout line (given up when the call is).
 */
export function checkoutCall(ctx: RpcContext) {
  return {
    caller: ctx.caller?.user ?? null,
    requester: { ip: ctx.ip, device: ctx.device, lang: ctx.lang },
    line: { lines: ctx.checkoutLines, ...(ctx.signal ? { signal: ctx.signal } : {}) },
  }
}
