import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  BundleQuote,
  bundleQuoteInput,
  startBundleCheckoutInput,
} from '../../../contract/bundles.contract'
import { ORDER_HOLD_MINUTES } from '../../../contract/checkout.constants'
import type { OrderDelivery } from '../../../contract/checkout.contract'
import { BUNDLES } from '../../../contract/errors/bundles'
import type { Db, DbOrTx } from '../../db/client'
import type { OrderItem } from '../../db/columns.types'
import { bundles } from '../../db/schema'
import type { UserRow } from '../../lib/caller'
import type { CheckoutLines } from '../../lib/checkout-line'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { enforceRateLimit } from '../../lib/rate-limit'
import { uuidv7 } from '../../lib/uuid'
import { saleTermsOf } from '../../platform/terms'
import { currentRates } from '../catalog'
import {
  assertBuyerMayHold,
  buyerFor,
  type CheckoutServices,
  chargesFor,
  checkoutChecks,
  countPrompt,
  hashKey,
  holdsOf,
  insertLines,
  insertOrder,
  lockProducts,
  type OrderLineRow,
  paymentFor,
  priceSelection,
  startPlaced,
} from '../checkout'
import { type BundleRow, bundleOnSale } from './bundles.service'
import { moneyIn, partsOf, pricePart, shares, worthOf } from './parts'

/**
 * Buying a bundle: one order with a line per part, each part priced at its share of the bundle's price and
 * delivered as if bought alone (files, a named ticket, merch to ship with the order's one shipping fee).
 * Every part's product row is locked in the order of their ids, so checkouts of bundles that share products
 * never deadlock; a part off sale or short of stock refuses the whole order, naming the part.
 */

type Requester = Parameters<typeof checkoutChecks>[1]
type Delivery = z.output<typeof bundleQuoteInput>['delivery']

interface Planned {
  /** The lines without their order: the event's first (the order's own product), then the seller's order. */
  lines: (Omit<OrderLineRow, 'orderId' | 'position' | 'refundId' | 'refundedAt'> & {
    capacity: number | null
    part: number
  })[]
  shipping: number
  delivery: OrderDelivery | null
  /** Events in the bundle (one at most): they take one name each. */
  events: string[]
}

const refuse = (message: typeof BUNDLES.partOffSale, title: string) =>
  new AppError(409, message, { params: { title }, fields: { bundleId: { ...message, params: { title } } } })

/** The bundle's lines as they would be bought now, or why it cannot be bought. */
async function plan(
  db: DbOrTx,
  bundle: BundleRow,
  delivery: Delivery,
  timeZone: string | null,
): Promise<Planned> {
  const parts = (await partsOf(db, [bundle.id])).get(bundle.id) ?? []
  const priced = parts.map((part) => pricePart(part))
  for (const [i, one] of priced.entries()) {
    const title = parts[i]?.row.title ?? ''
    if (one?.part.row.status !== 'published' || one.part.row.sellerId !== bundle.sellerId)
      throw refuse(BUNDLES.partOffSale, title)
    if (one.closed) throw refuse(BUNDLES.partClosed, title)
    if (one.part.row.priceCurrency !== bundle.priceCurrency) throw refuse(BUNDLES.partCurrency, title)
  }
  const ready = priced.filter((one) => one !== null)
  if (ready.length < 2 || worthOf(ready) <= bundle.priceAmount)
    throw new AppError(409, BUNDLES.partsCheaper, { fields: { bundleId: BUNDLES.partsCheaper } })
  const split = shares(
    bundle.priceAmount,
    ready.map((one) => one.price),
  )
  let shipping = 0
  let orderDelivery: OrderDelivery | null = null
  const lines: Planned['lines'] = []
  for (const [i, one] of ready.entries()) {
    const row = one.part.row
    const share = split[i] ?? 0
    let item: Omit<OrderItem, 'label' | 'timeZone'> = { title: row.title, unitPrice: share }
    if (one.kind !== 'digital') {
      const selection =
        one.kind === 'merch' ? { variantId: one.part.itemKey } : { ticketTypeId: one.part.itemKey }
      const alone = priceSelection(row, { quantity: 1, ...selection, ...(delivery ? { delivery } : {}) })
      item = { ...alone.item, unitPrice: share }
      if (one.kind === 'merch' && !orderDelivery) {
        // One shipping fee for the order: the dearest zone fee among its merch, on the first merch line.
        orderDelivery = alone.delivery
      }
      if (one.kind === 'merch') shipping = Math.max(shipping, alone.shipping)
    }
    lines.push({
      productId: row.id,
      kind: one.kind,
      item: {
        ...item,
        label: one.label,
        timeZone,
        bundle: { id: bundle.id, title: bundle.title, listPrice: one.price },
      },
      itemKey: one.part.itemKey,
      quantity: 1,
      unitPrice: share,
      subtotal: share,
      shippingFee: 0,
      discount: 0,
      total: share,
      capacity: one.capacity,
      part: one.part.position,
    })
  }
  const firstMerch = lines.find((line) => line.kind === 'merch')
  if (firstMerch) {
    firstMerch.shippingFee = shipping
    firstMerch.total += shipping
  }
  // The event's line first: the order's own product is the event, as its tickets, reminders and door read it.
  lines.sort((a, b) => Number(b.kind === 'event') - Number(a.kind === 'event'))
  const events = lines.filter((line) => line.kind === 'event').map((line) => line.item.title)
  return { lines, shipping, delivery: orderDelivery, events }
}

export async function quoteBundle(db: Db, input: z.output<typeof bundleQuoteInput>): Promise<BundleQuote> {
  const bundle = await bundleOnSale(db, input.bundleId)
  const planned = await plan(db, bundle, input.delivery, null)
  const m = moneyIn(bundle.priceCurrency)
  const total = m(bundle.priceAmount + planned.shipping)
  return {
    subtotal: m(bundle.priceAmount),
    shipping: m(planned.shipping),
    total,
    charges: chargesFor(total, await currentRates(db)),
    // In the seller's order of the parts, as the bundle's page lists them.
    lines: [...planned.lines]
      .sort((a, b) => a.part - b.part)
      .map((line) => ({
        title: line.item.title,
        label: line.item.label,
        price: m(line.unitPrice),
        listPrice: m(line.item.bundle?.listPrice ?? line.unitPrice),
      })),
  }
}

/** The names on the tickets: one for the bundle's event, or none given (the buyer's then). */
function namesFor(planned: Planned, holders: string[] | undefined) {
  if (!holders) return
  const [event] = planned.events
  if (holders.length !== planned.events.length)
    throw new AppError(400, BUNDLES.namesPerTicket, {
      params: { title: event ?? '' },
      fields: { holders: { ...BUNDLES.namesPerTicket, params: { title: event ?? '' } } },
    })
  for (const line of planned.lines) if (line.kind === 'event') line.item = { ...line.item, holders }
}

export async function startBundleCheckout(
  deps: CheckoutServices,
  input: z.output<typeof startBundleCheckoutInput>,
  caller: UserRow | null,
  requester: Requester,
  line: { lines: CheckoutLines; signal?: AbortSignal },
) {
  const { db } = deps
  const limits = deps.config.checkoutLimits
  await enforceRateLimit(db, checkoutChecks(limits, requester, caller, input.email))
  const bundle = await bundleOnSale(db, input.bundleId)
  if (caller && bundle.sellerId === caller.id)
    throw new AppError(400, BUNDLES.ownBundle, { fields: { bundleId: BUNDLES.ownBundle } })
  const timeZone = input.timeZone ?? null
  // Planned once before the transaction, so that bad input is refused before a guest account is made, and
  // again under the parts' locks, where the holds are decided.
  const before = await plan(db, bundle, input.delivery, timeZone)
  namesFor(before, input.holders)
  const m = moneyIn(bundle.priceCurrency)
  const total = m(bundle.priceAmount + before.shipping)
  const { method, charge } = await paymentFor(db, total, input, caller)
  const accessKey = randomBytes(24).toString('base64url')
  const id = uuidv7()
  const terms = await deps.terms.get()

  const row = await line.lines.join(
    `bundle:${bundle.id}`,
    '',
    (serially) =>
      serially(() =>
        db.transaction(async (tx) => {
          const buyer = await buyerFor(tx, caller, input.email ?? '')
          await lockProducts(
            tx,
            before.lines.map((l) => l.productId),
          )
          const [now] = await tx.select().from(bundles).where(eq(bundles.id, bundle.id))
          if (now?.status !== 'published')
            throw new AppError(404, BUNDLES.notOnSale, { fields: { bundleId: BUNDLES.notOnSale } })
          const planned = await plan(tx, now, input.delivery, timeZone)
          if (now.priceAmount + planned.shipping !== total.amount || now.priceCurrency !== total.currency)
            throw new AppError(409, BUNDLES.priceChanged, { fields: { bundleId: BUNDLES.priceChanged } })
          namesFor(planned, input.holders)
          // Every part's stock or seat, counted under its lock: one short, and nothing is held.
          for (const part of planned.lines) {
            if (part.capacity === null) continue
            const holds = await holdsOf(tx, part.productId, part.itemKey, buyer.id)
            assertBuyerMayHold(limits, holds, 1)
            if (part.capacity - holds.held < 1) throw refuse(BUNDLES.partSoldOut, part.item.title)
          }
          if (method === 'mpesa' && input.phone) await countPrompt(tx, limits, input.phone)
          const [first] = planned.lines
          if (!first) throw new Error('a bundle without parts')
          const inserted = await insertOrder(tx, {
            id,
            buyerId: buyer.id,
            buyerEmail: buyer.email,
            guest: buyer.guest,
            sellerId: now.sellerId,
            productId: first.productId,
            kind: first.kind,
            status: 'pending',
            item: first.item,
            itemKey: first.itemKey,
            quantity: first.quantity,
            subtotal: now.priceAmount,
            shippingFee: planned.shipping,
            total: total.amount,
            currency: total.currency,
            discount: 0,
            textMe: method === 'mpesa' && input.textMe === true,
            method,
            chargeAmount: charge.amount.amount,
            chargeCurrency: charge.amount.currency,
            rate: charge.rate === null ? null : String(charge.rate),
            terms: saleTermsOf(terms, total.currency),
            delivery: planned.delivery,
            accessKeyHash: hashKey(accessKey),
            language: requester.lang ?? 'en',
            expiresAt: new Date(clock.ms() + ORDER_HOLD_MINUTES * 60_000),
          })
          await insertLines(
            tx,
            planned.lines.map(({ capacity: _, part: __, ...rest }, position) => ({
              ...rest,
              orderId: id,
              position,
              refundId: null,
              refundedAt: null,
            })),
          )
          return inserted
        }),
      ),
    line.signal,
  )
  return startPlaced(deps, row, accessKey, input.phone ?? null, bundle.title)
}
