import { and, eq, sql } from 'drizzle-orm'
import type { Hono } from 'hono'
import { mpesaResult } from '../../../contract/mpesa'
import { orders, refunds } from '../../db/schema'
import { fromDecimal } from '../../payments/provider-money'
import { type CheckoutDeps, capturePaypal, closeOrder, mpesaSettlement, settle } from './checkout.service'
import { completeRefund, failRefund } from './refunds'

/**
 * What providers call: M-Pesa's callbacks (their URLs carry an HMAC of the order or refund, since Daraja
 * signs nothing), PayPal's and Stripe's signed webhooks, and the pages PayPal and Stripe send the buyer
 * back to. Each is verified before it is read, answered quickly, and idempotent: the settlement records
 * the provider's event under a unique key in the same transaction as its effect.
 */
export function paymentHooks(app: Hono, deps: CheckoutDeps) {
  const { gateway, log, db } = deps
  const accepted = { ResultCode: 0, ResultDesc: 'Accepted' }

  app.post('/hooks/mpesa/stk/:orderId/:sig', async (c) => {
    const orderId = c.req.param('orderId')
    if (!gateway.verify('stk-callback', orderId, c.req.param('sig')))
      return c.json({ ResultCode: 1, ResultDesc: 'Rejected' }, 403)
    let callback: ReturnType<typeof gateway.mpesa.parseStkCallback>
    try {
      callback = gateway.mpesa.parseStkCallback(await c.req.json())
    } catch (error) {
      log.warn('M-Pesa callback not understood', { orderId, error })
      return c.json({ ResultCode: 1, ResultDesc: 'Malformed' }, 400)
    }
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
    // The callback must be for the push this M-Pesa order made; anything else is ignored (and logged).
    if (order?.method !== 'mpesa' || order.providerRef !== callback.checkoutRequestId) {
      log.warn('M-Pesa callback for another push', { orderId, checkoutRequestId: callback.checkoutRequestId })
      return c.json(accepted)
    }
    // A payment callback states what was paid; one that does not proves nothing (the status query settles
    // the order instead, at the amount the push asked for).
    if (callback.resultCode === 0 && callback.amount === null) {
      log.warn('M-Pesa success callback without an amount', { orderId })
      return c.json({ ResultCode: 1, ResultDesc: 'Amount missing' }, 400)
    }
    await settle(deps, {
      ...mpesaSettlement(
        order,
        callback.resultCode,
        mpesaResult(callback.resultCode).title,
        callback.amount === null
          ? null
          : { receipt: callback.receipt, amount: callback.amount, phone: callback.phone },
      ),
      payload: callback,
    })
    return c.json(accepted)
  })

  const b2c = async (refundId: string, body: unknown, timedOut: boolean) => {
    const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId))
    // Only an M-Pesa refund is paid by B2C.
    if (refund?.method !== 'mpesa') return
    if (timedOut) return failRefund(deps, refund.id, 'M-Pesa did not answer in time: try the refund again')
    const result = gateway.mpesa.parseB2cResult(body)
    if (result.originatorConversationId !== refund.id && result.conversationId !== refund.providerRef) return
    if (result.resultCode === 0)
      return completeRefund(deps, refund.id, result.receipt ?? result.transactionId)
    return failRefund(deps, refund.id, `M-Pesa could not pay the refund: ${result.resultDesc}`)
  }
  for (const [path, timedOut, purpose] of [
    ['/hooks/mpesa/b2c/:refundId/:sig', false, 'b2c-result'],
    ['/hooks/mpesa/b2c-timeout/:refundId/:sig', true, 'b2c-timeout'],
  ] as const)
    app.post(path, async (c) => {
      const refundId = c.req.param('refundId')
      if (!gateway.verify(purpose, refundId, c.req.param('sig')))
        return c.json({ ResultCode: 1, ResultDesc: 'Rejected' }, 403)
      try {
        await b2c(refundId, await c.req.json(), timedOut)
      } catch (error) {
        log.warn('M-Pesa B2C result not understood', { refundId, error })
        return c.json({ ResultCode: 1, ResultDesc: 'Malformed' }, 400)
      }
      return c.json(accepted)
    })

  // Paybill: M-Pesa asks whether an account number is one of ours (validation), then confirms the payment.
  const paybillOrder = async (billRef: string) => {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.reference, billRef), eq(orders.method, 'mpesa')))
    return order
  }
  app.post('/hooks/paybill/validate/:sig', async (c) => {
    if (!gateway.verify('paybill', 'c2b', c.req.param('sig')))
      return c.json({ ResultCode: 1, ResultDesc: 'Rejected' }, 403)
    try {
      const payment = gateway.mpesa.parseC2bConfirmation(await c.req.json())
      const order = await paybillOrder(payment.billRef)
      // C2B00012: invalid account number; C2B00013: invalid amount (Daraja's codes for a refusal).
      if (!order || ['paid', 'refunding', 'refunded', 'cancelled'].includes(order.status))
        return c.json({ ResultCode: 'C2B00012', ResultDesc: 'Rejected' })
      if (payment.amount !== order.chargeAmount)
        return c.json({ ResultCode: 'C2B00013', ResultDesc: 'Rejected' })
    } catch {
      return c.json({ ResultCode: 'C2B00012', ResultDesc: 'Rejected' })
    }
    return c.json(accepted)
  })
  app.post('/hooks/paybill/confirm/:sig', async (c) => {
    if (!gateway.verify('paybill', 'c2b', c.req.param('sig')))
      return c.json({ ResultCode: 1, ResultDesc: 'Rejected' }, 403)
    let payment: ReturnType<typeof gateway.mpesa.parseC2bConfirmation>
    try {
      payment = gateway.mpesa.parseC2bConfirmation(await c.req.json())
    } catch (error) {
      log.warn('Paybill confirmation not understood', { error })
      return c.json({ ResultCode: 1, ResultDesc: 'Malformed' }, 400)
    }
    const order = await paybillOrder(payment.billRef)
    if (!order) {
      // The money is in the Paybill account: someone must match it by hand.
      log.error('Paybill payment with an unknown account number', {
        transactionId: payment.transactionId,
        account: payment.billRef,
      })
      return c.json(accepted)
    }
    await settle(deps, {
      provider: 'mpesa',
      eventKey: `c2b:${payment.transactionId}`,
      orderId: order.id,
      outcome: {
        kind: 'paid',
        amount: { amount: payment.amount, currency: 'KES' },
        receipt: payment.transactionId,
        details: { paidBy: 'paybill', ...(payment.phone ? { payerPhone: payment.phone } : {}) },
      },
      payload: payment,
    })
    return c.json(accepted)
  })

  // PayPal sends the buyer back here after approving: the payment is captured on the server, now.
  app.get('/hooks/paypal/return', async (c) => {
    const orderId = c.req.query('order') ?? ''
    if (!gateway.verify('paypal-return', orderId, c.req.query('sig') ?? ''))
      return c.text('This link is not valid.', 403)
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
    if (order?.status === 'pending' && order.method === 'paypal')
      await capturePaypal(deps, order).catch((error) =>
        log.warn('PayPal capture failed on return', { orderId, error }),
      )
    return c.redirect(gateway.urls.orderPage(orderId), 303)
  })

  for (const [provider, method, purpose] of [
    ['paypal', 'paypal', 'paypal-cancel'],
    ['stripe', 'card', 'card-cancel'],
  ] as const)
    app.get(`/hooks/${provider}/cancel`, async (c) => {
      const orderId = c.req.query('order') ?? ''
      if (!gateway.verify(purpose, orderId, c.req.query('sig') ?? ''))
        return c.text('This link is not valid.', 403)
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
      if (order?.method === method) await closeOrder(deps, orderId, 'cancelled')
      return c.redirect(gateway.urls.orderPage(orderId), 303)
    })

  app.post('/hooks/paypal', async (c) => {
    const event = await gateway.paypal.verifyWebhook(c.req.raw.headers, await c.req.text())
    if (!event) return c.text('Signature not verified', 400)
    const resource = event.resource as {
      id?: string
      custom_id?: string
      amount?: { currency_code?: string; value?: string }
      supplementary_data?: { related_ids?: { order_id?: string } }
      purchase_units?: { custom_id?: string }[]
    }
    const paypalOrderId =
      event.event_type === 'CHECKOUT.ORDER.APPROVED'
        ? resource.id
        : resource.supplementary_data?.related_ids?.order_id
    const [order] = paypalOrderId
      ? await db
          .select()
          .from(orders)
          .where(and(eq(orders.method, 'paypal'), eq(orders.providerRef, paypalOrderId)))
      : []
    if (!order) return c.json({ ok: true })
    if (event.event_type === 'CHECKOUT.ORDER.APPROVED' && order.status === 'pending')
      await capturePaypal(deps, order)
    else if (
      event.event_type === 'PAYMENT.CAPTURE.COMPLETED' &&
      resource.amount?.currency_code &&
      resource.amount.value
    )
      await settle(deps, {
        provider: 'paypal',
        eventKey: `capture:${paypalOrderId}`,
        orderId: order.id,
        outcome: {
          kind: 'paid',
          amount: {
            amount: fromDecimal(resource.amount.value, resource.amount.currency_code as 'USD'),
            currency: resource.amount.currency_code as 'USD',
          },
          receipt: resource.id ?? null,
          details: { captureId: resource.id },
        },
        payload: event,
      })
    else if (event.event_type === 'PAYMENT.CAPTURE.REFUNDED') {
      const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, order.id))
      if (refund) await completeRefund(deps, refund.id, null)
    }
    return c.json({ ok: true })
  })

  app.post('/hooks/stripe', async (c) => {
    const event = await gateway.card.verifyWebhook(await c.req.text(), c.req.header('stripe-signature'))
    if (!event) return c.text('Signature not verified', 400)
    const object = event.data.object as {
      id?: string
      payment_status?: string
      payment_intent?: string | null
      amount_total?: number | null
      currency?: string | null
    }
    if (
      (event.type === 'checkout.session.completed' ||
        event.type === 'checkout.session.async_payment_succeeded') &&
      object.payment_status === 'paid' &&
      object.id &&
      typeof object.amount_total === 'number' &&
      object.currency
    )
      await settle(deps, {
        provider: 'card',
        eventKey: `checkout:${object.id}`,
        providerRef: object.id,
        outcome: {
          kind: 'paid',
          amount: { amount: object.amount_total, currency: object.currency.toUpperCase() as 'USD' },
          receipt: object.payment_intent ?? null,
          details: { paymentIntent: object.payment_intent ?? null },
        },
        payload: { id: event.id, type: event.type },
      })
    else if (event.type === 'checkout.session.async_payment_failed' && object.id)
      await settle(deps, {
        provider: 'card',
        eventKey: `failed:${object.id}`,
        providerRef: object.id,
        outcome: {
          kind: 'failed',
          code: 'card_failed',
          message: 'The bank did not complete the payment. Nothing was charged.',
        },
        payload: { id: event.id, type: event.type },
      })
    else if (event.type === 'checkout.session.expired' && object.id) {
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.method, 'card'), eq(orders.providerRef, object.id)))
      if (order) await closeOrder(deps, order.id, 'expired')
    } else if (event.type === 'charge.refunded' && object.payment_intent) {
      const [order] = await db
        .select()
        .from(orders)
        .where(
          and(eq(orders.method, 'card'), sql`${orders.payment}->>'paymentIntent' = ${object.payment_intent}`),
        )
      const [refund] = order ? await db.select().from(refunds).where(eq(refunds.orderId, order.id)) : []
      if (refund) await completeRefund(deps, refund.id, null)
    }
    return c.json({ received: true })
  })
}
