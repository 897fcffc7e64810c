import type { PaymentMethod } from '../../contract/checkout.constants'
import type { Money } from './payments'

/**
 * One interface for the three ways money comes in (M-Pesa, card, PayPal) and, where a provider can, goes
 * out. Whatever is being paid for — an order today, an invoice next — asks a provider to start a charge,
 * to check one whose callback is late, to refund it, or to pay someone out, and learns the results through
 * `PaymentEvents`, which the provider's verified callbacks and webhooks call. No code outside a provider
 * needs to know which provider it is talking to.
 */

/** A charge to start: what, how much, for whom, and until when it may be paid. */
export interface ChargeRequest {
  /** Ours, and the providers' idempotency key: the same id never charges twice. */
  id: string
  /** What the payer sees: the order's reference (`SK…`), also the Paybill account number. */
  reference: string
  amount: Money
  /** A line for the provider's page or prompt. */
  description: string
  email: string
  /** M-Pesa: the number the prompt goes to. */
  phone: string | null
  expiresAt: Date
  /** Where the payer lands after paying on the provider's page; by default the order's page. */
  returnUrl?: string
  /**
   * Keep what the payer pays with, to charge it again without them (a membership's renewals): a card's
   * customer and payment method come back in the paid outcome's details.
   */
  saveForLater?: boolean
  /**
   * The first payment of something paid again every month or year (a membership): PayPal makes it a
   * subscription, which bills the next periods by itself; the paid outcome names it (`subscription`).
   * With a free trial, `amount` is zero: nothing is taken now (a card is only saved), and `then` is what
   * each period costs from the trial's end.
   */
  recurring?: { interval: 'month' | 'year'; trial?: { days: number; then: Money } }
}

/** A charge of what a payer saved, made without them: a membership's renewal. */
export interface SavedChargeRequest {
  /** Ours, and the provider's idempotency key: asking again with it never charges twice. */
  id: string
  /** The order the charge pays: the provider's webhook names it. */
  orderId: string
  reference: string
  amount: Money
  description: string
  saved: { customer?: string; paymentMethod?: string; subscription?: string }
  /** When the period it pays began: a payment the provider took by itself since then pays it (PayPal). */
  since: Date
}

/**
 * What charging a saved method came to: paid (settled like any payment, by the event key), or declined,
 * with the provider's code and words (`authentication_required`: only the payer can complete it).
 */
export type SavedChargeResult =
  | { kind: 'paid'; eventKey: string; outcome: Extract<ChargeOutcome, { kind: 'paid' }> }
  | { kind: 'declined'; code: string; message: string }
  /** The provider bills by itself and has not yet (a PayPal subscription's day): ask again later. */
  | { kind: 'waiting' }

/** What the payer does next: go to the provider's page, or answer the prompt on their phone. */
export type ChargeNext = { kind: 'redirect'; url: string } | { kind: 'mpesa'; phone: string; message: string }

export interface ChargeStarted {
  /** The provider's name for the charge (a checkout request, a PayPal order, a Checkout Session). */
  providerRef: string
  next: ChargeNext
  /** Kept with the charge, for checks and refunds (the phone prompted, say). */
  details: Record<string, unknown>
}

/** What a verified message or a status query says about a charge. */
export type ChargeOutcome =
  | { kind: 'paid'; amount: Money; receipt: string | null; details: Record<string, unknown> }
  /**
   * `message` is what happened and what the buyer can do, shown under the page's own "Nothing was
   * charged.", which it does not repeat.
   */
  | { kind: 'failed'; code: string; message: string }

export type ChargeState =
  | { state: 'pending' }
  | { state: 'settled'; eventKey: string; outcome: ChargeOutcome }
  | { state: 'expired' }

/** A charge being asked about: its id, the provider's name for it and what it should have taken. */
export interface ChargeRef {
  id: string
  providerRef: string
  amount: Money
}

/** Money back to whoever paid a charge. */
export interface RefundRequest {
  /** Ours: the provider's idempotency key. */
  id: string
  charge: ChargeRef & {
    reference: string
    /** What the charge kept when it was paid (receipt, capture or payment intent, the payer's phone). */
    payment: Record<string, unknown>
  }
  amount: Money
  reason: string
}

/** Where money in and out stands: done now, on its way (a result callback will say), or refused. */
export type TransferState =
  | {
      state: 'done'
      providerRef: string | null
      /**
       * What the provider says moved, where its message says: compared with what was sent before anything
       * settles (a mismatch settles nothing, and a status query decides later).
       */
      amount?: Money
    }
  | { state: 'pending'; providerRef: string }
  | {
      state: 'failed'
      message: string
      /** The provider's own code for the failure (a B2C ResultCode, a PayPal error name), when it gave one. */
      code?: string
      /** The money reached the provider's side and came back (PayPal UNCLAIMED then RETURNED). */
      returned?: boolean
    }

/**
 * Whether a provider's "done" is about the money that was sent: the same amount and currency, or a message
 * that names no amount (some confirmations do not: the request itself named it).
 */
export function transferMatches(state: TransferState, sent: Money): boolean {
  return (
    state.state !== 'done' ||
    !state.amount ||
    (state.amount.amount === sent.amount && state.amount.currency === sent.currency)
  )
}

/** Money out to a person: a seller's payout. */
export interface PayoutRequest {
  /** Ours: the provider's idempotency key, so a repeated request never pays twice. */
  id: string
  amount: Money
  to: { kind: 'mpesa'; phone: string } | { kind: 'paypal'; email: string }
  /** Shown to the receiver where the provider can. */
  remarks: string
}

export interface PaymentProvider {
  readonly method: PaymentMethod
  startCharge(req: ChargeRequest): Promise<ChargeStarted>
  /** Asks the provider about a charge whose callback or webhook is late (PayPal: captures an approval). */
  checkCharge(charge: ChargeRef): Promise<ChargeState>
  /** Closes a charge so that it cannot be paid any more, where the provider allows it. */
  cancelCharge?(charge: ChargeRef): Promise<void>
  refund(req: RefundRequest): Promise<TransferState>
  /** Charges what a payer saved at an earlier payment, without them; absent where nothing can be saved. */
  chargeSaved?(req: SavedChargeRequest): Promise<SavedChargeResult>
  /** Stops what bills the payer by itself (a PayPal subscription); one already stopped is left as it is. */
  stopRecurring?(ref: string, reason: string): Promise<void>
  /** Suspends it (a member's pause: nothing billed until it is resumed), and resumes it. */
  pauseRecurring?(ref: string): Promise<void>
  resumeRecurring?(ref: string): Promise<void>
  /**
   * Money out, for providers that can send it (M-Pesa B2C, PayPal Payouts); absent elsewhere (bank payouts
   * are manual). Asking again with the same id never pays twice: the provider answers about the first.
   */
  payOut?(req: PayoutRequest): Promise<TransferState>
  /**
   * Asks where a payout stands whose result never came. M-Pesa answers later, at the transfer's result
   * address (`pending` now, `PaymentEvents.transfer` then); PayPal answers at once.
   */
  checkPayout?(payout: PayoutRef): Promise<TransferState>
}

/** A payout being asked about: ours, the provider's name for it once known, and what it sent. */
export interface PayoutRef {
  id: string
  providerRef: string | null
  amount: Money
}

/**
 * Which charge a provider's message is about: our id where the message carries it, else the provider's
 * reference, else (a Paybill payment) the reference the payer typed.
 */
export type ChargeTarget =
  | { id: string; providerRef?: string }
  /** What bills the payer by itself: a PayPal subscription's id. */
  | { recurring: string }
  | { providerRef: string }
  | { reference: string }

/** Which money out a result is about: ours (a refund's id), or the charge it gave back. */
export type TransferTarget =
  | { id: string; providerRef?: string }
  | { chargeProviderRef: string }
  | { chargeReceipt: string }

/**
 * The provider's own name for a message, where it has one (a webhook's event id and type): logged when the
 * message names nothing of ours, so that a person can find it in the provider's dashboard.
 */
export interface MessageOrigin {
  event: string
  type: string
}

/**
 * What the providers' verified callbacks and webhooks tell whatever is being paid for. Each call is made
 * once a message has been verified; the receiver makes it idempotent (an event key is given where the
 * provider has one) and ignores a target of another method.
 */
export interface PaymentEvents {
  /** A charge succeeded or failed. */
  charge(
    method: PaymentMethod,
    target: ChargeTarget,
    eventKey: string,
    outcome: ChargeOutcome,
    payload: unknown,
    origin?: MessageOrigin,
  ): Promise<void>
  /** A charge can no longer be paid: it expired at the provider, or the payer cancelled it there. */
  closed(
    method: PaymentMethod,
    target: ChargeTarget,
    why: 'expired' | 'cancelled',
    origin?: MessageOrigin,
  ): Promise<void>
  /** The payer is back from the provider's page, or the provider says they approved: ask it now. */
  approved(method: PaymentMethod, target: ChargeTarget, origin?: MessageOrigin): Promise<void>
  /**
   * What a payment naming this reference must be for it to be accepted (Paybill validation): exactly this
   * amount (an order), or any amount in its currency (an invoice takes part payments); null: refuse.
   */
  expected(method: PaymentMethod, reference: string): Promise<(Money & { exact: boolean }) | null>
  /** A refund or payout has its result. */
  transfer(
    method: PaymentMethod,
    target: TransferTarget,
    state: TransferState,
    origin?: MessageOrigin,
  ): Promise<void>
  /**
   * Where a payer coming back from a provider's page (paid or not) goes, for the charge `id`: an invoice's
   * pay page; null for the order's page.
   */
  payerPage?(id: string): Promise<string | null>
}
