import { type Context, Hono } from 'hono'
import { mpesaResult } from '../../contract/mpesa'
import { B2C_NOT_FOUND, b2cFailure } from '../../contract/mpesa-b2c'
import { MPESA_PHONE_HINT } from '../../contract/phone'
import type { Logger } from '../lib/log'
import type { Links, SignaturePurpose, Signer } from './links'
import type { B2cResult, MpesaAdapter, TransactionStatusResult } from './mpesa.adapter'
import { saysNotFound } from './mpesa.wire'
import { PaymentProviderError } from './payments'
import type {
  ChargeOutcome,
  ChargeRef,
  ChargeRequest,
  ChargeStarted,
  ChargeState,
  PaymentEvents,
  PaymentProvider,
  PayoutRef,
  PayoutRequest,
  RefundRequest,
  TransferState,
} from './provider'

/**
 * M-Pesa: an STK push to the payer's phone, its status query, Paybill payments by the order's reference
 * when the prompt fails, and B2C to send money back (refunds) or out (payouts), with Transaction Status to
 * learn how a B2C payment ended when its result never came.
 */
export class MpesaProvider implements PaymentProvider {
  readonly method = 'mpesa'

  constructor(
    private readonly adapter: MpesaAdapter,
    private readonly links: Links,
  ) {}

  async startCharge(req: ChargeRequest): Promise<ChargeStarted> {
    if (!req.phone) throw new PaymentProviderError(MPESA_PHONE_HINT, 'no phone number for the STK push')
    const push = await this.adapter.stkPush({
      phone: req.phone,
      amount: req.amount.amount,
      accountReference: req.reference,
      description: `Soko ${req.reference}`.slice(0, 13),
      callbackUrl: this.links.stkCallback(req.id),
    })
    return {
      providerRef: push.checkoutRequestId,
      next: { kind: 'mpesa', phone: req.phone, message: push.customerMessage },
      details: { phone: req.phone, merchantRequestId: push.merchantRequestId },
    }
  }

  async checkCharge(charge: ChargeRef): Promise<ChargeState> {
    const answer = await this.adapter.stkQuery(charge.providerRef)
    if (answer.state === 'pending') return { state: 'pending' }
    // A status query does not repeat the amount; the push asked for exactly the charge's.
    return {
      state: 'settled',
      eventKey: stkEventKey(charge.providerRef),
      outcome: stkOutcome(answer.resultCode, answer.resultDesc, {
        amount: charge.amount.amount,
        receipt: null,
      }),
    }
  }

  async refund(req: RefundRequest): Promise<TransferState> {
    const sent = await this.adapter.b2c({
      originatorConversationId: req.id,
      phone: String(req.charge.payment.payerPhone ?? req.charge.payment.phone ?? ''),
      amount: req.amount.amount,
      remarks: `Refund of Soko order ${req.charge.reference}`,
      occasion: req.charge.reference,
      resultUrl: this.links.b2cResult(req.id),
      timeoutUrl: this.links.b2cTimeout(req.id),
    })
    return { state: 'pending', providerRef: sent.conversationId }
  }

  async payOut(req: PayoutRequest): Promise<TransferState> {
    if (req.to.kind !== 'mpesa') throw new Error('M-Pesa pays out to M-Pesa numbers only')
    const sent = await this.adapter.b2c({
      originatorConversationId: req.id,
      phone: req.to.phone,
      amount: req.amount.amount,
      remarks: req.remarks,
      occasion: 'Soko payout',
      resultUrl: this.links.b2cResult(req.id),
      timeoutUrl: this.links.b2cTimeout(req.id),
      commandId: 'BusinessPayment',
    })
    return { state: 'pending', providerRef: sent.conversationId }
  }

  /**
   * Asks M-Pesa's Transaction Status about a payout (or refund) by our id, its OriginatorConversationID.
   * The answer comes later to the b2c-status hook, which reports it through `PaymentEvents.transfer`; until
   * then the payout is still on its way. Before M-Pesa named the payout, our id is the name both sides know.
   */
  async checkPayout(payout: PayoutRef): Promise<TransferState> {
    await this.adapter.transactionStatus({
      originatorConversationId: payout.id,
      resultUrl: this.links.b2cStatusResult(payout.id),
      timeoutUrl: this.links.b2cStatusTimeout(payout.id),
      remarks: 'Where does this Soko payment stand',
      occasion: 'Soko status',
    })
    return { state: 'pending', providerRef: payout.providerRef ?? payout.id }
  }
}

const stkEventKey = (checkoutRequestId: string) => `stk:${checkoutRequestId}`

/**
 * What a B2C result means for the payout or refund `id`. A failure whose outcome is not known — a duplicate
 * (15: M-Pesa already has a request under this id, and this result does not say how that one ended) or a
 * timeout (1037) — is never reported as failed, which would let the money be sent again: it stays `pending`, and Transaction Status (checkPayout)
 * tells how the payment ended. Every other failure moved no money and says why in b2cFailure's words.
 */
export function b2cTransferState(result: B2cResult, id: string): TransferState {
  if (result.resultCode === 0)
    // A success that does not say how much was sent is asked about (Transaction Status says).
    return result.amount === null
      ? { state: 'pending', providerRef: result.conversationId || id }
      : {
          state: 'done',
          providerRef: result.receipt ?? result.transactionId,
          amount: { amount: result.amount, currency: 'KES' },
        }
  const code = String(result.resultCode)
  const failure = b2cFailure(code)
  if (failure.action === 'ask-status') return { state: 'pending', providerRef: result.conversationId || id }
  return { state: 'failed', code, message: failure.title }
}

/**
 * What a Transaction Status answer means for the payout or refund `id`: completed with its receipt is done;
 * M-Pesa having no such transaction means it was never carried out (failed, `not-found`: sending it again
 * under the same id is safe, since M-Pesa refuses a repeated OriginatorConversationID); anything else —
 * the query itself refused, a state other than Completed — leaves it pending, to be asked again.
 */
export function statusTransferState(answer: TransactionStatusResult, id: string): TransferState {
  const { payment } = answer
  if (answer.resultCode === '0' && payment.status === 'Completed' && payment.receipt)
    return {
      state: 'done',
      providerRef: payment.receipt,
      ...(payment.amount === null ? {} : { amount: { amount: payment.amount, currency: 'KES' as const } }),
    }
  if (answer.resultCode !== '0' && saysNotFound(answer.resultDesc))
    return { state: 'failed', code: B2C_NOT_FOUND, message: b2cFailure(B2C_NOT_FOUND).title }
  return { state: 'pending', providerRef: payment.conversationId ?? id }
}

/** What an STK result code means: paid the amount M-Pesa states, or failed with its words. */
function stkOutcome(
  resultCode: number,
  resultDesc: string,
  paid: { amount: number; receipt: string | null; phone?: string | null },
): ChargeOutcome {
  if (resultCode !== 0) return { kind: 'failed', code: String(resultCode), message: resultDesc }
  return {
    kind: 'paid',
    amount: { amount: paid.amount, currency: 'KES' },
    receipt: paid.receipt,
    details: paid.phone ? { payerPhone: paid.phone } : {},
  }
}

/**
 * What M-Pesa calls: the STK result, B2C results and timeouts, and the Transaction Status answers about B2C
 * payments (their URLs carry an HMAC of the order or transfer, since Daraja signs nothing), and the Paybill
 * validation and confirmation (one signed address). Mounted at /hooks.
 */
export function mpesaHooks(adapter: MpesaAdapter, signer: Signer, events: PaymentEvents, log: Logger) {
  const app = new Hono()
  const accepted = { ResultCode: 0, ResultDesc: 'Accepted' }
  const rejected = { ResultCode: 1, ResultDesc: 'Rejected' }

  app.post('/mpesa/stk/:orderId/:sig', async (c) => {
    const orderId = c.req.param('orderId')
    if (!signer.verify('stk-callback', orderId, c.req.param('sig'))) return c.json(rejected, 403)
    let callback: ReturnType<MpesaAdapter['parseStkCallback']>
    try {
      callback = adapter.parseStkCallback(await c.req.json())
    } catch (error) {
      log.warn('M-Pesa callback not understood', { orderId, error })
      return c.json({ ResultCode: 1, ResultDesc: 'Malformed' }, 400)
    }
    // A payment callback states what was paid; one that does not proves nothing (the status query
    // settles the charge instead, at the amount the push asked for).
    if (callback.resultCode === 0 && callback.amount === null) {
      log.warn('M-Pesa success callback without an amount', { orderId })
      return c.json({ ResultCode: 1, ResultDesc: 'Amount missing' }, 400)
    }
    const outcome = stkOutcome(callback.resultCode, mpesaResult(callback.resultCode).title, {
      amount: callback.amount ?? 0,
      receipt: callback.receipt,
      phone: callback.phone,
    })
    await events.charge(
      'mpesa',
      { id: orderId, providerRef: callback.checkoutRequestId },
      stkEventKey(callback.checkoutRequestId),
      outcome,
      callback,
    )
    return c.json(accepted)
  })

  /** Verifies a B2C-family hook's signature and reads its JSON body (null when it has none or a bad one). */
  async function verified(c: Context, purpose: SignaturePurpose) {
    const id = c.req.param('id') ?? ''
    if (!signer.verify(purpose, id, c.req.param('sig') ?? '')) return null
    const body: unknown = await c.req.json().catch(() => null)
    return { id, body }
  }

  // A result naming another payment than the signed address's must at least carry that one's conversation.
  const targetOf = (id: string, originator: string | null, conversationId: string | null) =>
    originator === null || originator === id || !conversationId ? { id } : { id, providerRef: conversationId }

  app.post('/mpesa/b2c/:id/:sig', async (c) => {
    const hook = await verified(c, 'b2c-result')
    if (!hook) return c.json(rejected, 403)
    let result: B2cResult
    try {
      result = adapter.parseB2cResult(hook.body)
    } catch (error) {
      log.warn('M-Pesa B2C result not understood', { id: hook.id, error })
      return c.json({ ResultCode: 1, ResultDesc: 'Malformed' }, 400)
    }
    const state = b2cTransferState(result, hook.id)
    if (state.state === 'pending')
      log.info('M-Pesa B2C result leaves the payment unknown: ask its status', {
        id: hook.id,
        resultCode: result.resultCode,
      })
    await events.transfer(
      'mpesa',
      targetOf(hook.id, result.originatorConversationId, result.conversationId),
      state,
    )
    return c.json(accepted)
  })

  // The request waited too long in M-Pesa's queue: whether it was carried out is not known, so the payment
  // stays pending (never failed, which would let it be sent twice) until Transaction Status says.
  for (const [path, purpose] of [
    ['/mpesa/b2c-timeout/:id/:sig', 'b2c-timeout'],
    ['/mpesa/b2c-status-timeout/:id/:sig', 'b2c-status-timeout'],
  ] as const)
    app.post(path, async (c) => {
      const hook = await verified(c, purpose)
      if (!hook) return c.json(rejected, 403)
      const { conversationId } = adapter.parseQueueTimeout(hook.body)
      log.info('M-Pesa timed out in its queue: ask its status', { id: hook.id, purpose })
      await events.transfer(
        'mpesa',
        { id: hook.id },
        { state: 'pending', providerRef: conversationId ?? hook.id },
      )
      return c.json(accepted)
    })

  app.post('/mpesa/b2c-status/:id/:sig', async (c) => {
    const hook = await verified(c, 'b2c-status')
    if (!hook) return c.json(rejected, 403)
    let answer: TransactionStatusResult
    try {
      answer = adapter.parseTransactionStatus(hook.body)
    } catch (error) {
      log.warn('M-Pesa Transaction Status result not understood', { id: hook.id, error })
      return c.json({ ResultCode: 1, ResultDesc: 'Malformed' }, 400)
    }
    const state = statusTransferState(answer, hook.id)
    if (state.state === 'pending')
      // The query's own refusal (Soko's credential, say) or a state Soko does not settle on: a person may look.
      log.warn('M-Pesa Transaction Status did not settle the payment', {
        id: hook.id,
        resultCode: answer.resultCode,
        resultDesc: answer.resultDesc,
        status: answer.payment.status,
      })
    await events.transfer(
      'mpesa',
      targetOf(hook.id, answer.payment.originatorConversationId, answer.payment.conversationId),
      state,
    )
    return c.json(accepted)
  })

  // Paybill: M-Pesa asks whether an account number is one of ours (validation), then confirms the payment.
  app.post('/paybill/validate/:sig', async (c) => {
    if (!signer.verify('paybill', 'c2b', c.req.param('sig'))) return c.json(rejected, 403)
    try {
      const payment = adapter.parseC2bConfirmation(await c.req.json())
      const expected = await events.expected('mpesa', payment.billRef)
      // C2B00012: invalid account number; C2B00013: invalid amount (Daraja's codes for a refusal).
      if (!expected) return c.json({ ResultCode: 'C2B00012', ResultDesc: 'Rejected' })
      if (expected.exact ? payment.amount !== expected.amount : payment.amount <= 0)
        return c.json({ ResultCode: 'C2B00013', ResultDesc: 'Rejected' })
    } catch {
      return c.json({ ResultCode: 'C2B00012', ResultDesc: 'Rejected' })
    }
    return c.json(accepted)
  })

  app.post('/paybill/confirm/:sig', async (c) => {
    if (!signer.verify('paybill', 'c2b', c.req.param('sig'))) return c.json(rejected, 403)
    let payment: ReturnType<MpesaAdapter['parseC2bConfirmation']>
    try {
      payment = adapter.parseC2bConfirmation(await c.req.json())
    } catch (error) {
      log.warn('Paybill confirmation not understood', { error })
      return c.json({ ResultCode: 1, ResultDesc: 'Malformed' }, 400)
    }
    await events.charge(
      'mpesa',
      { reference: payment.billRef },
      `c2b:${payment.transactionId}`,
      {
        kind: 'paid',
        amount: { amount: payment.amount, currency: 'KES' },
        receipt: payment.transactionId,
        details: { paidBy: 'paybill', ...(payment.phone ? { payerPhone: payment.phone } : {}) },
      },
      payment,
    )
    return c.json(accepted)
  })
  return app
}
