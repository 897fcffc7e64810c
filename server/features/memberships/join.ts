import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { MembershipDetails, Tier } from '../../../contract/catalog.contract'
import { ORDER_HOLD_MINUTES } from '../../../contract/checkout.constants'
import { MEMBERSHIPS } from '../../../contract/errors/memberships'
import type { joinMembershipInput } from '../../../contract/memberships.contract'
import type { Money } from '../../../contract/money'
import type { DbOrTx } from '../../db/client'
import { memberships, products } from '../../db/schema'
import type { UserRow } from '../../lib/caller'
import type { CheckoutLines } from '../../lib/checkout-line'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { enforceRateLimit } from '../../lib/rate-limit'
import { uuidv7 } from '../../lib/uuid'
import { saleTermsOf } from '../../platform/terms'
import { membersHeld, type ProductRow } from '../catalog'
import {
  buyerFor,
  type CheckoutServices,
  checkoutChecks,
  hashKey,
  insertLines,
  insertOrder,
  lockProducts,
  paymentFor,
  startPlaced,
} from '../checkout'
import { intervalLabel, trialLabel } from './words'

/**
 * Joining a membership: an order for the first period of a tier, at one of its prices, paid by card (the
 * card is kept for the renewals) or PayPal (a subscription, which PayPal bills each period by itself). The membership is made when that order is paid (checkout's membership-line.ts). A
 * tier with a member limit counts its members and the joins being paid for under the product's lock, so
 * ten people joining the last place at once leave one of them holding it.
 */

type Input = z.output<typeof joinMembershipInput>
type Requester = Parameters<typeof checkoutChecks>[1]

const field = (name: string, message: (typeof MEMBERSHIPS)[keyof typeof MEMBERSHIPS], params = {}) =>
  new AppError(400, message, { params, fields: { [name]: { ...message, params } } })

/** A published membership's row and details; 404 when there is none on sale. */
async function membershipOnSale(db: DbOrTx, productId: string) {
  const [row] = await db.select().from(products).where(eq(products.id, productId))
  if (row?.status !== 'published')
    throw new AppError(404, MEMBERSHIPS.notOnSale, { fields: { productId: MEMBERSHIPS.notOnSale } })
  if (row.kind !== 'membership')
    throw new AppError(400, MEMBERSHIPS.notMembership, { fields: { productId: MEMBERSHIPS.notMembership } })
  return { row, details: row.details as MembershipDetails }
}

/** The tier and price chosen, or the field to fix. */
function chosen(details: MembershipDetails, input: Input): { tier: Tier; price: Money } {
  const tier = details.tiers.find((t) => t.id === input.tierId)
  if (!tier) throw field('tierId', MEMBERSHIPS.noSuchTier)
  const price = tier.prices.find((p) => p.interval === input.interval && p.price.currency === input.currency)
  if (!price)
    throw field(
      'currency',
      input.interval === 'month' ? MEMBERSHIPS.noMonthlyPrice : MEMBERSHIPS.noYearlyPrice,
      { currency: input.currency },
    )
  return { tier, price: price.price }
}

export async function joinMembership(
  deps: CheckoutServices,
  input: Input,
  caller: UserRow | null,
  requester: Requester,
  line: { lines: CheckoutLines; signal?: AbortSignal },
) {
  const { db } = deps
  await enforceRateLimit(db, checkoutChecks(deps.config.checkoutLimits, requester, caller, input.email))
  const before = await membershipOnSale(db, input.productId)
  if (caller && before.row.sellerId === caller.id)
    throw new AppError(400, MEMBERSHIPS.ownMembership, { fields: { productId: MEMBERSHIPS.ownMembership } })
  // Renewals are charged to a saved card, or taken by a PayPal subscription; M-Pesa cannot do either yet.
  const payWith = input.method ?? 'card'
  if (payWith !== 'card' && payWith !== 'paypal') throw field('method', MEMBERSHIPS.cardOnly)
  const { tier, price } = chosen(before.details, input)
  const { method, charge } = await paymentFor(db, price, { ...input, method: payWith }, caller)
  const accessKey = randomBytes(24).toString('base64url')
  const id = uuidv7()
  const terms = await deps.terms.get()
  const lang = requester.lang ?? 'en'
  const periodLabel = `${tier.name} · ${intervalLabel(input.interval, lang)}`
  // A tier's free trial, once per person and membership: nothing is taken now; the card is saved, or the
  // PayPal subscription approved, for the first period at the trial's end.
  const trialDays = tier.trialDays ?? null

  const row = await line.lines.join(
    `membership:${input.productId}`,
    '',
    (serially) =>
      serially(() =>
        db.transaction(async (tx) => {
          const buyer = await buyerFor(tx, caller, input.email ?? '')
          await lockProducts(tx, [input.productId])
          const now = await membershipOnSale(tx, input.productId)
          const again = chosen(now.details, input)
          if (again.price.amount !== price.amount) throw field('tierId', MEMBERSHIPS.noSuchTier)
          const earlier = await refuseSecondMembership(tx, now.row, buyer.id)
          const trial =
            trialDays !== null && again.tier.trialDays === trialDays && !earlier
              ? { days: trialDays, amount: price.amount, chargeAmount: charge.amount.amount }
              : null
          const label = trial ? `${periodLabel} · ${trialLabel(trial.days, lang)}` : periodLabel
          const total = trial ? 0 : price.amount
          if (again.tier.memberLimit !== null) {
            const taken = (await membersHeld(tx, now.row.id)).get(again.tier.id) ?? 0
            if (taken >= again.tier.memberLimit)
              throw new AppError(409, MEMBERSHIPS.tierFull, {
                params: { tier: again.tier.name },
                fields: { tierId: { ...MEMBERSHIPS.tierFull, params: { tier: again.tier.name } } },
              })
          }
          const item = {
            title: now.row.title,
            unitPrice: total,
            label,
            timeZone: input.timeZone ?? null,
            membership: {
              tierId: tier.id,
              tier: tier.name,
              interval: input.interval,
              ...(trial ? { trial } : {}),
            },
          }
          const inserted = await insertOrder(tx, {
            id,
            buyerId: buyer.id,
            buyerEmail: buyer.email,
            guest: buyer.guest,
            sellerId: now.row.sellerId,
            productId: now.row.id,
            kind: 'membership',
            status: 'pending',
            item,
            // The tier's place is held while the first payment is made (membersHeld counts it).
            itemKey: tier.id,
            quantity: 1,
            subtotal: total,
            shippingFee: 0,
            total,
            currency: price.currency,
            discount: 0,
            textMe: false,
            method,
            chargeAmount: trial ? 0 : charge.amount.amount,
            chargeCurrency: charge.amount.currency,
            rate: charge.rate === null ? null : String(charge.rate),
            terms: saleTermsOf(terms, price.currency),
            delivery: null,
            accessKeyHash: hashKey(accessKey),
            language: requester.lang ?? 'en',
            expiresAt: new Date(clock.ms() + ORDER_HOLD_MINUTES * 60_000),
          })
          await insertLines(tx, [
            {
              orderId: id,
              position: 0,
              productId: now.row.id,
              kind: 'membership',
              item,
              itemKey: tier.id,
              quantity: 1,
              unitPrice: total,
              subtotal: total,
              shippingFee: 0,
              discount: 0,
              total,
              refundId: null,
              refundedAt: null,
            },
          ])
          return inserted
        }),
      ),
    line.signal,
  )
  return startPlaced(deps, row, accessKey, null, `${before.row.title} — ${row.item.label ?? periodLabel}`)
}

/**
 * One membership of a product at a time: a member changes or cancels the one they have. Answers whether
 * the buyer was ever a member of it (a free trial is for newcomers).
 */
async function refuseSecondMembership(tx: DbOrTx, product: ProductRow, buyerId: string): Promise<boolean> {
  const rows = await tx
    .select({ status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.productId, product.id), eq(memberships.memberId, buyerId)))
  if (rows.some((row) => row.status !== 'ended'))
    throw new AppError(409, MEMBERSHIPS.alreadyMember, { fields: { productId: MEMBERSHIPS.alreadyMember } })
  return rows.length > 0
}
