import { PAYMENTS } from '../../contract/errors/payments'
import type { Money } from '../../contract/money'
import { MPESA_PHONE, MPESA_PHONE_HINT } from '../../contract/phone'
import type { FieldMessage } from '../lib/errors'

/**
 * What the three payment adapters share. Each adapter is production code that speaks its provider's HTTP
 * API (docs/payments.md); in sandbox mode its base URL is this server's /sandbox/{provider}, whose
 * simulators speak the same wire format. Adapters never touch the database: the checkout service decides
 * what an answer means for an order.
 */

export type MethodId = 'mpesa' | 'paypal' | 'card'

/**
 * A provider refused or failed a request. `message` is for the buyer or seller (what happened and what to
 * do); `detail` is for the log (the provider's own code and text), and never carries a secret.
 */
/**
 * What a payment provider's refusal says, as a message with a code: the phone hint by its own, any other
 * by the English the provider's adapter wrote (its words pass through as the message's one value).
 */
export function providerMessage(english: string): FieldMessage {
  if (english === MPESA_PHONE_HINT) return MPESA_PHONE
  return { ...PAYMENTS.providerSaid, params: { reason: english } }
}

export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError'
  constructor(
    message: string,
    readonly detail: string,
    /** The provider's error or result code, when it gave one. */
    readonly code: string | null = null,
    /** True when asking again later may work (gateway busy, timeouts, 5xx). */
    readonly retryable = false,
  ) {
    super(message)
  }
}

/** The fetch an adapter uses; tests pass one that counts or fails requests. */
export type Fetch = typeof fetch

export type { Money }
