import { clock } from '../../../lib/clock'
import { isCurrencyCode } from '../../provider-money'
import {
  invalid,
  invalidInteger,
  missing,
  noSuch,
  now,
  type StripeContext,
  stripeError,
  stripeId,
} from './api'
import { integer, parseForm, readMetadata } from './form'
import type { PaymentIntentRecord } from './records'

/**
 * Saved cards and charges without the payer, as Stripe makes them: a Checkout session asked to keep the
 * card (`customer_creation=always` and `payment_intent_data[setup_future_usage]=off_session`) makes a
 * Customer and attaches the card as a PaymentMethod once paid; later, `POST /v1/payment_intents` with
 * that customer and payment method, `off_session=true` and `confirm=true` charges it with nobody there.
 *
 * What such a charge does depends on the card, as with Stripe's test cards: 4242 4242 4242 4242 pays;
 * 4000 0027 6000 3184 asks for authentication every time, so the charge is declined with
 * `authentication_required` and the payer has to come back and pay on a page; a card the sandbox was told
 * has expired (`POST /v1/test_helpers/payment_methods/{id}/expire`, the sandbox's own helper, as a card
 * running out between two renewals) is declined with `expired_card`. A decline is Stripe's 402 card error
 * carrying the payment intent, left `requires_payment_method`, with the `payment_intent.payment_failed`
 * webhook; a payment, `payment_intent.succeeded`.
 */

export interface PaymentMethodRecord extends Record<string, unknown> {
  paymentMethod: {
    id: string
    object: 'payment_method'
    type: 'card'
    card: { brand: string; last4: string; exp_month: number; exp_year: number }
    customer: string
    created: number
    livemode: false
  }
  /** The test card's number, which decides what charging it does. */
  number: string
  expired: boolean
}

export interface CustomerRecord extends Record<string, unknown> {
  customer: { id: string; object: 'customer'; email: string | null; created: number; livemode: false }
}

/** Stripe's card that asks for authentication on every payment, saved or not. */
const ALWAYS_AUTHENTICATE = '4000002760003184'

/** Makes a customer, as `POST /v1/customers` and a session that keeps a card do. */
export async function makeCustomer(ctx: StripeContext, email: string | null): Promise<string> {
  const customer = stripeId('cus_', 14)
  await ctx.store.put<CustomerRecord>('stripe', 'customer', `customer:${customer}`, {
    customer: { id: customer, object: 'customer', email, created: now(), livemode: false },
  })
  return customer
}

/**
 * Attaches the card a Checkout session's payer entered to `existing` (a setup session's customer), or to a
 * customer made for it now (a payment that keeps the card).
 */
export async function saveCard(
  ctx: StripeContext,
  email: string | null,
  number: string,
  existing?: string,
): Promise<{ customer: string; paymentMethod: string }> {
  const created = now()
  const customer = existing ?? (await makeCustomer(ctx, email))
  const paymentMethod = stripeId('pm_', 24)
  const expiry = new Date(clock.ms())
  await ctx.store.put<PaymentMethodRecord>('stripe', 'payment_method', `pm:${paymentMethod}`, {
    paymentMethod: {
      id: paymentMethod,
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: number.slice(-4), exp_month: 12, exp_year: expiry.getUTCFullYear() + 3 },
      customer,
      created,
      livemode: false,
    },
    number,
    expired: false,
  })
  return { customer, paymentMethod }
}

export function mountSavedCards(ctx: StripeContext): void {
  const { app, store } = ctx

  app.post('/v1/customers', async (c) => {
    const p = parseForm(await c.req.text())
    if (p.email !== undefined && !(typeof p.email === 'string' && /^[^@\s]+@[^@\s]+$/.test(p.email)))
      return invalid(c, 'email', `Invalid email address: ${String(p.email)}`, 'email_invalid')
    const customer = await makeCustomer(ctx, typeof p.email === 'string' ? p.email : null)
    const record = await store.get<CustomerRecord>('stripe', `customer:${customer}`)
    return c.json(record?.customer)
  })

  app.get('/v1/customers/:id', async (c) => {
    const record = await store.get<CustomerRecord>('stripe', `customer:${c.req.param('id')}`)
    return record ? c.json(record.customer) : noSuch(c, 'customer', c.req.param('id'))
  })

  app.get('/v1/payment_methods/:id', async (c) => {
    const record = await store.get<PaymentMethodRecord>('stripe', `pm:${c.req.param('id')}`)
    return record ? c.json(record.paymentMethod) : noSuch(c, 'payment_method', c.req.param('id'))
  })

  app.post('/v1/test_helpers/payment_methods/:id/expire', async (c) => {
    const id = c.req.param('id')
    const result = await store.update<PaymentMethodRecord>('stripe', `pm:${id}`, (r) => ({
      ...r,
      expired: true,
    }))
    return result ? c.json(result.data.paymentMethod) : noSuch(c, 'payment_method', id)
  })

  app.post('/v1/payment_intents', async (c) => {
    const p = parseForm(await c.req.text())
    if (p.amount === undefined) return missing(c, 'amount')
    const amount = integer(p.amount)
    if (amount === null || amount < 1) return invalidInteger(c, 'amount', p.amount)
    if (p.currency === undefined) return missing(c, 'currency')
    const currency = p.currency
    if (
      typeof currency !== 'string' ||
      currency !== currency.toLowerCase() ||
      !isCurrencyCode(currency.toUpperCase())
    )
      return invalid(c, 'currency', `Invalid currency: ${String(currency)}.`)
    if (p.confirm !== 'true' || p.off_session !== 'true')
      return invalid(
        c,
        'confirm',
        'The sandbox makes payment intents only to charge a saved card at once: send confirm=true and off_session=true.',
      )
    if (typeof p.customer !== 'string') return missing(c, 'customer')
    if (typeof p.payment_method !== 'string') return missing(c, 'payment_method')
    const customer = await store.get<CustomerRecord>('stripe', `customer:${p.customer}`)
    if (!customer) return noSuch(c, 'customer', p.customer)
    const method = await store.get<PaymentMethodRecord>('stripe', `pm:${p.payment_method}`)
    if (!method) return noSuch(c, 'payment_method', p.payment_method)
    if (method.paymentMethod.customer !== p.customer)
      return invalid(
        c,
        'payment_method',
        `The provided PaymentMethod ${p.payment_method} does not belong to the Customer ${p.customer}.`,
      )
    const metadata = readMetadata(p.metadata)
    if (typeof metadata === 'string') return invalid(c, 'metadata', metadata)

    const decline = method.expired
      ? { code: 'expired_card', message: 'Your card has expired.' }
      : method.number === ALWAYS_AUTHENTICATE
        ? {
            code: 'authentication_required',
            message: 'Your card was declined. This transaction requires authentication.',
          }
        : null
    const created = now()
    const id = stripeId('pi_', 24)
    const chargeId = stripeId('ch_', 24)
    const common = {
      amount,
      currency,
      created,
      livemode: false,
      metadata,
      description: typeof p.description === 'string' ? p.description : null,
      customer: p.customer,
      payment_method: p.payment_method,
    }
    const paymentIntent = {
      id,
      object: 'payment_intent',
      ...common,
      amount_received: decline ? 0 : amount,
      latest_charge: chargeId,
      payment_method_types: ['card'],
      status: decline ? 'requires_payment_method' : 'succeeded',
      ...(decline
        ? { last_payment_error: { type: 'card_error', code: decline.code, message: decline.message } }
        : {}),
    }
    await store.put<PaymentIntentRecord>('stripe', 'payment_intent', `pi:${id}`, {
      paymentIntent,
      charge: {
        id: chargeId,
        object: 'charge',
        ...common,
        amount_captured: decline ? 0 : amount,
        amount_refunded: 0,
        captured: !decline,
        paid: !decline,
        payment_intent: id,
        payment_method_details: { type: 'card', card: { brand: 'visa', last4: method.number.slice(-4) } },
        refunded: false,
        status: decline ? 'failed' : 'succeeded',
      },
    })
    if (!decline) {
      await ctx.notify('payment_intent.succeeded', paymentIntent)
      return c.json(paymentIntent)
    }
    await ctx.notify('payment_intent.payment_failed', paymentIntent)
    return stripeError(c, 402, {
      type: 'card_error',
      code: decline.code,
      decline_code: decline.code,
      message: decline.message,
      payment_intent: paymentIntent,
      payment_method: method.paymentMethod,
    })
  })
}
