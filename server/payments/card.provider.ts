import { Hono } from 'hono'
import { clock } from '../lib/clock'
import type { CardAdapter, CardUsed } from './card.adapter'
import type { Links, Signer } from './links'
import type { Money } from './payments'
import type {
  ChargeRef,
  ChargeRequest,
  ChargeStarted,
  ChargeState,
  PaymentEvents,
  PaymentProvider,
  RefundRequest,
  SavedChargeRequest,
  SavedChargeResult,
  TransferState,
} from './provider'
import { isCurrencyCode } from './provider-money'

/** Stripe's longest session, less a few minutes for the request's travel. */
const SESSION_MAX_MS = 24 * 60 * 60_000 - 5 * 60_000

/** Cards through Stripe Checkout: the payer pays on Stripe's page; a signed webhook says it is done. */
export class CardProvider implements PaymentProvider {
  readonly method = 'card'

  constructor(
    private readonly adapter: CardAdapter,
    private readonly links: Links,
  ) {}

  async startCharge(req: ChargeRequest): Promise<ChargeStarted> {
    const session = await this.adapter.createSession({
      orderId: req.id,
      reference: req.reference,
      amount: req.amount,
      description: req.description.slice(0, 120),
      email: req.email,
      successUrl: req.returnUrl ?? this.links.cardSuccess(req.id),
      cancelUrl: this.links.cardCancel(req.id),
      // Stripe closes a session within 24 hours: a longer wait (a membership's renewal) gets a day's page.
      expiresAt: new Date(Math.min(req.expiresAt.getTime(), clock.ms() + SESSION_MAX_MS)),
      idempotencyKey: req.id,
      ...(req.saveForLater ? { saveCard: true } : {}),
      // Nothing to take now (a free trial's start): the card is only saved, for the charges to come.
      ...(req.saveForLater && req.amount.amount === 0 ? { setupOnly: true } : {}),
    })
    return { providerRef: session.id, next: { kind: 'redirect', url: session.url }, details: {} }
  }

  async checkCharge(charge: ChargeRef): Promise<ChargeState> {
    const session = await this.adapter.getSession(charge.providerRef)
    if (session.mode === 'setup') {
      const saved =
        session.status === 'complete' && session.setupIntent && session.currency
          ? await savedOutcome(this.adapter, session.setupIntent, session.currency)
          : null
      if (saved) return { state: 'settled', eventKey: `checkout:${charge.providerRef}`, outcome: saved }
      return session.status === 'expired' ? { state: 'expired' } : { state: 'pending' }
    }
    if (session.status === 'complete' && session.paymentStatus === 'paid' && session.amount)
      return {
        state: 'settled',
        eventKey: `checkout:${charge.providerRef}`,
        outcome: {
          kind: 'paid',
          amount: session.amount,
          ...(await paidWith(this.adapter, session.paymentIntent)),
        },
      }
    return session.status === 'expired' ? { state: 'expired' } : { state: 'pending' }
  }

  /** The session is closed at Stripe, so that it cannot be paid after its hold has been let go. */
  async cancelCharge(charge: ChargeRef): Promise<void> {
    await this.adapter.expireSession(charge.providerRef)
  }

  async chargeSaved(req: SavedChargeRequest): Promise<SavedChargeResult> {
    const { customer, paymentMethod } = req.saved
    if (!customer || !paymentMethod)
      return { kind: 'declined', code: 'no_saved_method', message: 'No card is saved to charge.' }
    const answer = await this.adapter.chargeSaved({
      customer,
      paymentMethod,
      amount: req.amount,
      description: req.description.slice(0, 120),
      // offSession marks the payment intent's webhook as one of these (a session's is settled by the session).
      metadata: { orderId: req.orderId, reference: req.reference, offSession: '1' },
      idempotencyKey: req.id,
    })
    if (!answer.paid) return { kind: 'declined', code: answer.code, message: answer.message }
    return {
      kind: 'paid',
      eventKey: `intent:${answer.paymentIntent}`,
      outcome: { kind: 'paid', amount: answer.amount, ...cardDetails(answer.paymentIntent, answer.card) },
    }
  }

  async refund(req: RefundRequest): Promise<TransferState> {
    const payment = req.charge.payment
    const answer = await this.adapter.refund(
      String(payment.paymentIntent ?? payment.receipt),
      req.amount,
      req.id,
    )
    if (answer.status === 'succeeded')
      return { state: 'done', providerRef: answer.id, ...(answer.amount ? { amount: answer.amount } : {}) }
    if (answer.status === 'failed' || answer.status === 'canceled')
      return { state: 'failed', message: 'The card refund was refused by the card network' }
    return { state: 'pending', providerRef: answer.id }
  }
}

const BRANDS: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
}

/** "Visa ending 4242": a card as its holder recognises it on a receipt. */
export function cardText(card: CardUsed): string {
  return `${BRANDS[card.brand] ?? card.brand.replace(/^\w/, (c) => c.toUpperCase())} ending ${card.last4}`
}

/**
 * A paid session's receipt and details: the receipt is the card's brand and last four (what the payer
 * recognises), never the payment intent's id, which is kept in the details for refunds.
 */
async function paidWith(adapter: CardAdapter, paymentIntent: string | null) {
  return cardDetails(paymentIntent, paymentIntent ? await adapter.cardOf(paymentIntent) : null)
}

/**
 * A setup session's card, saved: "paid" nothing in the session's currency, with the card's customer and
 * payment method to charge later; null while the SetupIntent has not succeeded.
 */
async function savedOutcome(adapter: CardAdapter, setupIntent: string, currency: Money['currency']) {
  const card = await adapter.savedCard(setupIntent)
  if (!card) return null
  return {
    kind: 'paid' as const,
    amount: { amount: 0, currency },
    receipt: cardText(card),
    details: {
      setupIntent,
      paymentIntent: null,
      cardBrand: card.brand,
      cardLast4: card.last4,
      customer: card.customer,
      paymentMethod: card.paymentMethod,
    },
  }
}

/** A paid payment's receipt and details, with the card's customer and payment method when it was kept. */
function cardDetails(paymentIntent: string | null, card: CardUsed | null) {
  return {
    receipt: card ? cardText(card) : null,
    details: {
      paymentIntent,
      ...(card ? { cardBrand: card.brand, cardLast4: card.last4 } : {}),
      ...(card?.customer && card.paymentMethod
        ? { customer: card.customer, paymentMethod: card.paymentMethod }
        : {}),
    },
  }
}

/** The payer's cancel link back from Stripe's page, and Stripe's signed webhooks. Mounted at /hooks. */
export function cardHooks(adapter: CardAdapter, signer: Signer, links: Links, events: PaymentEvents) {
  const app = new Hono()

  app.get('/stripe/cancel', async (c) => {
    const id = c.req.query('order') ?? ''
    if (!signer.verify('card-cancel', id, c.req.query('sig') ?? ''))
      return c.text('This link is not valid.', 403)
    await events.closed('card', { id }, 'cancelled')
    return c.redirect((await events.payerPage?.(id)) ?? links.orderPage(id), 303)
  })

  app.post('/stripe', async (c) => {
    const event = await adapter.verifyWebhook(await c.req.text(), c.req.header('stripe-signature'))
    if (!event) return c.text('Signature not verified', 400)
    const object = event.data.object as {
      id?: string
      mode?: string
      setup_intent?: string | null
      payment_status?: string
      payment_intent?: string | null
      amount_total?: number | null
      /** A charge's: what has been refunded of it so far. */
      amount_refunded?: number
      currency?: string | null
      /** A payment intent's. */
      amount_received?: number
      metadata?: Record<string, string> | null
    }
    const payload = { id: event.id, type: event.type }
    // Logged with what names nothing of ours, to find the event in Stripe's dashboard.
    const origin = { event: event.id, type: event.type }
    const currency = object.currency?.toUpperCase() ?? ''
    const completed =
      event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded'
    const saved =
      completed && object.mode === 'setup' && object.id && object.setup_intent && isCurrencyCode(currency)
        ? await savedOutcome(adapter, object.setup_intent, currency)
        : null
    if (saved && object.id)
      // A card saved without a payment (a free trial's start): settled as nothing paid, the card kept.
      await events.charge('card', { providerRef: object.id }, `checkout:${object.id}`, saved, payload, origin)
    else if (
      completed &&
      object.payment_status === 'paid' &&
      object.id &&
      typeof object.amount_total === 'number' &&
      isCurrencyCode(currency)
    )
      await events.charge(
        'card',
        { providerRef: object.id },
        `checkout:${object.id}`,
        {
          kind: 'paid',
          amount: { amount: object.amount_total, currency },
          ...(await paidWith(adapter, object.payment_intent ?? null)),
        },
        payload,
        origin,
      )
    else if (
      event.type === 'payment_intent.succeeded' &&
      object.metadata?.offSession === '1' &&
      object.metadata.orderId &&
      object.id &&
      typeof object.amount_received === 'number' &&
      isCurrencyCode(currency)
    )
      // A saved card charged without the payer: the charge's own answer settles it too, by the same key.
      await events.charge(
        'card',
        { id: object.metadata.orderId },
        `intent:${object.id}`,
        {
          kind: 'paid',
          amount: { amount: object.amount_received, currency },
          ...(await paidWith(adapter, object.id)),
        },
        payload,
        origin,
      )
    else if (event.type === 'checkout.session.async_payment_failed' && object.id)
      await events.charge(
        'card',
        { providerRef: object.id },
        `failed:${object.id}`,
        {
          kind: 'failed',
          code: 'card_failed',
          message: 'The bank did not complete the payment.',
        },
        payload,
        origin,
      )
    else if (event.type === 'checkout.session.expired' && object.id)
      await events.closed('card', { providerRef: object.id }, 'expired', origin)
    else if (event.type === 'charge.refunded' && object.payment_intent) {
      // The object is the charge: what it has given back so far (one refund per charge in Soko).
      const currency = object.currency?.toUpperCase()
      const amount =
        currency && isCurrencyCode(currency) && typeof object.amount_refunded === 'number'
          ? { amount: object.amount_refunded, currency }
          : undefined
      await events.transfer(
        'card',
        { chargeReceipt: object.payment_intent },
        { state: 'done', providerRef: null, ...(amount ? { amount } : {}) },
        origin,
      )
    }
    return c.json({ received: true })
  })
  return app
}
