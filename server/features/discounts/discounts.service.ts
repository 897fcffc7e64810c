import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { CurrencyCode } from '../../../contract/currencies'
import { MAX_DISCOUNT_CODES } from '../../../contract/discounts.constants'
import type { DiscountCodeView, newDiscountCode } from '../../../contract/discounts.contract'
import { DISCOUNTS } from '../../../contract/errors/discounts'
import { formatMoney } from '../../../contract/format-money'
import type { Lang } from '../../../contract/i18n'
import type { Money } from '../../../contract/money'
import type { Db, DbOrTx } from '../../db/client'
import { discountCodes, orders, products, users } from '../../db/schema'
import { clock } from '../../lib/clock'
import { AppError, isUniqueViolation } from '../../lib/errors'
import { uuidv7 } from '../../lib/uuid'
import { dayTimeText } from '../../lib/when'

export type DiscountRow = typeof discountCodes.$inferSelect

/** Orders that use a code: placed and not dropped (a failed, cancelled or expired checkout gives it back). */
const USING = ['pending', 'paid', 'refunding', 'refunded'] as const

const moneyList = (map: Partial<Record<CurrencyCode, number>> | null): Money[] =>
  Object.entries(map ?? {}).map(([currency, amount]) => ({
    amount: amount ?? 0,
    currency: currency as CurrencyCode,
  }))

const moneyMap = (list: Money[] | undefined) =>
  list?.length
    ? (Object.fromEntries(list.map((m) => [m.currency, m.amount])) as Partial<Record<CurrencyCode, number>>)
    : null

function view(row: DiscountRow, uses: number, paid: Money[]): DiscountCodeView {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percentBps: row.percentBps,
    amounts: moneyList(row.amounts),
    productIds: row.productIds,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxPerBuyer: row.maxPerBuyer,
    minimums: moneyList(row.minimums),
    paused: row.paused,
    uses,
    paid,
    createdAt: row.createdAt.toISOString(),
  }
}

/** A seller's codes, newest first, each with its uses and what paid orders with it came to. */
export async function listCodes(db: Db, sellerId: string): Promise<DiscountCodeView[]> {
  const rows = await db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.sellerId, sellerId))
    .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id))
  if (rows.length === 0) return []
  const tallies = await db
    .select({
      codeId: orders.discountCodeId,
      status: orders.status,
      currency: orders.currency,
      n: count(),
      total: sql<string>`sum(${orders.total})`,
    })
    .from(orders)
    .where(
      and(
        isNotNull(orders.discountCodeId),
        inArray(
          orders.discountCodeId,
          rows.map((r) => r.id),
        ),
        inArray(orders.status, [...USING]),
      ),
    )
    .groupBy(orders.discountCodeId, orders.status, orders.currency)
  return rows.map((row) => {
    const mine = tallies.filter((t) => t.codeId === row.id)
    const paid = new Map<CurrencyCode, number>()
    for (const t of mine.filter((t) => t.status === 'paid'))
      paid.set(t.currency, (paid.get(t.currency) ?? 0) + Number(t.total))
    return view(
      row,
      mine.reduce((n, t) => n + t.n, 0),
      [...paid].map(([currency, amount]) => ({ amount, currency })),
    )
  })
}

/** Makes a code. The seller's row is locked while their codes are counted; a name they use already is refused. */
export async function createCode(
  db: Db,
  sellerId: string,
  input: z.output<typeof newDiscountCode>,
): Promise<DiscountCodeView> {
  const productIds = input.productIds?.length ? [...new Set(input.productIds)] : null
  const made = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, sellerId)).for('update')
    const [mine] = await tx
      .select({ n: count() })
      .from(discountCodes)
      .where(eq(discountCodes.sellerId, sellerId))
    if ((mine?.n ?? 0) >= MAX_DISCOUNT_CODES)
      throw new AppError(409, DISCOUNTS.tooManyCodes, { params: { max: MAX_DISCOUNT_CODES } })
    if (productIds) {
      const own = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.sellerId, sellerId), inArray(products.id, productIds)))
      if (own.length !== productIds.length)
        throw new AppError(404, DISCOUNTS.notForProduct, {
          params: { code: input.code },
          fields: { productIds: { ...DISCOUNTS.notForProduct, params: { code: input.code } } },
        })
    }
    const [taken] = await tx
      .select({ id: discountCodes.id })
      .from(discountCodes)
      .where(
        and(eq(discountCodes.sellerId, sellerId), sql`lower(${discountCodes.code}) = lower(${input.code})`),
      )
    if (taken) throw takenError(input.code)
    try {
      const [row] = await tx
        .insert(discountCodes)
        .values({
          id: uuidv7(),
          sellerId,
          code: input.code,
          kind: input.kind,
          percentBps: input.kind === 'percent' ? (input.percentBps ?? null) : null,
          amounts: input.kind === 'amount' ? moneyMap(input.amounts) : null,
          productIds,
          startsAt: input.startsAt ? new Date(input.startsAt) : null,
          endsAt: input.endsAt ? new Date(input.endsAt) : null,
          maxUses: input.maxUses ?? null,
          maxPerBuyer: input.maxPerBuyer ?? null,
          minimums: moneyMap(input.minimums),
        })
        .returning()
      if (!row) throw new Error('insert returned no row')
      return row
    } catch (error) {
      if (isUniqueViolation(error)) throw takenError(input.code)
      throw error
    }
  })
  return view(made, 0, [])
}

const takenError = (code: string) =>
  new AppError(409, DISCOUNTS.taken, {
    params: { code },
    fields: { code: { ...DISCOUNTS.taken, params: { code } } },
  })

export async function pauseCode(db: Db, sellerId: string, codeId: string, paused: boolean) {
  const [row] = await db
    .update(discountCodes)
    .set({ paused, updatedAt: clock.now() })
    .where(and(eq(discountCodes.id, codeId), eq(discountCodes.sellerId, sellerId)))
    .returning()
  if (!row) throw new AppError(404, DISCOUNTS.noSuchCode)
  const [listed] = (await listCodes(db, sellerId)).filter((c) => c.id === row.id)
  return listed ?? view(row, 0, [])
}

/** What a code takes off an order, and the code that does it. */
export interface AppliedDiscount {
  codeId: string
  code: string
  /** Minor units of the order's currency taken off the subtotal. */
  amount: number
}

/**
 * The discount a code gives an order of a product, or an error under the `code` field saying why it does
 * not apply. `lock` (inside the order's transaction) takes the code's row lock before its uses are
 * counted, so orders placed at once on any number of instances are counted one at a time and never pass
 * a limit. `floor` is the least the subtotal may come to (a pay-what-you-want minimum).
 */
export async function applyCode(
  db: DbOrTx,
  opts: {
    sellerId: string
    productId: string
    code: string
    subtotal: number
    currency: CurrencyCode
    floor: number
    buyerId: string | null
    lang: Lang
    timeZone: string
    lock?: boolean
  },
): Promise<AppliedDiscount> {
  const code = opts.code.trim()
  // Said as the seller wrote it once it is found; as typed while it is not.
  let name = code
  const refuse = (message: { id: string; message: string }, params: Record<string, string | number> = {}) =>
    new AppError(400, message, {
      params: { code: name, ...params },
      fields: { code: { ...message, params: { code: name, ...params } } },
    })
  const query = db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.sellerId, opts.sellerId), sql`lower(${discountCodes.code}) = lower(${code})`))
  const [row] = opts.lock ? await query.for('update') : await query
  if (!row) throw refuse(DISCOUNTS.unknown)
  name = row.code
  const now = clock.ms()
  const when = (at: Date) => dayTimeText(at.toISOString(), opts.timeZone, opts.lang)
  if (row.paused) throw refuse(DISCOUNTS.paused)
  if (row.startsAt && row.startsAt.getTime() > now)
    throw refuse(DISCOUNTS.notStarted, { when: when(row.startsAt) })
  if (row.endsAt && row.endsAt.getTime() <= now) throw refuse(DISCOUNTS.ended, { when: when(row.endsAt) })
  if (row.productIds && !row.productIds.includes(opts.productId)) throw refuse(DISCOUNTS.notForProduct)
  const money = (amount: number) => formatMoney(amount, opts.currency, opts.lang === 'sw' ? 'sw-KE' : 'en-KE')
  let amount: number
  if (row.kind === 'percent') amount = Math.floor((opts.subtotal * (row.percentBps ?? 0) + 5_000) / 10_000)
  else {
    const off = row.amounts?.[opts.currency]
    if (off === undefined) throw refuse(DISCOUNTS.notInCurrency, { currency: opts.currency })
    amount = off
  }
  const least = row.minimums?.[opts.currency]
  if (least !== undefined && opts.subtotal < least) throw refuse(DISCOUNTS.minimum, { min: money(least) })
  amount = Math.min(amount, opts.subtotal)
  if (opts.subtotal - amount < opts.floor) throw refuse(DISCOUNTS.lowestPrice, { min: money(opts.floor) })
  if (row.maxUses !== null || (row.maxPerBuyer !== null && opts.buyerId)) {
    const [used] = await db
      .select({
        all: count(),
        mine: opts.buyerId
          ? sql<number>`count(*) filter (where ${orders.buyerId} = ${opts.buyerId})`
          : sql<number>`0`,
      })
      .from(orders)
      .where(and(eq(orders.discountCodeId, row.id), inArray(orders.status, [...USING])))
    if (row.maxUses !== null && (used?.all ?? 0) >= row.maxUses) throw refuse(DISCOUNTS.usedUp)
    if (row.maxPerBuyer !== null && Number(used?.mine ?? 0) >= row.maxPerBuyer)
      throw refuse(DISCOUNTS.buyerUsedUp)
  }
  return { codeId: row.id, code: row.code, amount }
}
