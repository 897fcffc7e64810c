import { Hono } from 'hono'
import { mpesaResult } from '../../contract/mpesa'
import { MPESA_PHONE_HINT } from '../../contract/phone'
import type { Logger } from '../lib/log'
import type { Links, Signer } from './links'
import type { MpesaAdapter } from './mpesa.adapter'
import { PaymentProviderError } from './payments'
import type {
  ChargeOutcome,
  ChargeRef,
  ChargeRequest,
  ChargeStarted,
  ChargeState,
  PaymentEvents,
  PaymentProvider,
  PayoutRequest,
  RefundRequest,
  TransferState,
} from './provider'

/**
 * M-Pesa: an STK push to the payer's phone, its status query, Paybill payments by the order's reference
 * when the prompt fails, and B2C to send money back (refunds) or out (payouts).
 */
export class MpesaProvider implements PaymentProvider {
  readonly method = 'mpesa'
  /** The Paybill addresses are registered once per process, before the first prompt. */
  private registered = false

  constructor(
    private readonly adapter: MpesaAdapter,
    private readonly links: Links,
    private readonly log: Logger,
  ) {}

  async startCharge(req: ChargeRequest): Promise<ChargeStarted> {
    if (!req.phone) throw new PaymentProviderError(MPESA_PHONE_HINT, 'no phone number for the STK push')
    await this.registerPaybill()
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
   * Tells M-Pesa where to confirm Paybill payments (the fallback when a prompt fails). Registering again
   * only replaces the same addresses; a failure is logged and tried again at the next prompt, which does
   * not depend on it.
   */
  private async registerPaybill() {
    if (this.registered) return
    try {
      await this.adapter.registerC2bUrls({
        confirmationUrl: this.links.c2bConfirmation,
        validationUrl: this.links.c2bValidation,
      })
      this.registered = true
    } catch (error) {
      this.log.warn('could not register the Paybill confirmation address with M-Pesa', {
        detail: error instanceof PaymentProviderError ? error.detail : String(error),
      })
    }
  }
}

const stkEventKey = (checkoutRequestId: string) => `stk:${checkoutRequestId}`

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
 * What M-Pesa calls: the STK result, B2C results and timeouts (their URLs carry an HMAC of the order or
 * transfer, since Daraja signs nothing), and the Paybill validation and confirmation (one signed address).
 * Mounted at /hooks.
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

  for (const [path, purpose] of [
    ['/mpesa/b2c/:id/:sig', 'b2c-result'],
    ['/mpesa/b2c-timeout/:id/:sig', 'b2c-timeout'],
  ] as const)
    app.post(path, async (c) => {
      const id = c.req.param('id')
      if (!signer.verify(purpose, id, c.req.param('sig'))) return c.json(rejected, 403)
      if (purpose === 'b2c-timeout') {
        await events.transfer(
          'mpesa',
          { id },
          { state: 'failed', message: 'M-Pesa did not answer in time: try again' },
        )
        return c.json(accepted)
      }
      let result: ReturnType<MpesaAdapter['parseB2cResult']>
      try {
        result = adapter.parseB2cResult(await c.req.json())
      } catch (error) {
        log.warn('M-Pesa B2C result not understood', { id, error })
        return c.json({ ResultCode: 1, ResultDesc: 'Malformed' }, 400)
      }
      // The signed address names the transfer; a result naming another one must at least carry its
      // conversation id.
      const target =
        result.originatorConversationId === id ? { id } : { id, providerRef: result.conversationId }
      await events.transfer(
        'mpesa',
        target,
        result.resultCode === 0
          ? { state: 'done', providerRef: result.receipt ?? result.transactionId }
          : { state: 'failed', message: `M-Pesa could not send the money: ${result.resultDesc}` },
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
      if (payment.amount !== expected.amount)
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
