import { paypalPayoutFailure } from '../../contract/paypal-payouts'
import { clock } from '../lib/clock'
import type { Links } from './links'
import { PaymentProviderError } from './payments'
import type { PaypalAdapter } from './paypal.adapter'
import type { PaypalPayoutBatch, PaypalPayoutItem } from './paypal-payouts.adapter'
import type { PaypalSale } from './paypal-subscriptions.adapter'
import type {
  ChargeRef,
  ChargeRequest,
  ChargeStarted,
  ChargeState,
  PaymentProvider,
  PayoutRef,
  PayoutRequest,
  RefundRequest,
  SavedChargeRequest,
  SavedChargeResult,
  TransferState,
} from './provider'

/**
 * PayPal Orders v2: the payer approves on PayPal's page and comes back; Soko then captures the payment
 * on the server (on the return, on the approval webhook, or when asked about a late one). A payment made
 * again each period (a membership's first) is a PayPal subscription instead: approved, PayPal takes the
 * first period at once and the next ones on their days by itself (PAYMENT.SALE.COMPLETED); a failed one
 * waits in the subscription's outstanding balance, which Soko captures when it tries again. Payouts go to
 * a PayPal account's e-mail address as a batch of one item, named by the payout's id.
 */
export class PaypalProvider implements PaymentProvider {
  readonly method = 'paypal'

  constructor(
    private readonly adapter: PaypalAdapter,
    private readonly links: Links,
  ) {}

  async startCharge(req: ChargeRequest): Promise<ChargeStarted> {
    if (req.recurring) {
      const { trial } = req.recurring
      const subscription = await this.adapter.createSubscription({
        orderId: req.id,
        name: req.description.slice(0, 120),
        interval: req.recurring.interval,
        // After a free trial, what each period costs; nothing is taken now.
        amount: trial ? trial.then : req.amount,
        ...(trial ? { trialDays: trial.days } : {}),
        returnUrl: this.links.paypalReturn(req.id),
        cancelUrl: this.links.paypalCancel(req.id),
      })
      return {
        providerRef: subscription.id,
        next: { kind: 'redirect', url: subscription.approveUrl },
        details: { subscription: subscription.id },
      }
    }
    const created = await this.adapter.createOrder({
      reference: req.reference,
      orderId: req.id,
      amount: req.amount,
      description: req.description.slice(0, 120),
      returnUrl: this.links.paypalReturn(req.id),
      cancelUrl: this.links.paypalCancel(req.id),
      requestId: req.id,
    })
    return { providerRef: created.id, next: { kind: 'redirect', url: created.approveUrl }, details: {} }
  }

  /** An approved order is captured here: PayPal takes the money only when Soko asks it to. */
  async checkCharge(charge: ChargeRef): Promise<ChargeState> {
    if (isSubscription(charge.providerRef)) return this.checkSubscription(charge)
    const order = await this.adapter.getOrder(charge.providerRef)
    if (order.status !== 'APPROVED' && order.status !== 'COMPLETED') return { state: 'pending' }
    const capture = await this.adapter.captureOrder(charge.providerRef, `capture-${charge.id}`)
    if (capture.status === 'COMPLETED')
      return {
        state: 'settled',
        eventKey: `capture:${charge.providerRef}`,
        outcome: {
          kind: 'paid',
          amount: capture.amount,
          receipt: capture.captureId,
          details: { captureId: capture.captureId, payerEmail: capture.payerEmail },
        },
      }
    if (capture.status === 'DECLINED')
      return {
        state: 'settled',
        eventKey: `declined:${charge.providerRef}`,
        outcome: {
          kind: 'failed',
          code: 'declined',
          message: 'PayPal declined the payment: try another card in PayPal, or pay another way.',
        },
      }
    return { state: 'pending' }
  }

  /** A subscription's first payment: taken by PayPal when the payer approved, found among its sales. */
  private async checkSubscription(charge: ChargeRef): Promise<ChargeState> {
    const subscription = await this.adapter.getSubscription(charge.providerRef)
    if (subscription.status === 'APPROVAL_PENDING' || subscription.status === 'APPROVED')
      return { state: 'pending' }
    // A free trial's start takes nothing: the subscription approved and active is all there is to wait for.
    if (charge.amount.amount === 0)
      return subscription.status === 'ACTIVE'
        ? {
            state: 'settled',
            eventKey: `activated:${subscription.id}`,
            outcome: {
              kind: 'paid',
              amount: charge.amount,
              // i18n-ignore: PayPal is its own name in every language.
              receipt: 'PayPal',
              details: { subscription: subscription.id },
            },
          }
        : { state: 'pending' }
    const sales = await this.adapter.subscriptionSales(charge.providerRef, new Date(0), clock.now())
    const first = sales.find((s) => s.status !== 'DECLINED' && s.status !== 'PENDING')
    return first
      ? { state: 'settled', eventKey: `sale:${first.id}`, outcome: salePaid(first, subscription.id) }
      : { state: 'pending' }
  }

  /**
   * A membership's renewal: the period's sale if PayPal has taken it by itself, else what the subscription
   * owes after a failed cycle, captured now; `waiting` while PayPal has not billed the period yet.
   */
  async chargeSaved(req: SavedChargeRequest): Promise<SavedChargeResult> {
    const id = req.saved.subscription
    if (!id) return { kind: 'declined', code: 'no_saved_method', message: 'No PayPal subscription is kept' }
    const sales = await this.adapter.subscriptionSales(
      id,
      new Date(req.since.getTime() - DAY_MS),
      clock.now(),
    )
    const taken = sales.find((s) => s.status !== 'DECLINED' && s.status !== 'PENDING')
    if (taken) return { kind: 'paid', eventKey: `sale:${taken.id}`, outcome: salePaid(taken, id) }
    const subscription = await this.adapter.getSubscription(id)
    if (subscription.outstanding) {
      const sale = await this.adapter.captureOutstanding(id, subscription.outstanding, req.id)
      if (sale.status === 'COMPLETED')
        return { kind: 'paid', eventKey: `sale:${sale.id}`, outcome: salePaid(sale, id) }
      return { kind: 'declined', code: 'paypal_declined', message: `PayPal ${sale.status}` }
    }
    if (subscription.status !== 'ACTIVE')
      return {
        kind: 'declined',
        code: 'subscription_ended',
        message: `PayPal subscription ${subscription.status}`,
      }
    return { kind: 'waiting' }
  }

  stopRecurring(ref: string, reason: string): Promise<void> {
    return this.adapter.cancelSubscription(ref, reason)
  }

  pauseRecurring(ref: string): Promise<void> {
    // i18n-ignore: the reason is PayPal's record.
    return this.adapter.setSubscriptionState(ref, 'suspend', 'The member paused the membership')
  }

  resumeRecurring(ref: string): Promise<void> {
    // i18n-ignore: the reason is PayPal's record.
    return this.adapter.setSubscriptionState(ref, 'activate', 'The member’s pause ended')
  }

  async refund(req: RefundRequest): Promise<TransferState> {
    const payment = req.charge.payment
    if (typeof payment.saleId === 'string') {
      const answer = await this.adapter.refundSale(payment.saleId, req.amount, req.id)
      if (answer.status === 'COMPLETED')
        return { state: 'done', providerRef: answer.id, ...(answer.amount ? { amount: answer.amount } : {}) }
      if (answer.status === 'FAILED') return { state: 'failed', message: 'PayPal refused the refund' }
      return { state: 'pending', providerRef: answer.id }
    }
    const answer = await this.adapter.refundCapture(
      String(payment.captureId ?? payment.receipt),
      req.amount,
      req.id,
    )
    if (answer.status === 'COMPLETED')
      return { state: 'done', providerRef: answer.id, ...(answer.amount ? { amount: answer.amount } : {}) }
    if (answer.status === 'FAILED' || answer.status === 'CANCELLED')
      return { state: 'failed', message: 'PayPal refused the refund' }
    return { state: 'pending', providerRef: answer.id }
  }

  /**
   * The payout's id is both sender_batch_id and sender_item_id: PayPal pays a sender_batch_id once, so a
   * repeat (after a lost answer, or from two instances) answers the first batch and pays nothing more. The
   * result follows in a PAYMENT.PAYOUTS-ITEM.* webhook, or when asked (checkPayout).
   */
  async payOut(req: PayoutRequest): Promise<TransferState> {
    if (req.to.kind !== 'paypal') throw new Error('PayPal pays out to PayPal e-mail addresses only')
    let created: { batchId: string; batchStatus: string }
    try {
      created = await this.adapter.createPayout({
        senderBatchId: req.id,
        senderItemId: req.id,
        receiver: req.to.email,
        amount: req.amount,
        note: req.remarks,
        emailSubject: PAYOUT_EMAIL_SUBJECT,
      })
    } catch (error) {
      // Refused before any batch was made: nothing went out, and the same id may be sent again later.
      if (error instanceof PaymentProviderError && error.code === 'INSUFFICIENT_FUNDS')
        return failed('INSUFFICIENT_FUNDS')
      throw error
    }
    if (created.batchStatus === 'DENIED')
      return this.checkPayout({ id: req.id, providerRef: created.batchId, amount: req.amount })
    return { state: 'pending', providerRef: created.batchId }
  }

  /**
   * Reads the payout's batch and its item. Without a batch id (payOut's answer was lost) there is nothing
   * to read: PayPal finds batches by their id only, and this reference lacks the receiver a repeated
   * request needs. That is refused, not answered `pending`: the way on is payOut again with the same
   * request, which never pays twice and answers the batch id.
   */
  async checkPayout(payout: PayoutRef): Promise<TransferState> {
    if (payout.providerRef === null)
      throw new PaymentProviderError(
        'PayPal has not told Soko the batch of this payout yet: Soko will send the payout again with the same id',
        `PayPal payout ${payout.id} has no batch id: call payOut again with the same request (PayPal pays one batch per sender_batch_id)`,
        'NO_BATCH_ID',
      )
    const batch = await this.adapter.getPayoutBatch(payout.providerRef)
    if (batch.senderBatchId !== null && batch.senderBatchId !== payout.id)
      throw mismatch(payout, `batch ${batch.batchId} is sender_batch_id ${batch.senderBatchId}`)
    if (batch.status === 'DENIED') return batchDenied(batch)
    const item =
      batch.items.find((i) => i.senderItemId === payout.id) ??
      (batch.items.length === 1 ? batch.items[0] : undefined)
    // PENDING and PROCESSING batches may not list their items yet.
    if (!item) return { state: 'pending', providerRef: batch.batchId }
    if (item.amount.amount !== payout.amount.amount || item.amount.currency !== payout.amount.currency)
      throw mismatch(payout, `item ${item.itemId} is ${item.amount.amount} ${item.amount.currency}`)
    return payoutItemState(item)
  }
}

const DAY_MS = 86_400_000

/** PayPal's subscriptions are `I-…`; its orders have no dash. */
const isSubscription = (ref: string) => ref.startsWith('I-')

/** A subscription's sale as a paid outcome: its id is the receipt, and what a refund gives back. */
function salePaid(sale: PaypalSale, subscription: string) {
  return {
    kind: 'paid' as const,
    amount: sale.amount,
    receipt: sale.id,
    details: { saleId: sale.id, subscription },
  }
}

/** The subject of PayPal's e-mail to the seller. */
const PAYOUT_EMAIL_SUBJECT = 'You have a payout from Soko'

/**
 * What a payout item's transaction_status means. Only SUCCESS is done, and only failures PayPal has
 * finished with are failed; PENDING, ONHOLD (HELD), UNCLAIMED and any status PayPal may add are still on
 * their way, so nothing is paid again or given back too early. RETURNED (an unclaimed item PayPal gave back
 * after 30 days, or that Soko cancelled) is the one whose money went out and came back.
 */
export function payoutItemState(item: PaypalPayoutItem): TransferState {
  switch (item.status) {
    case 'SUCCESS':
      return { state: 'done', providerRef: item.transactionId ?? item.itemId, amount: item.amount }
    case 'RETURNED':
    case 'CANCELED':
      return failed('RETURNED', true)
    case 'FAILED':
    case 'BLOCKED':
    case 'DENIED':
    case 'REFUNDED':
    case 'REVERSED':
      return failed(item.error?.name ?? item.status)
    default:
      return { state: 'pending', providerRef: item.batchId }
  }
}

/** A batch PayPal refused as a whole (INSUFFICIENT_FUNDS, say): none of it was paid. */
export function batchDenied(batch: PaypalPayoutBatch): TransferState {
  return failed(batch.error?.name ?? batch.items.find((i) => i.error)?.error?.name ?? 'DENIED')
}

function failed(code: string, returned = false): TransferState {
  return {
    state: 'failed',
    code,
    message: paypalPayoutFailure(code).text,
    ...(returned ? { returned: true } : {}),
  }
}

function mismatch(payout: PayoutRef, what: string) {
  return new PaymentProviderError(
    'PayPal answered about another payout: Soko is looking into it',
    `PayPal payout ${payout.id} (${payout.amount.amount} ${payout.amount.currency}): ${what}`,
  )
}
