import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { ORDER_HOLD_MINUTES, type PaymentMethod } from '../../../contract/checkout.constants'
import { CHECKOUT, CHECKOUT_FIELD } from '../../../contract/errors/checkout'
import { LIMITS } from '../../../contract/errors/limits'
import { PAYMENTS } from '../../../contract/errors/payments'
import type { Money } from '../../../contract/money'
import { MPESA_PHONE } from '../../../contract/phone'
import type { Db, DbOrTx, Tx } from '../../db/client'
import { orders, products, users } from '../../db/schema'
import type { UserRow } from '../../lib/caller'
import type { CheckoutLines } from '../../lib/checkout-line'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { enforceRateLimit } from '../../lib/rate-limit'
import { uuidv7 } from '../../lib/uuid'
import { PaymentProviderError, providerMessage } from '../../payments/payments'
import { saleTermsOf } from '../../platform/terms'
import { byKind, currentRates, onSale, type ProductRow, upsellOffer } from '../catalog'
import { checkoutChecks, codeTryChecks, type Requester } from './checkout-limits'
import { type CheckoutServices, hashKey } from './deps'
import { assertBuyerMayHold, assertLeft, heldOf, holdsOf } from './holds'
import { discountFor } from './order-discount'
import { insertLines, type OrderLineRow, onlyLine } from './order-lines'
import { lockProducts, offerGone, offerLine } from './order-offer'
import { newReference, type OrderRow, takenSlots } from './orders'
import { orderView, startPayment } from './payment'
import { chargesFor, type Priced, priceSelection, type Selection } from './pricing'
import { recoveredFrom } from './recovered'
import { settle } from './settle'
import { findSlot } from './slots'

/**
 * Placing an order: the product as it is now, priced, its stock, seats or slot held for the buyer under
 * the product's row lock, within the limits on unpaid checkouts; then its payment is started.
 */

export interface CheckoutInput extends Selection {
  productId: string
  method?: PaymentMethod | undefined
  email?: string | undefined
  phone?: string | undefined
  timeZone?: string | undefined
  /** Events: the name on each ticket. */
  holders?: string[] | undefined
  /** A discount code of the product's seller. */
  code?: string | undefined
  /** M-Pesa: text the buyer if the payment does not go through. */
  textMe?: boolean | undefined
  /** The token of the reminder link the buyer came back through. */
  recovery?: string | undefined
  /** Take the product's offer too. */
  upsell?: boolean | undefined
}

/** A published product with its seller's currency and name, or 404. */
export async function productOnSale(db: DbOrTx, productId: string, opts: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), onSale))
  const [row] = opts.lock ? await query.for('update') : await query
  if (!row)
    throw new AppError(404, CHECKOUT.productNotOnSale, { fields: { productId: CHECKOUT_FIELD.notSale } })
  return row
}

/** Prices a selection, with the service slot (checked free) folded in, against the product as it is now. */
async function priceWithSlot(
  tx: DbOrTx,
  row: ProductRow,
  input: Selection,
  except?: string,
): Promise<Priced> {
  const priced = priceSelection(row, input)
  const product = byKind(row)
  if (product.kind !== 'service') return priced
  const taken = await takenSlots(tx, product.id, except)
  const slot = findSlot(product.details, input.slot ?? '', clock.ms(), taken)
  if (!slot) throw new AppError(409, CHECKOUT.timeTaken, { fields: { slot: CHECKOUT_FIELD.noLongerFree } })
  return {
    ...priced,
    itemKey: slot.start,
    // The label stays the title: the time is in `slot` (it may move), and every reader formats it.
    item: { ...priced.item, slot },
  }
}

export async function quote(
  db: Db,
  input: Selection & { productId: string; code?: string | undefined; upsell?: boolean | undefined },
  requester: Requester,
  caller: UserRow | null,
) {
  const product = await productOnSale(db, input.productId)
  const priced = await priceWithSlot(db, product, input)
  const applied = await discountFor(db, product, priced, input.code, {
    buyerId: caller?.id ?? null,
    lang: requester.lang ?? 'en',
    tries: codeTryChecks(requester, caller),
  })
  const rates = await currentRates(db)
  const offer = await upsellOffer(db, product)
  if (input.upsell && !offer) throw offerGone()
  const extra = input.upsell && offer ? offer.price.amount : 0
  const total: Money = { amount: priced.total - (applied?.amount ?? 0) + extra, currency: priced.currency }
  return {
    subtotal: { amount: priced.subtotal + extra, currency: priced.currency },
    shipping: { amount: priced.shipping, currency: priced.currency },
    discount: applied
      ? { code: applied.code, amount: { amount: applied.amount, currency: priced.currency } }
      : null,
    total,
    charges: total.amount === 0 ? [] : chargesFor(total, rates),
    label: priced.label,
    offer: offer && {
      productId: offer.product.id,
      title: offer.product.title,
      price: offer.price,
      listPrice: offer.listPrice,
      taken: Boolean(input.upsell),
    },
  }
}

/**
 * How an order of `total` is paid: free, or the method asked for with exactly what it charges; refused with
 * the field to fix when no method is chosen, the method cannot take the currency, or the phone or e-mail
 * it needs is missing.
 */
export async function paymentFor(
  db: DbOrTx,
  total: Money,
  input: { method?: PaymentMethod | undefined; phone?: string | undefined; email?: string | undefined },
  caller: UserRow | null,
) {
  const method: PaymentMethod | 'free' | undefined = total.amount === 0 ? 'free' : input.method
  if (!method)
    throw new AppError(400, CHECKOUT.chooseHowPay, { fields: { method: CHECKOUT_FIELD.chooseMethod } })
  const charge =
    method === 'free' ? { amount: total, rate: null } : chargesFor(total, await currentRates(db), [method])[0]
  if (!charge)
    throw new AppError(400, CHECKOUT.methodCannotTakeCurrency, {
      fields: { method: { ...CHECKOUT_FIELD.noExchangeRate, params: { currency: total.currency } } },
    })
  if (method === 'mpesa' && !input.phone)
    throw new AppError(400, CHECKOUT.giveMpesaPhone, { fields: { phone: MPESA_PHONE } })
  if (!caller && !input.email)
    throw new AppError(400, CHECKOUT.giveEmail, { fields: { email: CHECKOUT_FIELD.giveReceiptEmail } })
  return { method, charge }
}

/**
 * The buyer: the caller, or the account of the e-mail given (made now, without a password, if new), in
 * the order's transaction: a checkout refused after this point leaves no account behind. Two checkouts
 * for one new address wait for each other on the unique index; the second finds the first's account.
 */
export async function buyerFor(tx: Tx, caller: UserRow | null, email: string) {
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
 * oversell; on this instance they wait for that transaction in line (lib/checkout-line.ts), where those
 * after the last item hear "Sold out" at once. The provider is called after that transaction: none is held
 * across the network.
 */
export async function startCheckout(
  deps: CheckoutServices,
  input: CheckoutInput,
  caller: UserRow | null,
  requester: Requester,
  /** The instance's checkout lines, and the caller's request: a checkout left before its turn is dropped. */
  line: { lines: CheckoutLines; signal?: AbortSignal },
) {
  const { db } = deps
  const limits = deps.config.checkoutLimits
  await enforceRateLimit(db, checkoutChecks(limits, requester, caller, input.email))
  const product = await productOnSale(db, input.productId)
  if (caller && product.sellerId === caller.id)
    throw new AppError(400, CHECKOUT.ownProduct, {
      fields: { productId: CHECKOUT_FIELD.ownProduct },
    })
  // Priced once before the transaction, so that bad input is refused before a guest account is made, and
  // again under the product's lock below, where the hold is decided.
  const priced = await priceWithSlot(db, product, input)
  if (input.holders && (product.kind !== 'event' || input.holders.length !== priced.quantity))
    throw new AppError(400, CHECKOUT.oneNamePerTicket, {
      fields: {
        holders:
          product.kind === 'event'
            ? { ...CHECKOUT_FIELD.namesPerTicket, params: { quantity: priced.quantity } }
            : CHECKOUT_FIELD.onlyTicketsNamed,
      },
    })
  const lang = requester.lang ?? 'en'
  const applied = await discountFor(db, product, priced, input.code, {
    buyerId: caller?.id ?? null,
    lang,
    tries: codeTryChecks(requester, caller),
  })
  const discount = applied?.amount ?? 0
  const offer = input.upsell ? await upsellOffer(db, product) : null
  if (input.upsell && !offer) throw offerGone()
  const extra = offer?.price.amount ?? 0
  const total: Money = { amount: priced.total - discount + extra, currency: priced.currency }
  const { method, charge } = await paymentFor(db, total, input, caller)
  const accessKey = randomBytes(24).toString('base64url')
  const id = uuidv7()
  // The fee and hold in force now go with the order: a later change of them applies to new orders only.
  const terms = await deps.terms.get()

  const row = await line.lines.join(
    product.id,
    priced.itemKey,
    async (serially) => {
      // Sold out already: said without a transaction or the product's lock, as the crowd after the last
      // ticket hears it. Read without the lock the count may be a moment old, which is as true an answer
      // for a checkout under way then; a checkout it lets on is decided by the count under the lock.
      if (priced.capacity !== null && product.kind !== 'service')
        assertLeft(product.kind, priced, await heldOf(db, product.id, priced.itemKey))
      return serially(() =>
        db.transaction(async (tx) => {
          // The buyer first: another instance's checkouts of this product wait only for what needs the lock.
          const buyer = await buyerFor(tx, caller, input.email ?? '')
          // The product's row lock serialises checkouts of one product: the count below cannot go stale. With
          // an offer taken, both products are locked, in the order of their ids.
          if (offer) await lockProducts(tx, [product.id, offer.product.id])
          const locked = await productOnSale(tx, product.id, { lock: !offer })
          const offerNow = offer ? await upsellOffer(tx, locked) : null
          if (offer && (offerNow?.product.id !== offer.product.id || offerNow.price.amount !== extra))
            throw offerGone()
          const now = await priceWithSlot(tx, locked, input)
          if (now.total !== priced.total)
            throw new AppError(409, CHECKOUT.priceChanged, {
              fields: { productId: CHECKOUT_FIELD.priceChanged },
            })
          // The code's row lock after the product's (always in this order): its uses counted one order at a time.
          const code = await discountFor(tx, locked, now, input.code, { buyerId: buyer.id, lang, lock: true })
          if ((code?.amount ?? 0) !== discount)
            throw new AppError(409, CHECKOUT.priceChanged, {
              fields: { productId: CHECKOUT_FIELD.priceChanged },
            })
          const holds = now.capacity === null ? null : await holdsOf(tx, locked.id, now.itemKey, buyer.id)
          if (holds) assertBuyerMayHold(limits, holds, now.quantity)
          if (holds) assertLeft(locked.kind, now, holds.held)
          // Counted in this transaction: a checkout refused above (or rolled back) sends no prompt and counts none.
          if (method === 'mpesa' && input.phone) await countPrompt(tx, limits, input.phone)
          const inserted = await insertOrder(tx, {
            id,
            buyerId: buyer.id,
            buyerEmail: buyer.email,
            guest: buyer.guest,
            sellerId: locked.sellerId,
            productId: locked.id,
            kind: locked.kind,
            status: 'pending',
            item: {
              ...now.item,
              label: now.label,
              timeZone: input.timeZone ?? null,
              ...(input.holders ? { holders: input.holders } : {}),
            },
            itemKey: now.itemKey,
            quantity: now.quantity,
            subtotal: now.subtotal + extra,
            shippingFee: now.shipping,
            total: now.total - discount + extra,
            currency: now.currency,
            discount,
            discountCode: code?.code ?? null,
            discountCodeId: code?.codeId ?? null,
            textMe: method === 'mpesa' && input.textMe === true,
            recoveredFrom: await recoveredFrom(tx, input.recovery, locked.id),
            method,
            chargeAmount: charge.amount.amount,
            chargeCurrency: charge.amount.currency,
            rate: charge.rate === null ? null : String(charge.rate),
            terms: saleTermsOf(terms, now.currency),
            delivery: now.delivery,
            accessKeyHash: hashKey(accessKey),
            language: requester.lang ?? 'en',
            expiresAt: new Date(clock.ms() + ORDER_HOLD_MINUTES * 60_000),
          })
          // The product bought, with its shipping and code; then the offer, if taken.
          const main: OrderLineRow = {
            ...onlyLine(inserted),
            subtotal: now.subtotal,
            total: now.total - discount,
          }
          await insertLines(tx, offerNow ? [main, offerLine(id, offerNow, input.timeZone ?? null)] : [main])
          return inserted
        }),
      )
    },
    line.signal,
  )

  return startPlaced(deps, row, accessKey, input.phone ?? null, product.title)
}

/** An M-Pesa prompt to a phone, counted against the phone's limits in the order's transaction. */
export async function countPrompt(
  tx: Tx,
  limits: CheckoutServices['config']['checkoutLimits'],
  phone: string,
) {
  await enforceRateLimit(
    tx,
    limits.promptsPerPhone.map((limit) => ({
      key: `mpesaPrompt:phone:${phone}:${limit.windowSeconds}`,
      limit,
      refusal: LIMITS.mpesaPrompts,
      field: 'phone',
    })),
  )
}

type NewOrder = Omit<typeof orders.$inferInsert, 'reference'>

/**
 * Inserts a placed order under a new reference, in the caller's transaction. A reference collision (one in
 * 10^12) gets a fresh reference: skipped, not caught, since on PostgreSQL an error inside a transaction
 * aborts it, so a retry after catching one could never succeed.
 */
export async function insertOrder(tx: Tx, values: NewOrder): Promise<OrderRow> {
  for (let attempt = 0; ; attempt++) {
    const [inserted] = await tx
      .insert(orders)
      .values({ ...values, reference: newReference() })
      .onConflictDoNothing({ target: orders.reference })
      .returning()
    if (inserted) return inserted
    if (attempt > 2) throw new Error('could not give the order a reference')
  }
}

/**
 * After an order is placed: a free one is settled at once; otherwise its payment is started, and if the
 * provider refuses, the order fails at once and releases what it held.
 */
export async function startPlaced(
  deps: CheckoutServices,
  row: OrderRow,
  accessKey: string,
  phone: string | null,
  title: string,
) {
  const { db } = deps
  const method = row.method
  if (method === 'free') {
    await settle(deps, {
      orderId: row.id,
      eventKey: `free:${row.id}`,
      provider: 'free',
      outcome: {
        kind: 'paid',
        amount: { amount: row.total, currency: row.currency },
        receipt: null,
        details: {},
      },
    })
    return {
      orderId: row.id,
      accessKey,
      order: await orderView(deps, row.id),
      next: { kind: 'done' as const },
    }
  }
  try {
    const next = await startPayment(deps, row, phone, title)
    return { orderId: row.id, accessKey, order: await orderView(deps, row.id), next }
  } catch (error) {
    // The provider refused: the order fails at once and releases what it held.
    const message = error instanceof PaymentProviderError ? error.message : PAYMENTS.notStarted.message
    await db
      .update(orders)
      .set({ status: 'failed', failure: { code: 'start', message }, updatedAt: clock.now() })
      .where(and(eq(orders.id, row.id), eq(orders.status, 'pending')))
    if (error instanceof PaymentProviderError) {
      deps.log.warn('payment not started', {
        orderId: row.id,
        method,
        detail: error.detail,
        code: error.code,
      })
      const said = providerMessage(error.message)
      const field = method === 'mpesa' && /phone/i.test(error.message) ? { phone: said } : undefined
      throw new AppError(field ? 400 : 502, said, {
        ...(said.params ? { params: said.params } : {}),
        ...(field ? { fields: field } : {}),
      })
    }
    throw error
  }
}
