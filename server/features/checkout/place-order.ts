import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { ORDER_HOLD_MINUTES, type PaymentMethod } from '../../../contract/checkout.constants'
import { CHECKOUT, CHECKOUT_FIELD } from '../../../contract/errors/checkout'
import { LIMITS } from '../../../contract/errors/limits'
import { PAYMENTS } from '../../../contract/errors/payments'
import type { Money } from '../../../contract/money'
import { MPESA_PHONE } from '../../../contract/phone'
import type { Db, DbOrTx, Tx } from '../../db/client'
import { orderLines, orders, products, users } from '../../db/schema'
import type { Config } from '../../env'
import type { UserRow } from '../../lib/caller'
import { type CheckoutLines, SoldOutError } from '../../lib/checkout-line'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { enforceRateLimit } from '../../lib/rate-limit'
import { uuidv7 } from '../../lib/uuid'
import { PaymentProviderError, providerMessage } from '../../payments/payments'
import { saleTermsOf } from '../../platform/terms'
import { byKind, currentRates, onSale, type ProductRow } from '../catalog'
import { checkoutChecks, codeTryChecks, type Requester } from './checkout-limits'
import { type CheckoutServices, hashKey } from './deps'
import { discountFor } from './order-discount'
import { insertLines, lineHolds, onlyLine } from './order-lines'
import { heldQuantity, newReference, takenSlots } from './orders'
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
  input: Selection & { productId: string; code?: string | undefined },
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
  const total: Money = { amount: priced.total - (applied?.amount ?? 0), currency: priced.currency }
  return {
    subtotal: { amount: priced.subtotal, currency: priced.currency },
    shipping: { amount: priced.shipping, currency: priced.currency },
    discount: applied
      ? { code: applied.code, amount: { amount: applied.amount, currency: priced.currency } }
      : null,
    total,
    charges: total.amount === 0 ? [] : chargesFor(total, rates),
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
  const total: Money = { amount: priced.total - discount, currency: priced.currency }
  const free = total.amount === 0
  const method = free ? 'free' : input.method
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
          // The product's row lock serialises checkouts of one product: the count below cannot go stale.
          const locked = await productOnSale(tx, product.id, { lock: true })
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
          if (method === 'mpesa' && input.phone)
            await enforceRateLimit(
              tx,
              limits.promptsPerPhone.map((limit) => ({
                key: `mpesaPrompt:phone:${input.phone}:${limit.windowSeconds}`,
                limit,
                refusal: LIMITS.mpesaPrompts,
                field: 'phone',
              })),
            )
          // A reference collision (one in 10^12) gets a fresh reference. Skipped, not caught: on PostgreSQL an
          // error inside a transaction aborts it, so a retry after catching one could never succeed.
          for (let attempt = 0; ; attempt++) {
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
                item: {
                  ...now.item,
                  label: now.label,
                  timeZone: input.timeZone ?? null,
                  ...(input.holders ? { holders: input.holders } : {}),
                },
                itemKey: now.itemKey,
                quantity: now.quantity,
                subtotal: now.subtotal,
                shippingFee: now.shipping,
                total: now.total - discount,
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
              .onConflictDoNothing({ target: orders.reference })
              .returning()
            if (inserted) {
              await insertLines(tx, [onlyLine(inserted)])
              return inserted
            }
            if (attempt > 2) throw new Error('could not give the order a reference')
          }
        }),
      )
    },
    line.signal,
  )

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

/**
 * One buyer may hold only so many units of a product in orders not yet paid, so that nobody can take an
 * event's seats or a shop's stock off sale by starting checkouts they never pay. Counted under the
 * product's row lock (`holdsOf`), so the count cannot go stale.
 */
function assertBuyerMayHold(limits: Config['checkoutLimits'], holds: Holds, quantity: number) {
  const most = limits.unitsHeldPerBuyer
  if (quantity > most)
    throw new AppError(400, CHECKOUT.atMostAtOnce, {
      params: { most },
      fields: { quantity: { ...CHECKOUT_FIELD.atMostAtOnce, params: { most } } },
    })
  const units = holds.buyerUnits
  if (units + quantity <= most) return
  const retryAfter = Math.max(1, Math.ceil((Date.parse(holds.buyerUntil ?? '') - clock.ms()) / 1000) || 1)
  const minutes = retryAfter >= 90
  throw new AppError(429, minutes ? CHECKOUT.heldWaitMinutes : CHECKOUT.heldWaitSeconds, {
    params: { units, most, ...(minutes ? { minutes: Math.ceil(retryAfter / 60) } : { seconds: retryAfter }) },
    fields: {
      quantity:
        units < most
          ? { ...CHECKOUT_FIELD.moreWhileUnpaid, params: { more: most - units } }
          : CHECKOUT_FIELD.payUnpaidFirst,
    },
    retryAfter,
  })
}

/**
 * Refuses a quantity more than is left of an item: "Sold out" when none is (which the checkout line tells
 * everyone waiting for the item), else how many are left.
 */
function assertLeft(kind: ProductRow['kind'], priced: Priced, held: number) {
  if (priced.capacity === null || kind === 'service') return
  const left = priced.capacity - held
  if (left >= priced.quantity) return
  const field = kind === 'merch' ? 'variantId' : 'ticketTypeId'
  if (left <= 0) throw new SoldOutError(field, priced.itemKey)
  throw new AppError(409, CHECKOUT.onlyLeft, {
    params: { left },
    fields: { [priced.quantity > 1 ? 'quantity' : field]: { ...CHECKOUT_FIELD.onlyLeft, params: { left } } },
  })
}

/** Units of an item held by orders waiting for payment, paid or being refunded (no lock: see startCheckout). */
function heldOf(db: DbOrTx, productId: string, itemKey: string): Promise<number> {
  return heldQuantity(db, productId, itemKey)
}

interface Holds {
  /** Units of this item held by orders waiting for payment, paid or being refunded. */
  held: number
  /** Units of this product the buyer has in orders waiting for payment, and when the first lapses. */
  buyerUnits: number
  buyerUntil: string | null
}

/**
 * What holds a product's stock, for the item and for the buyer, in one read of the orders' lines (under the
 * product's lock).
 */
async function holdsOf(tx: Tx, productId: string, itemKey: string, buyerId: string): Promise<Holds> {
  const holding = lineHolds()
  const mine = sql`${orders.buyerId} = ${buyerId} and ${orders.status} = 'pending'`
  const [row] = await tx
    .select({
      held: sql<string>`coalesce(sum(${orderLines.quantity}) filter (where ${orderLines.itemKey} = ${itemKey} and ${holding}), 0)::text`,
      buyerUnits: sql<string>`coalesce(sum(${orderLines.quantity}) filter (where ${mine}), 0)::text`,
      buyerUntil: sql<
        string | null
      >`to_char(min(${orders.expiresAt}) filter (where ${mine}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orderLines.productId, productId))
  return {
    held: Number(row?.held ?? 0),
    buyerUnits: Number(row?.buyerUnits ?? 0),
    buyerUntil: row?.buyerUntil ?? null,
  }
}
