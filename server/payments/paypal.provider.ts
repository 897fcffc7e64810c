import { Hono } from 'hono'
import type { Logger } from '../lib/log'
import type { Links, Signer } from './links'
import type { Money } from './payments'
import type { PaypalAdapter } from './paypal.adapter'
import type {
  ChargeRef,
  ChargeRequest,
  ChargeStarted,
  ChargeState,
  PaymentEvents,
  PaymentProvider,
  RefundRequest,
  TransferState,
} from './provider'
import { fromDecimal, isCurrencyCode } from './provider-money'

/**
 * PayPal Orders v2: the payer approves on PayPal's page and comes back; Soko then captures the payment
 * on the server (on the return, on the approval webhook, or when asked about a late one).
 */
export class PaypalProvider implements PaymentProvider {
  readonly method = 'paypal'

  constructor(
    private readonly adapter: PaypalAdapter,
    private readonly links: Links,
  ) {}

  async startCharge(req: ChargeRequest): Promise<ChargeStarted> {
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

  async refund(req: RefundRequest): Promise<TransferState> {
    const payment = req.charge.payment
    const answer = await this.adapter.refundCapture(
      String(payment.captureId ?? payment.receipt),
      req.amount,
      req.id,
    )
    if (answer.status === 'COMPLETED') return { state: 'done', providerRef: answer.id }
    if (answer.status === 'FAILED' || answer.status === 'CANCELLED')
      return { state: 'failed', message: 'PayPal refused the refund' }
    return { state: 'pending', providerRef: answer.id }
  }
}

/** The payer's way back from PayPal (approved or cancelled) and PayPal's signed webhooks. Mounted at /hooks. */
export function paypalHooks(
  adapter: PaypalAdapter,
  signer: Signer,
  links: Links,
  events: PaymentEvents,
  log: Logger,
) {
  const app = new Hono()

  app.get('/paypal/return', async (c) => {
    const id = c.req.query('order') ?? ''
    if (!signer.verify('paypal-return', id, c.req.query('sig') ?? ''))
      return c.text('This link is not valid.', 403)
    await events
      .approved('paypal', { id })
      .catch((error) => log.warn('PayPal capture failed on return', { id, error }))
    return c.redirect(links.orderPage(id), 303)
  })

  app.get('/paypal/cancel', async (c) => {
    const id = c.req.query('order') ?? ''
    if (!signer.verify('paypal-cancel', id, c.req.query('sig') ?? ''))
      return c.text('This link is not valid.', 403)
    await events.closed('paypal', { id }, 'cancelled')
    return c.redirect(links.orderPage(id), 303)
  })

  app.post('/paypal', async (c) => {
    const event = await adapter.verifyWebhook(c.req.raw.headers, await c.req.text())
    if (!event) return c.text('Signature not verified', 400)
    const resource = event.resource as {
      id?: string
      amount?: { currency_code?: string; value?: string }
      supplementary_data?: { related_ids?: { order_id?: string } }
    }
    const approved = event.event_type === 'CHECKOUT.ORDER.APPROVED'
    const orderRef = approved ? resource.id : resource.supplementary_data?.related_ids?.order_id
    if (!orderRef) return c.json({ ok: true })
    const code = resource.amount?.currency_code
    if (approved) await events.approved('paypal', { providerRef: orderRef })
    else if (
      event.event_type === 'PAYMENT.CAPTURE.COMPLETED' &&
      code &&
      isCurrencyCode(code) &&
      resource.amount?.value
    ) {
      const amount: Money = { amount: fromDecimal(resource.amount.value, code), currency: code }
      await events.charge(
        'paypal',
        { providerRef: orderRef },
        `capture:${orderRef}`,
        { kind: 'paid', amount, receipt: resource.id ?? null, details: { captureId: resource.id } },
        event,
      )
    } else if (event.event_type === 'PAYMENT.CAPTURE.REFUNDED')
      await events.transfer('paypal', { chargeProviderRef: orderRef }, { state: 'done', providerRef: null })
    return c.json({ ok: true })
  })
  return app
}
