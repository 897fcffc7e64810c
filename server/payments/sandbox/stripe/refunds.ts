import type { Context } from 'hono'
import type { CurrencyCode } from '../../../../contract/currencies'
import { displayAmount } from '../../provider-money'
import type { SandboxStore } from '../store'
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
import { expand, getExpanded, readExpand } from './expand'
import { type FormValue, integer, type Params, parseForm, readMetadata } from './form'
import { chargeRecord, intentRecord, type PaymentIntentRecord } from './records'

/**
 * Refunds of a paid session's payment, whole or in part, named by its payment intent (`pi_…`) or by its
 * charge (`ch_…`), as Stripe takes either; each sends the charge.refunded webhook.
 */

export function mountRefunds({ app, store, notify }: StripeContext): void {
  app.post('/v1/refunds', async (c) => {
    const p = parseForm(await c.req.text())
    const paths = readExpand(c, p, 'refund')
    if (paths instanceof Response) return paths
    const current = await refunded(c, store, p)
    if (current instanceof Response) return current
    const asked = p.amount === undefined ? null : integer(p.amount)
    if (p.amount !== undefined && (asked === null || asked < 1)) return invalidInteger(c, 'amount', p.amount)
    const reasons = ['duplicate', 'fraudulent', 'requested_by_customer']
    if (p.reason !== undefined && !reasons.includes(String(p.reason)))
      return invalid(c, 'reason', `Invalid reason: must be one of ${reasons.join(', ')}`)
    const metadata = readMetadata(p.metadata)
    if (typeof metadata === 'string') return invalid(c, 'metadata', metadata)

    const intentId = current.paymentIntent.id
    const total = current.paymentIntent.amount
    let amount = 0
    const result = await store.update<PaymentIntentRecord>('stripe', `pi:${intentId}`, (r) => {
      const left = total - r.charge.amount_refunded
      amount = asked ?? left
      if (left <= 0 || amount > left) return null
      const refunded = r.charge.amount_refunded + amount
      return { ...r, charge: { ...r.charge, amount_refunded: refunded, refunded: refunded === total } }
    })
    if (!result) return noSuch(c, 'payment_intent', intentId)
    const { charge, paymentIntent } = result.data
    const currency = paymentIntent.currency.toUpperCase() as CurrencyCode
    if (!result.changed)
      return charge.amount_refunded >= total
        ? stripeError(c, 400, {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge ${charge.id} has already been refunded.`,
          })
        : stripeError(c, 400, {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            param: 'amount',
            message: `Refund amount (${displayAmount(amount, currency)}) is greater than unrefunded amount on charge (${displayAmount(total - charge.amount_refunded, currency)})`,
          })
    const refund = {
      id: stripeId('re_', 24),
      object: 'refund',
      amount,
      charge: charge.id,
      created: now(),
      currency: paymentIntent.currency,
      metadata,
      payment_intent: paymentIntent.id,
      reason: typeof p.reason === 'string' ? p.reason : null,
      status: 'succeeded',
    }
    await store.put('stripe', 'refund', `refund:${refund.id}`, { refund })
    void notify('charge.refunded', charge)
    return c.json(await expand(store, 'refund', refund, paths))
  })

  getExpanded({ app, store }, '/v1/refunds/:id', 'refund', async (id) => {
    return (await store.get<{ refund: object }>('stripe', `refund:${id}`))?.refund
  })
}

/**
 * The payment a refund is for, named by `charge` or `payment_intent` (both may be given if they agree),
 * or Stripe's refusal: neither given, or one the sandbox does not have.
 */
async function refunded(c: Context, store: SandboxStore, p: Params): Promise<PaymentIntentRecord | Response> {
  const chargeId = p.charge
  const intentId = p.payment_intent
  // Stripe names `charge` when neither is given: it is the older of the two.
  if (chargeId === undefined && intentId === undefined) return missing(c, 'charge')
  const byIntent = intentId === undefined ? null : await lookUp(intentId, (id) => intentRecord(store, id))
  if (intentId !== undefined && !byIntent) return noSuchParam(c, 'payment_intent', intentId)
  if (chargeId === undefined && byIntent) return byIntent
  const byCharge = await lookUp(chargeId, (id) => chargeRecord(store, id))
  if (!byCharge) return noSuchParam(c, 'charge', chargeId)
  if (byIntent && byIntent.paymentIntent.id !== byCharge.paymentIntent.id)
    return invalid(
      c,
      'charge',
      `Charge ${byCharge.charge.id} does not belong to payment intent ${byIntent.paymentIntent.id}.`,
    )
  return byCharge
}

const lookUp = (value: FormValue | undefined, find: (id: string) => Promise<PaymentIntentRecord | null>) =>
  typeof value === 'string' && value !== '' ? find(value) : Promise.resolve(null)

const noSuchParam = (c: Context, param: 'charge' | 'payment_intent', value: FormValue | undefined) =>
  stripeError(c, 400, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${param}: '${String(value)}'`,
  })
