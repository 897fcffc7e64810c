import Stripe from 'stripe'
import { clock } from '../lib/clock'
import { type Fetch, type Money, PaymentProviderError } from './payments'
import { isCurrencyCode } from './provider-money'

/**
 * Card payments through Stripe Checkout, with Stripe's own SDK. Pointed at https://api.stripe.com in
 * production and at this server's /sandbox/stripe otherwise: the sandbox answers the same paths.
 */

export interface CardAdapterOptions {
  /** https://api.stripe.com, or a base with a path such as http://127.0.0.1:8080/sandbox/stripe. */
  apiBase: string
  secretKey: string
  webhookSecret: string
  /** For tests that count or fail requests; the SDK's own HTTP client otherwise. */
  fetch?: Fetch
}

export interface CardSessionRequest {
  orderId: string
  reference: string
  amount: Money
  /** The line the buyer sees on Stripe's page. */
  description: string
  email: string
  /** May contain {CHECKOUT_SESSION_ID}, which Stripe replaces with the session's id. */
  successUrl: string
  cancelUrl: string
  /** Stripe takes 30 minutes to 24 hours from now, and refuses anything else. */
  expiresAt: Date
  idempotencyKey: string
  /** Keeps the card for charges without the payer (a membership's renewals): Stripe makes a customer. */
  saveCard?: boolean
  /**
   * Takes nothing, only saves the card (a free trial's start): a customer is made first and a setup-mode
   * session attaches the card to it; `amount` gives the currency only.
   */
  setupOnly?: boolean
}

export interface CardSession {
  id: string
  mode: 'payment' | 'setup'
  status: 'open' | 'complete' | 'expired'
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required'
  paymentIntent: string | null
  /** Setup mode: the SetupIntent that saved the card, once it has. */
  setupIntent: string | null
  amount: Money | null
  /** The session's currency (a setup session has no amount). */
  currency: Money['currency'] | null
  orderId: string | null
}

/** The card a payment was made with, as its holder knows it (`visa`, `4242`). */
export interface CardUsed {
  brand: string
  last4: string
  /** A card kept for later: its customer and payment method, to charge it again. */
  customer?: string
  paymentMethod?: string
}

/** A charge of a saved card without the payer: what to charge, and the card. */
export interface SavedCardCharge {
  customer: string
  paymentMethod: string
  amount: Money
  description: string
  metadata: Record<string, string>
  idempotencyKey: string
}

/** What charging a saved card came to: paid, or declined (and whether the payer can fix it by paying). */
export type SavedCardResult =
  | { paid: true; paymentIntent: string; amount: Money; card: CardUsed | null }
  | { paid: false; paymentIntent: string | null; code: string; message: string }

export interface CardRefund {
  id: string
  status: 'succeeded' | 'pending' | 'failed' | 'canceled' | 'requires_action'
  /** What Stripe says it gave back. */
  amount: Money | null
}

const UNAVAILABLE = 'Card payments are not answering right now: try again in a minute or pay another way'

export class CardAdapter {
  private readonly stripe: Stripe

  constructor(private readonly options: CardAdapterOptions) {
    const base = new URL(options.apiBase)
    const prefix = base.pathname.replace(/\/+$/, '')
    const config: Stripe.StripeConfig = {
      maxNetworkRetries: 1,
      host: base.hostname,
      protocol: base.protocol === 'http:' ? 'http' : 'https',
      port: base.port || (base.protocol === 'http:' ? 80 : 443),
    }
    // The SDK can be given a host, port and protocol but always asks for /v1/…: the sandbox lives under
    // a path (/sandbox/stripe), so a fetch that puts that path in front of every request reaches it.
    if (prefix || options.fetch) {
      const send = options.fetch ?? fetch
      config.httpClient = Stripe.createFetchHttpClient((input, init) => {
        if (!prefix) return send(input, init)
        const url = new URL(input instanceof Request ? input.url : input.toString())
        url.pathname = `${prefix}${url.pathname}`
        return send(url, init)
      })
    }
    this.stripe = new Stripe(options.secretKey, config)
  }

  async createSession(req: CardSessionRequest): Promise<{ id: string; url: string }> {
    if (req.setupOnly) return this.createSetupSession(req)
    const metadata = { orderId: req.orderId, reference: req.reference }
    const session = await this.attempt(
      'The card payment could not be started: try again or pay another way',
      () =>
        this.stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: req.amount.currency.toLowerCase(),
                  unit_amount: req.amount.amount,
                  product_data: { name: req.description },
                },
              },
            ],
            ...(req.email ? { customer_email: req.email } : {}),
            ...(req.saveCard ? { customer_creation: 'always' as const } : {}),
            client_reference_id: req.orderId,
            metadata,
            payment_intent_data: {
              metadata,
              ...(req.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
            },
            success_url: req.successUrl,
            cancel_url: req.cancelUrl,
            expires_at: Math.floor(req.expiresAt.getTime() / 1000),
          },
          { idempotencyKey: req.idempotencyKey },
        ),
    )
    return hostedPage(session)
  }

  /**
   * A card saved without a payment, as Stripe does it: a customer, then a Checkout session in setup mode
   * for it, whose SetupIntent attaches the card the payer enters (read back with `savedCard`).
   */
  private async createSetupSession(req: CardSessionRequest): Promise<{ id: string; url: string }> {
    const metadata = { orderId: req.orderId, reference: req.reference }
    const failed = 'The card could not be saved: try again or pay another way'
    const customer = await this.attempt(failed, () =>
      this.stripe.customers.create(
        { ...(req.email ? { email: req.email } : {}), metadata },
        { idempotencyKey: `${req.idempotencyKey}:customer` },
      ),
    )
    const session = await this.attempt(failed, () =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'setup',
          currency: req.amount.currency.toLowerCase(),
          customer: customer.id,
          client_reference_id: req.orderId,
          metadata,
          setup_intent_data: { metadata, description: req.description },
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          expires_at: Math.floor(req.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: req.idempotencyKey },
      ),
    )
    return hostedPage(session)
  }

  /** The card a succeeded SetupIntent saved: its customer, payment method, brand and last four; else null. */
  async savedCard(setupIntent: string): Promise<CardUsed | null> {
    if (!/^seti_[A-Za-z0-9_]{1,250}$/.test(setupIntent)) return null
    const intent = await this.attempt('We cannot check this card right now: try again in a minute', () =>
      this.stripe.setupIntents.retrieve(setupIntent),
    )
    const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id
    const method =
      typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id
    if (intent.status !== 'succeeded' || !customer || !method) return null
    const card = (
      await this.attempt('We cannot check this card right now: try again in a minute', () =>
        this.stripe.paymentMethods.retrieve(method),
      )
    ).card
    return { brand: card?.brand ?? 'card', last4: card?.last4 ?? '', customer, paymentMethod: method }
  }

  async getSession(id: string): Promise<CardSession> {
    const s = await this.attempt('We cannot check this card payment right now: try again in a minute', () =>
      this.stripe.checkout.sessions.retrieve(id),
    )
    const currency = s.currency?.toUpperCase() ?? ''
    return {
      id: s.id,
      // Both are open-ended strings in the SDK's types, for values newer API versions may add: an unknown
      // one reads as not finished, so nothing is fulfilled on a status Soko does not understand.
      status: oneOf(s.status, ['open', 'complete', 'expired'], 'open'),
      paymentStatus: oneOf(s.payment_status, ['paid', 'unpaid', 'no_payment_required'], 'unpaid'),
      mode: s.mode === 'setup' ? 'setup' : 'payment',
      paymentIntent: typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null),
      setupIntent: typeof s.setup_intent === 'string' ? s.setup_intent : (s.setup_intent?.id ?? null),
      amount:
        s.amount_total !== null && isCurrencyCode(currency) ? { amount: s.amount_total, currency } : null,
      currency: isCurrencyCode(currency) ? currency : null,
      orderId: s.client_reference_id ?? s.metadata?.orderId ?? null,
    }
  }

  /**
   * The card behind a paid payment intent (its latest charge's brand and last four), for the receipt the
   * payer reads; null when Stripe does not say (never a reason to hold up a payment).
   */
  async cardOf(paymentIntent: string): Promise<CardUsed | null> {
    // Only an id shaped as Stripe makes them is asked about (a webhook's fields are anyone's words).
    if (!/^pi_[A-Za-z0-9_]{1,250}$/.test(paymentIntent)) return null
    try {
      const intent = await this.stripe.paymentIntents.retrieve(paymentIntent, { expand: ['latest_charge'] })
      return cardUsed(intent)
    } catch {
      return null
    }
  }

  /**
   * Charges a saved card with nobody there (`off_session`), as Stripe does a subscription's renewal. A
   * decline comes back as Stripe's card error, which is an answer here, not a failure: `authentication_required`
   * means the bank wants the payer, who must come back and pay on a page.
   */
  async chargeSaved(req: SavedCardCharge): Promise<SavedCardResult> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: req.amount.amount,
          currency: req.amount.currency.toLowerCase(),
          customer: req.customer,
          payment_method: req.paymentMethod,
          off_session: true,
          confirm: true,
          description: req.description,
          metadata: req.metadata,
          expand: ['latest_charge'],
        },
        { idempotencyKey: req.idempotencyKey },
      )
      const currency = intent.currency.toUpperCase()
      if (intent.status !== 'succeeded' || !isCurrencyCode(currency))
        return { paid: false, paymentIntent: intent.id, code: intent.status, message: DECLINED }
      return {
        paid: true,
        paymentIntent: intent.id,
        amount: { amount: intent.amount_received, currency },
        card: cardUsed(intent),
      }
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError)
        return {
          paid: false,
          paymentIntent: error.payment_intent?.id ?? null,
          code: error.code ?? 'card_declined',
          message: error.message,
        }
      throw providerError(error, 'The saved card could not be charged: it will be tried again')
    }
  }

  /** Closes an open session so nobody can pay it any more; one already complete or expired is left. */
  async expireSession(id: string): Promise<void> {
    try {
      await this.stripe.checkout.sessions.expire(id)
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 400) {
        // Stripe refuses to expire a session that is not open: if that is why, there is nothing to do.
        const session = await this.getSession(id)
        if (session.status !== 'open') return
      }
      throw providerError(error, 'The card payment could not be cancelled: try again in a minute')
    }
  }

  /** Refunds part or all of a payment; `amount` is in the payment's currency. */
  async refund(paymentIntent: string, amount: Money, idempotencyKey: string): Promise<CardRefund> {
    const refund = await this.attempt('The card refund could not be made: try again later', () =>
      this.stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amount.amount },
        { idempotencyKey },
      ),
    )
    const status = oneOf(
      refund.status,
      ['succeeded', 'pending', 'failed', 'canceled', 'requires_action'],
      'pending',
    )
    const currency = refund.currency?.toUpperCase()
    const given = currency && isCurrencyCode(currency) ? { amount: refund.amount, currency } : null
    return { id: refund.id, status, amount: given }
  }

  /**
   * The event when the Stripe-Signature header is Stripe's for this body and was made in the last five
   * minutes (Stripe's tolerance); null otherwise. Its age is measured on Soko's clock, not the host's: a
   * host whose clock is off would otherwise refuse every webhook as too old (or take old ones as new).
   */
  async verifyWebhook(rawBody: string, signature: string | undefined): Promise<Stripe.Event | null> {
    if (!signature) return null
    try {
      return await this.stripe.webhooks.constructEventAsync(
        rawBody,
        signature,
        this.options.webhookSecret,
        undefined,
        undefined,
        clock.ms(),
      )
    } catch {
      return null
    }
  }

  private async attempt<T>(message: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request()
    } catch (error) {
      throw providerError(error, message)
    }
  }
}

const DECLINED = 'The card was declined.'

/** A session's id and the address of its hosted page, which Stripe always gives an open session. */
function hostedPage(session: Stripe.Checkout.Session): { id: string; url: string } {
  if (!session.url)
    throw new PaymentProviderError(UNAVAILABLE, `Stripe made session ${session.id} without a URL`, null, true)
  return { id: session.id, url: session.url }
}

/** The card behind a payment intent (its latest charge's), with its customer and payment method if kept. */
function cardUsed(intent: Stripe.PaymentIntent): CardUsed | null {
  const charge = intent.latest_charge
  const card = typeof charge === 'object' && charge ? charge.payment_method_details?.card : null
  if (!card?.brand || !card.last4) return null
  const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id
  const method = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id
  return {
    brand: card.brand,
    last4: card.last4,
    ...(customer && method && intent.setup_future_usage ? { customer, paymentMethod: method } : {}),
  }
}

function oneOf<T extends string>(value: string | null, known: readonly T[], otherwise: T): T {
  return known.find((k) => k === value) ?? otherwise
}

/** Stripe's error as a message for people and a detail for the log (type, code, request id). */
function providerError(error: unknown, fallback: string): PaymentProviderError {
  if (!(error instanceof Stripe.errors.StripeError))
    return new PaymentProviderError(UNAVAILABLE, `Stripe: ${String(error)}`, null, true)
  const detail = [
    `Stripe ${error.rawType ?? error.type}`,
    error.statusCode ? `(${error.statusCode})` : null,
    error.code,
    // Stripe masks keys in its messages; strip anything key-like anyway, the log is not a vault.
    `"${error.message.replace(/\b(sk|rk|whsec)_\w+/g, '$1_…')}"`,
    error.requestId ? `request=${error.requestId}` : null,
  ]
    .filter(Boolean)
    .join(' ')
  const code = error.code ?? error.rawType ?? error.type
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  )
    return new PaymentProviderError(UNAVAILABLE, detail, code, true)
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  )
    return new PaymentProviderError(
      'Card payments are not available right now: pay another way while we fix it',
      `${detail}: check STRIPE_SECRET_KEY`,
      code,
    )
  if (error instanceof Stripe.errors.StripeCardError)
    return new PaymentProviderError(`${error.message} Use another card or pay another way.`, detail, code)
  if (error instanceof Stripe.errors.StripeIdempotencyError)
    return new PaymentProviderError(
      'This payment was already started with other details: reload the page and try again',
      detail,
      code,
    )
  const known: Record<string, string> = {
    resource_missing: 'We cannot find this card payment: start the payment again',
    charge_already_refunded: 'This card payment has already been refunded in full',
    amount_too_large: 'The refund is more than what is left of this card payment: refund less',
  }
  return new PaymentProviderError((error.code && known[error.code]) || fallback, detail, code)
}
