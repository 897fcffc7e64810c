import type { Context } from 'hono'
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
import { expand, getExpanded, readExpand } from './expand'
import {
  type FormValue,
  integer,
  isHttpUrl,
  isParams,
  isText,
  type Params,
  parseForm,
  readMetadata,
} from './form'

/**
 * Stripe Checkout's sessions: creating one (its buyer pays on the hosted card page, card-page.ts),
 * retrieving it, and expiring it, when asked or once its time is up, with the checkout.session.expired
 * webhook.
 */

export interface CheckoutSession {
  id: string
  object: 'checkout.session'
  /** Null in setup mode, which takes no money. */
  amount_subtotal: number | null
  amount_total: number | null
  cancel_url: string | null
  client_reference_id: string | null
  created: number
  currency: string
  /** The customer made when the session keeps the payer's card, once paid. */
  customer: string | null
  customer_details: { email: string | null; name: string | null } | null
  customer_email: string | null
  expires_at: number
  livemode: false
  metadata: Record<string, string>
  mode: 'payment' | 'setup'
  payment_intent: string | null
  payment_method_types: string[]
  payment_status: 'paid' | 'unpaid' | 'no_payment_required'
  /** Setup mode: the SetupIntent that saved the card, once the payer has entered it. */
  setup_intent: string | null
  status: 'open' | 'complete' | 'expired'
  success_url: string
  ui_mode: 'hosted'
  url: string | null
}

interface LineItem {
  name: string
  quantity: number
  unit_amount: number
}

export interface SessionRecord extends Record<string, unknown> {
  session: CheckoutSession
  lineItems: LineItem[]
  /** payment_intent_data: copied onto the PaymentIntent once the session is paid. */
  paymentIntentData: { metadata: Record<string, string>; description: string | null }
  /** Set while the 3-D Secure page waits for the buyer: the last four digits of the card. */
  challenge: string | null
  /** The card is kept for later charges (saved-cards.ts): a customer is made with it once paid. */
  saveCard?: boolean
  /** Setup mode's setup_intent_data: copied onto the SetupIntent (setup-intents.ts). */
  setupIntentData?: { metadata: Record<string, string>; description: string | null }
}

/** Stripe's limits for expires_at, with a minute's grace for clocks and the request's own travel. */
const MIN_EXPIRY_S = 30 * 60
const MAX_EXPIRY_S = 24 * 60 * 60
const GRACE_S = 60

export function mountSessions(ctx: StripeContext): void {
  const { app, store, base } = ctx

  app.post('/v1/checkout/sessions', async (c) => {
    const p = parseForm(await c.req.text())
    const paths = readExpand(c, p, 'checkout.session')
    if (paths instanceof Response) return paths
    if (p.mode === undefined) return missing(c, 'mode')
    if (p.mode !== 'payment' && p.mode !== 'setup')
      return invalid(
        c,
        'mode',
        `The sandbox simulates mode=payment and mode=setup only, not ${String(p.mode)}.`,
      )
    const setup = p.mode === 'setup'
    const successUrl = p.success_url
    if (successUrl === undefined) return missing(c, 'success_url')
    if (!isHttpUrl(successUrl)) return invalid(c, 'success_url', 'Not a valid URL', 'url_invalid')
    if (p.cancel_url !== undefined && !isHttpUrl(p.cancel_url))
      return invalid(c, 'cancel_url', 'Not a valid URL', 'url_invalid')
    if (
      p.customer_email !== undefined &&
      !(typeof p.customer_email === 'string' && /^[^@\s]+@[^@\s]+$/.test(p.customer_email))
    )
      return invalid(
        c,
        'customer_email',
        `Invalid email address: ${String(p.customer_email)}`,
        'email_invalid',
      )
    if (p.client_reference_id !== undefined && !isText(p.client_reference_id, 200))
      return invalid(c, 'client_reference_id', 'client_reference_id must be 1 to 200 characters.')

    const setupOnly = setup ? await readSetup(ctx, c, p) : null
    if (setupOnly instanceof Response) return setupOnly
    const lineItems = setupOnly ? { items: [], currency: setupOnly.currency } : readLineItems(c, p.line_items)
    if (lineItems instanceof Response) return lineItems
    const { items, currency } = lineItems
    const total = items.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0)
    if (!setup && (total <= 0 || !Number.isSafeInteger(total)))
      return invalid(
        c,
        'line_items',
        "The Checkout Session's total amount due must be greater than zero.",
        'amount_too_small',
      )

    const created = now()
    let expiresAt = created + MAX_EXPIRY_S
    if (p.expires_at !== undefined) {
      const value = integer(p.expires_at)
      if (value === null) return invalidInteger(c, 'expires_at', p.expires_at)
      if (value < created + MIN_EXPIRY_S - GRACE_S)
        return invalid(
          c,
          'expires_at',
          'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
        )
      if (value > created + MAX_EXPIRY_S + GRACE_S)
        return invalid(
          c,
          'expires_at',
          'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
        )
      expiresAt = value
    }
    const metadata = readMetadata(p.metadata)
    if (typeof metadata === 'string') return invalid(c, 'metadata', metadata)
    const intentData = isParams(p.payment_intent_data) ? p.payment_intent_data : {}
    const intentMetadata = readMetadata(intentData.metadata)
    if (typeof intentMetadata === 'string') return invalid(c, 'payment_intent_data[metadata]', intentMetadata)
    const futureUsage = intentData.setup_future_usage
    if (futureUsage !== undefined && futureUsage !== 'off_session' && futureUsage !== 'on_session')
      return invalid(
        c,
        'payment_intent_data[setup_future_usage]',
        `Invalid setup_future_usage: must be one of on_session or off_session`,
      )
    if (
      p.customer_creation !== undefined &&
      p.customer_creation !== 'always' &&
      p.customer_creation !== 'if_required'
    )
      return invalid(
        c,
        'customer_creation',
        'Invalid customer_creation: must be one of always or if_required',
      )

    const id = stripeId('cs_test_a1', 56)
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: setup ? null : total,
      amount_total: setup ? null : total,
      cancel_url: typeof p.cancel_url === 'string' ? p.cancel_url : null,
      client_reference_id: typeof p.client_reference_id === 'string' ? p.client_reference_id : null,
      created,
      currency: currency ?? 'usd',
      customer: setupOnly?.customer ?? null,
      customer_details: null,
      customer_email: typeof p.customer_email === 'string' ? p.customer_email : null,
      expires_at: expiresAt,
      livemode: false,
      metadata,
      mode: setup ? 'setup' : 'payment',
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: setup ? 'no_payment_required' : 'unpaid',
      setup_intent: null,
      status: 'open',
      success_url: successUrl,
      ui_mode: 'hosted',
      url: `${base}/pay/${id}`,
    }
    await store.put<SessionRecord>('stripe', 'checkout.session', `session:${id}`, {
      session,
      lineItems: items,
      paymentIntentData: {
        metadata: intentMetadata,
        description: typeof intentData.description === 'string' ? intentData.description : null,
      },
      challenge: null,
      // Stripe makes a customer for a card kept for later (or when asked to always make one).
      saveCard: futureUsage !== undefined || p.customer_creation === 'always',
      ...(setupOnly ? { setupIntentData: setupOnly.intentData } : {}),
    })
    return c.json(await expand(store, 'checkout.session', session, paths))
  })

  getExpanded(ctx, '/v1/checkout/sessions/:id', 'checkout.session', async (id) => {
    return (await loadSession(ctx, id))?.session
  })

  app.post('/v1/checkout/sessions/:id/expire', async (c) => {
    const id = c.req.param('id')
    const paths = readExpand(c, parseForm(await c.req.text()), 'checkout.session')
    if (paths instanceof Response) return paths
    const record = await loadSession(ctx, id)
    if (!record) return noSuch(c, 'checkout.session', id)
    // Another request may complete or expire it meanwhile: the answer is about what was stored last.
    const after =
      record.session.status === 'open' ? ((await expireSession(ctx, id, false)) ?? record) : record
    if (record.session.status === 'open' && after.session.status === 'expired')
      return c.json(await expand(store, 'checkout.session', after.session, paths))
    return stripeError(c, 400, {
      type: 'invalid_request_error',
      message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${after.session.status}".`,
    })
  })
}

/**
 * What a setup-mode session takes besides the common fields: the currency (Checkout needs one to choose
 * the payment methods it offers), the customer the card is attached to (optional; without one the card is
 * saved to nobody, as Stripe does), and setup_intent_data. Payment-mode fields are refused, as Stripe does.
 */
async function readSetup(ctx: StripeContext, c: Context, p: Params) {
  if (p.line_items !== undefined)
    return invalid(c, 'line_items', 'You cannot pass `line_items` in `setup` mode.')
  if (p.payment_intent_data !== undefined)
    return invalid(c, 'payment_intent_data', 'You cannot pass `payment_intent_data` in `setup` mode.')
  if (p.customer_creation !== undefined)
    return invalid(c, 'customer_creation', '`customer_creation` can only be used in `payment` mode.')
  const currency = p.currency
  if (currency === undefined) return missing(c, 'currency')
  if (
    typeof currency !== 'string' ||
    currency !== currency.toLowerCase() ||
    !isCurrencyCode(currency.toUpperCase())
  )
    return invalid(c, 'currency', `Invalid currency: ${String(currency)}.`)
  let customer: string | null = null
  if (p.customer !== undefined) {
    if (typeof p.customer !== 'string') return invalid(c, 'customer', 'Invalid string')
    if (!(await ctx.store.get('stripe', `customer:${p.customer}`))) return noSuch(c, 'customer', p.customer)
    customer = p.customer
  }
  const data = isParams(p.setup_intent_data) ? p.setup_intent_data : {}
  const metadata = readMetadata(data.metadata)
  if (typeof metadata === 'string') return invalid(c, 'setup_intent_data[metadata]', metadata)
  return {
    currency,
    customer,
    intentData: { metadata, description: typeof data.description === 'string' ? data.description : null },
  }
}

/** `line_items` as Stripe reads them, all in one currency: the items, or the answer that refuses them. */
function readLineItems(
  c: Context,
  rawItems: FormValue | undefined,
): { items: LineItem[]; currency: string | null } | Response {
  if (rawItems === undefined) return missing(c, 'line_items')
  if (!Array.isArray(rawItems) || rawItems.length === 0 || rawItems.length > 100)
    return invalid(c, 'line_items', 'line_items must be a list of 1 to 100 items.')
  const items: LineItem[] = []
  let currency: string | null = null
  for (const [i, raw] of rawItems.entries()) {
    const at = `line_items[${i}]`
    const item = isParams(raw) ? raw : {}
    if (typeof item.price === 'string')
      return stripeError(c, 400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: `${at}[price]`,
        message: `No such price: '${item.price}'. The sandbox has no prices: use ${at}[price_data].`,
      })
    const data = isParams(item.price_data) ? item.price_data : null
    if (!data) return missing(c, `${at}[price_data]`)
    const itemCurrency = data.currency
    if (itemCurrency === undefined) return missing(c, `${at}[price_data][currency]`)
    if (
      typeof itemCurrency !== 'string' ||
      !isCurrencyCode(itemCurrency.toUpperCase()) ||
      itemCurrency !== itemCurrency.toLowerCase()
    )
      return invalid(
        c,
        `${at}[price_data][currency]`,
        `Invalid currency: ${String(itemCurrency)}. Use a lowercase ISO code the sandbox knows (kes, usd…).`,
      )
    if (currency !== null && itemCurrency !== currency)
      return invalid(c, `${at}[price_data][currency]`, 'All line items must have the same currency.')
    currency = itemCurrency
    const unitAmount = integer(data.unit_amount)
    if (data.unit_amount === undefined) return missing(c, `${at}[price_data][unit_amount]`)
    if (unitAmount === null || unitAmount < 0)
      return invalidInteger(c, `${at}[price_data][unit_amount]`, data.unit_amount)
    const product = isParams(data.product_data) ? data.product_data : null
    if (!product || product.name === undefined) return missing(c, `${at}[price_data][product_data][name]`)
    if (!isText(product.name, 5000))
      return invalid(c, `${at}[price_data][product_data][name]`, 'The product name cannot be empty.')
    if (item.quantity === undefined) return missing(c, `${at}[quantity]`)
    const quantity = integer(item.quantity)
    if (quantity === null || quantity < 1) return invalidInteger(c, `${at}[quantity]`, item.quantity)
    items.push({ name: product.name, quantity, unit_amount: unitAmount })
  }
  return { items, currency }
}

/**
 * A session, expired first if its time is up (Stripe expires sessions on time; the sandbox when one is
 * next looked at). `wait` awaits the checkout.session.expired webhook: pages do, API answers do not (the
 * caller may hold locks its own webhook handler needs).
 */
export async function loadSession(
  ctx: StripeContext,
  id: string,
  wait = false,
): Promise<SessionRecord | null> {
  const record = await ctx.store.get<SessionRecord>('stripe', `session:${id}`)
  if (!record || !pastDue(record)) return record
  return (await expireSession(ctx, id, wait)) ?? record
}

async function expireSession(ctx: StripeContext, id: string, wait: boolean): Promise<SessionRecord | null> {
  const result = await ctx.store.update<SessionRecord>('stripe', `session:${id}`, (r) =>
    r.session.status === 'open'
      ? { ...r, challenge: null, session: { ...r.session, status: 'expired', url: null } }
      : null,
  )
  if (result?.changed) {
    const delivery = ctx.notify('checkout.session.expired', result.data.session)
    if (wait) await delivery
  }
  return result?.data ?? null
}

/**
 * Completes an open session of `mode` that has not run out, with `fields` (what paying or saving made) and
 * the payer's name; the store's answer, unchanged when it was no longer open.
 */
export function completeSession(
  ctx: StripeContext,
  id: string,
  mode: CheckoutSession['mode'],
  name: string,
  fields: Partial<CheckoutSession>,
) {
  return ctx.store.update<SessionRecord>('stripe', `session:${id}`, (r) =>
    r.session.status === 'open' && r.session.mode === mode && !pastDue(r)
      ? {
          ...r,
          challenge: null,
          session: {
            ...r.session,
            ...fields,
            status: 'complete',
            url: null,
            customer_details: { email: r.session.customer_email, name: name || null },
          },
        }
      : null,
  )
}

export const pastDue = (record: SessionRecord) =>
  record.session.status === 'open' && record.session.expires_at * 1000 <= clock.ms()
