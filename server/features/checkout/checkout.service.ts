import { createHash, randomBytes } from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import { ORDER_HOLD_MINUTES, type PaymentMethod } from '../../../contract/checkout.constants'
import type { Order } from '../../../contract/checkout.contract'
import type { Money } from '../../../contract/money'
import { MPESA_PHONE_HINT } from '../../../contract/phone'
import type { Db } from '../../db/client'
import { orders, paymentEvents, products, sellers, tickets, users } from '../../db/schema'
import type { Config } from '../../env'
import { AppError, isUniqueViolation } from '../../lib/errors'
import type { Logger } from '../../lib/log'
import { enforceRateLimit } from '../../lib/rate-limit'
import { uuidv7 } from '../../lib/uuid'
import type { Mailer } from '../../mail/mailer'
import type { Gateway } from '../../payments/gateway'
import { PaymentProviderError } from '../../payments/payments'
import type { UserRow } from '../accounts/sessions'
import type { ProductRow } from '../catalog/catalog.service'
import { loadRates } from '../catalog/storefront.service'
import { postTransaction, saleEntries } from './ledger'
import { orderMails } from './mails'
import { viewOrder } from './order-view'
import { heldQuantity, newReference, type OrderRow, type Tx, takenSlots } from './orders'
import { chargesFor, type Priced, priceSelection, type Selection } from './pricing'
import { refundOrder } from './refunds'
import { findSlot, type ServiceDetails } from './slots'

export interface CheckoutDeps {
  db: Db
  config: Config
  log: Logger
  mailer: Mailer
  gateway: Gateway
}

export interface CheckoutInput extends Selection {
  productId: string
  method?: PaymentMethod | undefined
  email?: string | undefined
  phone?: string | undefined
  timeZone?: string | undefined
}

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex')

/** A published product with its seller's currency and name, or 404. */
export async function productOnSale(db: Db | Tx, productId: string, opts: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, 'published')))
  const [row] = opts.lock ? await query.for('update') : await query
  if (!row) throw new AppError(404, 'This product is not on sale any more', { productId: 'Not on sale' })
  return row
}

/** Prices a selection, with the service slot (checked free) folded in, against the product as it is now. */
async function priceWithSlot(
  tx: Db | Tx,
  product: ProductRow,
  input: Selection,
  except?: string,
): Promise<Priced> {
  const priced = priceSelection(product, input)
  if (product.kind !== 'service') return priced
  const taken = await takenSlots(tx, product.id, except)
  const slot = findSlot(product.details as unknown as ServiceDetails, input.slot ?? '', Date.now(), taken)
  if (!slot)
    throw new AppError(409, 'That time has just been taken: choose another', { slot: 'No longer free' })
  return {
    ...priced,
    itemKey: slot.start,
    label: `${product.title}, ${slot.start}`,
    item: { ...priced.item, slot },
  }
}

export async function quote(db: Db, input: Selection & { productId: string }) {
  const product = await productOnSale(db, input.productId)
  const priced = await priceWithSlot(db, product, input)
  const rates = await loadRates(db)
  const total: Money = { amount: priced.total, currency: priced.currency }
  return {
    subtotal: { amount: priced.subtotal, currency: priced.currency },
    shipping: { amount: priced.shipping, currency: priced.currency },
    total,
    charges: priced.total === 0 ? [] : chargesFor(total, rates),
    label: priced.label,
  }
}

/**
 * The buyer: the caller, or the account of the e-mail given (made now, without a password, if new), in
 * the order's transaction: a checkout refused after this point leaves no account behind. Two checkouts
 * for one new address wait for each other on the unique index; the second finds the first's account.
 */
async function buyerFor(tx: Tx, caller: UserRow | null, email: string) {
  if (caller) return { id: caller.id, email: caller.email, guest: false }
  const address = email.trim()
  const find = () => tx.select().from(users).where(sql`lower(${users.email}) = lower(${address})`)
  let [user] = await find()
  if (!user) {
    ;[user] = await tx
      .insert(users)
      .values({ id: uuidv7(), email: address, name: address.split('@')[0] ?? address })
      .onConflictDoNothing()
      .returning()
    user ??= (await find())[0]
  }
  if (!user) throw new Error('buyer account missing')
  return { id: user.id, email: user.email, guest: true }
}

/**
 * Places an order and starts its payment. The stock, seats or slot are held in the same transaction that
 * locks the product's row, so concurrent checkouts for the last items are served one at a time and never
 * oversell. The provider is called after that transaction: none is held across the network.
 */
export async function startCheckout(
  deps: CheckoutDeps,
  input: CheckoutInput,
  caller: UserRow | null,
  requester: { ip: string },
) {
  const { db } = deps
  const limits = deps.config.checkoutLimits
  await enforceRateLimit(db, [
    {
      key: `checkout:ip:${requester.ip}`,
      limit: limits.perAddress,
      what: 'checkouts from this network',
    },
  ])
  const product = await productOnSale(db, input.productId)
  if (caller && product.sellerId === caller.id)
    throw new AppError(400, 'This is your own product: you cannot buy it', { productId: 'Your own product' })
  // Priced once before the transaction, so that bad input is refused before a guest account is made, and
  // again under the product's lock below, where the hold is decided.
  const priced = await priceWithSlot(db, product, input)
  const total: Money = { amount: priced.total, currency: priced.currency }
  const free = priced.total === 0
  const method = free ? 'free' : input.method
  if (!method) throw new AppError(400, 'Choose how to pay', { method: 'Choose M-Pesa, card or PayPal' })
  const charge = free
    ? { amount: total, rate: null }
    : chargesFor(total, await loadRates(db), [method as PaymentMethod])[0]
  if (!charge)
    throw new AppError(400, 'This method cannot take this currency yet: choose another', {
      method: `There is no exchange rate for ${total.currency} yet: pay by card`,
    })
  if (method === 'mpesa' && !input.phone)
    throw new AppError(400, 'Give your M-Pesa phone number', { phone: MPESA_PHONE_HINT })
  if (!caller && !input.email)
    throw new AppError(400, 'Give your e-mail address', {
      email: 'Give the e-mail address for your receipt and downloads',
    })
  const accessKey = randomBytes(24).toString('base64url')
  const id = uuidv7()

  const row = await db.transaction(async (tx) => {
    // The product's row lock serialises checkouts of one product: the count below cannot go stale.
    const locked = await productOnSale(tx, product.id, { lock: true })
    const buyer = await buyerFor(tx, caller, input.email ?? '')
    const now = await priceWithSlot(tx, locked, input)
    if (now.total !== priced.total)
      throw new AppError(409, 'The price has just changed: check it and pay again', {
        productId: 'Price changed',
      })
    if (now.capacity !== null) await assertBuyerMayHold(tx, limits, buyer.id, locked.id, now.quantity)
    if (now.capacity !== null && locked.kind !== 'service') {
      const left = now.capacity - (await heldQuantity(tx, locked.id, now.itemKey))
      if (left < now.quantity) {
        const field = locked.kind === 'merch' ? 'variantId' : 'ticketTypeId'
        const message = left <= 0 ? 'Sold out' : `Only ${left} left`
        throw new AppError(409, `${message}: choose fewer or another option`, {
          [now.quantity > 1 && left > 0 ? 'quantity' : field]: message,
        })
      }
    }
    // Counted in this transaction: a checkout refused above (or rolled back) sends no prompt and counts none.
    if (method === 'mpesa' && input.phone)
      await enforceRateLimit(
        tx,
        limits.promptsPerPhone.map((limit) => ({
          key: `mpesaPrompt:phone:${input.phone}:${limit.windowSeconds}`,
          limit,
          what: 'M-Pesa prompts to this phone',
          otherwise: 'or pay by card',
          field: 'phone',
        })),
      )
    for (let attempt = 0; ; attempt++) {
      try {
        const [inserted] = await tx
          .insert(orders)
          .values({
            id,
            reference: newReference(),
            buyerId: buyer.id,
            buyerEmail: buyer.email,
            guest: buyer.guest,
            sellerId: locked.sellerId,
            productId: locked.id,
            kind: locked.kind,
            status: 'pending',
            item: { ...now.item, label: now.label, timeZone: input.timeZone ?? null },
            itemKey: now.itemKey,
            quantity: now.quantity,
            subtotal: now.subtotal,
            shippingFee: now.shipping,
            total: now.total,
            currency: now.currency,
            method,
            chargeAmount: charge.amount.amount,
            chargeCurrency: charge.amount.currency,
            rate: charge.rate === null ? null : String(charge.rate),
            delivery: now.delivery,
            accessKeyHash: hashKey(accessKey),
            expiresAt: new Date(Date.now() + ORDER_HOLD_MINUTES * 60_000),
          })
          .returning()
        if (!inserted) throw new Error('insert returned no row')
        return inserted
      } catch (error) {
        // A reference collision (one in 10^12) gets a fresh reference; nothing else is retried.
        if (attempt > 2 || !isUniqueViolation(error, 'orders_reference_unique')) throw error
      }
    }
  })

  if (method === 'free') {
    await settle(deps, {
      orderId: row.id,
      eventKey: `free:${row.id}`,
      provider: 'free',
      outcome: { kind: 'paid', amount: total, receipt: null, details: {} },
    })
    return {
      orderId: row.id,
      accessKey,
      order: await orderView(deps, row.id),
      next: { kind: 'done' as const },
    }
  }
  try {
    const next = await startPayment(deps, row, input.phone ?? null, product.title)
    return { orderId: row.id, accessKey, order: await orderView(deps, row.id), next }
  } catch (error) {
    // The provider refused: the order fails at once and releases what it held.
    const message = error instanceof PaymentProviderError ? error.message : 'The payment could not be started'
    await db
      .update(orders)
      .set({ status: 'failed', failure: { code: 'start', message }, updatedAt: new Date() })
      .where(and(eq(orders.id, row.id), eq(orders.status, 'pending')))
    if (error instanceof PaymentProviderError) {
      deps.log.warn('payment not started', {
        orderId: row.id,
        method,
        detail: error.detail,
        code: error.code,
      })
      const field = method === 'mpesa' && /phone/i.test(error.message) ? { phone: error.message } : undefined
      throw new AppError(field ? 400 : 502, message, field)
    }
    throw error
  }
}

/**
 * One buyer may hold only so many units of a product in orders not yet paid, so that nobody can take an
 * event's seats or a shop's stock off sale by starting checkouts they never pay. Runs under the product's
 * row lock, so the count cannot go stale.
 */
async function assertBuyerMayHold(
  tx: Tx,
  limits: Config['checkoutLimits'],
  buyerId: string,
  productId: string,
  quantity: number,
) {
  const most = limits.unitsHeldPerBuyer
  if (quantity > most)
    throw new AppError(400, `You can order at most ${most} at a time: choose ${most} or fewer`, {
      quantity: `At most ${most} at a time`,
    })
  const [waiting] = await tx
    .select({
      units: sql<string>`coalesce(sum(${orders.quantity}), 0)::text`,
      until: sql<
        string | null
      >`to_char(min(${orders.expiresAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), eq(orders.productId, productId), eq(orders.status, 'pending')))
  const units = Number(waiting?.units ?? 0)
  if (units + quantity <= most) return
  const retryAfter = Math.max(1, Math.ceil((Date.parse(waiting?.until ?? '') - Date.now()) / 1000) || 1)
  const wait = retryAfter < 90 ? `${retryAfter} seconds` : `${Math.ceil(retryAfter / 60)} minutes`
  throw new AppError(
    429,
    `You already have ${units} of these waiting for payment, and at most ${most} can wait at once. ` +
      `Pay for or cancel that order in your purchases, or wait ${wait} until it lapses.`,
    {
      quantity:
        units < most
          ? `At most ${most - units} more while your unpaid order waits`
          : 'Pay for your unpaid order first',
    },
    retryAfter,
  )
}

/** Asks the provider to take the payment: an STK push, a PayPal order, a Stripe Checkout session. */
async function startPayment(deps: CheckoutDeps, order: OrderRow, phone: string | null, title: string) {
  const { gateway, db } = deps
  const amount: Money = { amount: order.chargeAmount, currency: order.chargeCurrency as Money['currency'] }
  if (order.method === 'mpesa') {
    if (!phone) throw new AppError(400, 'Give your M-Pesa phone number', { phone: MPESA_PHONE_HINT })
    await registerPaybill(deps)
    const push = await gateway.mpesa.stkPush({
      phone,
      amount: amount.amount,
      accountReference: order.reference,
      description: `Soko ${order.reference}`.slice(0, 13),
      callbackUrl: gateway.urls.stkCallback(order.id),
    })
    await db
      .update(orders)
      .set({
        providerRef: push.checkoutRequestId,
        payment: { phone, merchantRequestId: push.merchantRequestId },
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id))
    return { kind: 'mpesa' as const, phone, message: push.customerMessage }
  }
  if (order.method === 'paypal') {
    const created = await gateway.paypal.createOrder({
      reference: order.reference,
      orderId: order.id,
      amount,
      description: title.slice(0, 120),
      returnUrl: gateway.urls.paypalReturn(order.id),
      cancelUrl: gateway.urls.paypalCancel(order.id),
      requestId: order.id,
    })
    await db
      .update(orders)
      .set({ providerRef: created.id, updatedAt: new Date() })
      .where(eq(orders.id, order.id))
    return { kind: 'redirect' as const, url: created.approveUrl }
  }
  const session = await gateway.card.createSession({
    orderId: order.id,
    reference: order.reference,
    amount,
    description: title.slice(0, 120),
    email: order.buyerEmail,
    successUrl: gateway.urls.cardSuccess(order.id),
    cancelUrl: gateway.urls.cardCancel(order.id),
    expiresAt: order.expiresAt,
    idempotencyKey: order.id,
  })
  await db
    .update(orders)
    .set({ providerRef: session.id, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
  return { kind: 'redirect' as const, url: session.url }
}

/**
 * Tells M-Pesa where to confirm Paybill payments (the fallback when a prompt fails), once per process,
 * before the first prompt: registering again only replaces the same addresses. A failure is logged and
 * tried again at the next M-Pesa checkout; the prompt itself does not depend on it.
 */
const registered = new WeakSet<Gateway>()
async function registerPaybill(deps: CheckoutDeps) {
  if (registered.has(deps.gateway)) return
  try {
    await deps.gateway.mpesa.registerC2bUrls({
      confirmationUrl: deps.gateway.urls.c2bConfirmation,
      validationUrl: deps.gateway.urls.c2bValidation,
    })
    registered.add(deps.gateway)
  } catch (error) {
    deps.log.warn('could not register the Paybill confirmation address with M-Pesa', {
      detail: error instanceof PaymentProviderError ? error.detail : String(error),
    })
  }
}

export async function orderView(deps: Pick<CheckoutDeps, 'db' | 'gateway'>, orderId: string): Promise<Order> {
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, orderId))
  if (!row) throw new AppError(404, 'No such order')
  return viewOrder(deps.db, row, { paybillNumber: deps.gateway.paybillNumber })
}

/** What a verified provider message says about a payment. */
export type Outcome =
  | { kind: 'paid'; amount: Money; receipt: string | null; details: Record<string, unknown> }
  | { kind: 'failed'; code: string; message: string }

export interface Settlement {
  /** The provider's (or our) name for the event, so the same one processed twice changes nothing. */
  eventKey: string
  provider: PaymentMethod | 'free'
  orderId?: string
  /** Finds the order by the provider's reference when the message names only that. */
  providerRef?: string
  outcome: Outcome
  payload?: unknown
}

/**
 * Applies a verified outcome to its order, once. The event's key is recorded in the same transaction as
 * the change, under the order's row lock: a second delivery (or the same one at another instance) finds
 * the key taken and changes nothing. A payment is fulfilled with one ledger transaction, its tickets and,
 * after the commit, the receipt.
 */
export async function settle(
  deps: CheckoutDeps,
  s: Settlement,
): Promise<{ changed: boolean; order: OrderRow | null }> {
  const { db } = deps
  let refundAfter = false
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(
        s.orderId
          ? eq(orders.id, s.orderId)
          : and(eq(orders.method, s.provider), eq(orders.providerRef, s.providerRef ?? '')),
      )
      .for('update')
    if (!row) return { changed: false, order: null }
    // Only the order's own provider can speak for it: the books never record a sale on another method.
    if (row.method !== s.provider) {
      deps.log.error('a payment message for an order of another method was ignored', {
        orderId: row.id,
        method: row.method,
        provider: s.provider,
        event: s.eventKey,
      })
      return { changed: false, order: row }
    }
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({
        provider: s.provider,
        eventId: s.eventKey,
        orderId: row.id,
        type: s.outcome.kind,
        payload: s.payload ?? s.outcome,
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId })
    if (!fresh) return { changed: false, order: row }
    const outcome = s.outcome
    if (outcome.kind === 'failed') {
      if (row.status !== 'pending') return { changed: false, order: row }
      const [updated] = await tx
        .update(orders)
        .set({
          status: 'failed',
          failure: { code: outcome.code, message: outcome.message },
          updatedAt: new Date(),
        })
        .where(eq(orders.id, row.id))
        .returning()
      return { changed: true, order: updated ?? row }
    }
    if (['paid', 'refunding', 'refunded'].includes(row.status)) {
      // A second payment for one order (a prompt accepted and a Paybill payment too): the money came twice.
      deps.log.error('a second payment arrived for a paid order: refund it to the buyer', {
        orderId: row.id,
        event: s.eventKey,
        receipt: outcome.receipt,
      })
      return { changed: false, order: row }
    }
    if (outcome.amount.amount !== row.chargeAmount || outcome.amount.currency !== row.chargeCurrency) {
      // Never fulfil for a different amount: it needs a person to look at it.
      deps.log.error('payment amount does not match the order', {
        orderId: row.id,
        expected: `${row.chargeCurrency} ${row.chargeAmount}`,
        got: `${outcome.amount.currency} ${outcome.amount.amount}`,
      })
      await tx
        .update(orders)
        .set({
          failure: { code: 'amount', message: 'The amount paid does not match: Soko will look into it' },
          updatedAt: new Date(),
        })
        .where(eq(orders.id, row.id))
      return { changed: false, order: row }
    }
    if (row.status !== 'pending') {
      // Paid after it was cancelled or expired: keep it if what it held is still free, else give it back.
      refundAfter = !(await stillAvailable(tx, row))
    }
    const paidAt = new Date()
    const [updated] = await tx
      .update(orders)
      .set({
        status: 'paid',
        paidAt,
        failure: null,
        payment: { ...(row.payment ?? {}), ...outcome.details, receipt: outcome.receipt },
        fulfilment: row.kind === 'merch' ? 'to_ship' : null,
        updatedAt: paidAt,
      })
      .where(eq(orders.id, row.id))
      .returning()
    if (!updated) throw new Error('order vanished under its lock')
    if (updated.total > 0 || updated.chargeAmount > 0)
      await postTransaction(tx, {
        kind: 'sale',
        orderId: updated.id,
        memo: `Sale ${updated.reference}`,
        entries: saleEntries(updated, paidAt),
      })
    if (updated.kind === 'event')
      await tx.insert(tickets).values(
        Array.from({ length: updated.quantity }, () => ({
          id: uuidv7(),
          orderId: updated.id,
          code: `${updated.reference}-${randomBytes(5).toString('hex').toUpperCase()}`,
          ticketTypeId: updated.itemKey,
        })),
      )
    await tx
      .update(products)
      .set({ salesCount: sql`${products.salesCount} + 1` })
      .where(eq(products.id, updated.productId))
    return { changed: true, order: updated }
  })
  if (result.changed && result.order?.status === 'paid') {
    await orderMails(deps).paid(result.order)
    if (refundAfter) {
      await refundOrder(deps, result.order.id, null, 'It sold out while the payment was on its way').catch(
        (error) => deps.log.error('automatic refund failed', { orderId: result.order?.id, error }),
      )
    }
  }
  return result
}

/** Whether an order that lost its hold could take it again now. */
async function stillAvailable(tx: Tx, row: OrderRow): Promise<boolean> {
  const [product] = await tx.select().from(products).where(eq(products.id, row.productId)).for('update')
  if (!product) return false
  if (row.kind === 'digital') return true
  if (row.kind === 'service') {
    const slot = row.item.slot as { start: string; end: string }
    const taken = await takenSlots(tx, row.productId, row.id)
    return !taken.some(
      (t) => Date.parse(t.start) < Date.parse(slot.end) && Date.parse(slot.start) < Date.parse(t.end),
    )
  }
  const list = (product.details[row.kind === 'merch' ? 'variants' : 'ticketTypes'] ?? []) as {
    id: string
    stock?: number
    capacity?: number
  }[]
  const item = list.find((i) => i.id === row.itemKey)
  const capacity = item?.stock ?? item?.capacity ?? 0
  return capacity - (await heldQuantity(tx, row.productId, row.itemKey, row.id)) >= row.quantity
}

/** Gives up a waiting order (the buyer's choice, or its hold ran out); what it held is free again. */
export async function closeOrder(
  deps: CheckoutDeps,
  orderId: string,
  status: 'cancelled' | 'expired',
): Promise<OrderRow | null> {
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, orderId))
  if (row?.status !== 'pending') return row ?? null
  // A card session is closed at Stripe first, so that it cannot be paid after we let go of the stock.
  if (row.method === 'card' && row.providerRef)
    await deps.gateway.card.expireSession(row.providerRef).catch((error) => {
      deps.log.warn('could not expire the card session', { orderId, error })
    })
  const [updated] = await deps.db
    .update(orders)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning()
  return updated ?? (await deps.db.select().from(orders).where(eq(orders.id, orderId)))[0] ?? null
}

/**
 * Asks the provider about a waiting order whose callback or webhook is late, and settles it from the
 * answer. At most once per 10 s per order across every instance (the conditional update claims the turn).
 */
export async function checkPending(deps: CheckoutDeps, orderId: string, opts: { minAgeMs?: number } = {}) {
  const { db, gateway, log } = deps
  const [claimed] = await db
    .update(orders)
    .set({ checkedAt: new Date() })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'pending'),
        sql`${orders.providerRef} is not null`,
        lt(orders.createdAt, new Date(Date.now() - (opts.minAgeMs ?? 15_000))),
        sql`(${orders.checkedAt} is null or ${orders.checkedAt} < now() - interval '10 seconds')`,
      ),
    )
    .returning()
  if (!claimed?.providerRef) return
  const ref = claimed.providerRef
  try {
    if (claimed.method === 'mpesa') {
      const answer = await gateway.mpesa.stkQuery(ref)
      if (answer.state === 'done')
        await settle(deps, mpesaSettlement(claimed, answer.resultCode, answer.resultDesc, null))
    } else if (claimed.method === 'card') {
      const session = await gateway.card.getSession(ref)
      if (session.status === 'complete' && session.paymentStatus === 'paid' && session.amount)
        await settle(deps, {
          provider: 'card',
          eventKey: `checkout:${ref}`,
          orderId: claimed.id,
          outcome: {
            kind: 'paid',
            amount: session.amount,
            receipt: session.paymentIntent,
            details: { paymentIntent: session.paymentIntent },
          },
        })
      else if (session.status === 'expired') await closeOrder(deps, claimed.id, 'expired')
    } else if (claimed.method === 'paypal') {
      const paypalOrder = await gateway.paypal.getOrder(ref)
      if (paypalOrder.status === 'APPROVED' || paypalOrder.status === 'COMPLETED')
        await capturePaypal(deps, claimed)
    }
  } catch (error) {
    log.warn('status check failed; the next check will try again', { orderId, method: claimed.method, error })
  }
}

/**
 * What an M-Pesa result code means for an order. `callback` is what a result callback said was paid (its
 * amount is required: the caller refuses a success callback without one); null for a status query, which
 * Daraja answers without an amount, so the push's own amount, the order's charge, stands.
 */
export function mpesaSettlement(
  order: Pick<OrderRow, 'id' | 'providerRef' | 'chargeAmount'>,
  resultCode: number,
  resultDesc: string,
  callback: { receipt: string | null; amount: number; phone: string | null } | null,
): Settlement {
  return {
    provider: 'mpesa',
    eventKey: `stk:${order.providerRef}`,
    orderId: order.id,
    outcome:
      resultCode === 0
        ? {
            kind: 'paid',
            amount: { amount: callback ? callback.amount : order.chargeAmount, currency: 'KES' },
            receipt: callback?.receipt ?? null,
            details: callback?.phone ? { payerPhone: callback.phone } : {},
          }
        : { kind: 'failed', code: String(resultCode), message: resultDesc },
  }
}

/** Captures an approved PayPal order on the server and settles it (on return, webhook or status check). */
export async function capturePaypal(deps: CheckoutDeps, order: OrderRow) {
  if (!order.providerRef) return
  const capture = await deps.gateway.paypal.captureOrder(order.providerRef, `capture-${order.id}`)
  if (capture.status === 'COMPLETED')
    return settle(deps, {
      provider: 'paypal',
      eventKey: `capture:${order.providerRef}`,
      orderId: order.id,
      outcome: {
        kind: 'paid',
        amount: capture.amount,
        receipt: capture.captureId,
        details: { captureId: capture.captureId, payerEmail: capture.payerEmail },
      },
    })
  if (capture.status === 'DECLINED')
    return settle(deps, {
      provider: 'paypal',
      eventKey: `declined:${order.providerRef}`,
      orderId: order.id,
      outcome: {
        kind: 'failed',
        code: 'declined',
        message:
          'PayPal declined the payment. Nothing was charged: try another card in PayPal, or pay another way.',
      },
    })
  return { changed: false, order }
}

/** Closes waiting orders whose hold has run out, asking the provider first so a late payment is not lost. */
export async function expireOrders(deps: CheckoutDeps, limit = 50): Promise<number> {
  const due = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.expiresAt, new Date())))
    .limit(limit)
  let closed = 0
  for (const order of due) {
    await checkPending(deps, order.id, { minAgeMs: 0 })
    const after = await closeOrder(deps, order.id, 'expired')
    if (after?.status === 'expired') closed++
  }
  return closed
}

/** Sellers' names for mails. */
export async function sellerOf(db: Db, sellerId: string) {
  const [row] = await db
    .select({ displayName: sellers.displayName, email: users.email })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.userId, sellerId))
  return row ?? null
}
