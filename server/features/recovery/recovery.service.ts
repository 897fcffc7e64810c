import { randomBytes } from 'node:crypto'
import { and, asc, eq, gt, inArray, lte, ne, notExists, sql } from 'drizzle-orm'
import { RECOVERY_DELAYS_MINUTES } from '../../../contract/discounts.constants'
import type { DbOrTx } from '../../db/client'
import {
  checkoutReminders,
  orders,
  products,
  recoveryLinks,
  recoveryOptOuts,
  smsOptOuts,
  users,
} from '../../db/schema'
import { postTransaction } from '../../ledger/ledger'
import type { AppServices } from '../../services'
import { hashToken } from '../../sms/sms.routes'
import { recoverySms } from '../../sms/templates'
import { onSale, soldOutNow } from '../catalog'
import { type OrderRow, payerPhone } from '../checkout'
import { resolveUserSettings } from '../settings'
import { reminderMail } from './recovery.mail'

/**
 * Recovering checkouts: a buyer who left a checkout unpaid (the M-Pesa prompt unanswered or cancelled, the
 * card or PayPal page left) is reminded an hour later and a day later, by e-mail, and the first time by SMS
 * too when they ticked "Text me". A sweep every minute finds the checkouts due; a reminder row claims each
 * (checkout, step) once across instances before anything is sent.
 */

export type RecoveryServices = Pick<AppServices, 'db' | 'config' | 'log' | 'mailer' | 'sms' | 'terms'>

/** How often the sweep looks for checkouts due a reminder. */
export const RECOVERY_SWEEP_MS = 60_000
/** Reminders of one step taken in one sweep at most; the rest wait for the next minute. */
const BATCH = 50
const MINUTE_MS = 60_000

/** Each step's delay after the checkout, and how late it may still go (until the next step is due). */
const STEPS = RECOVERY_DELAYS_MINUTES.map((minutes, index) => ({
  step: index + 1,
  delayMs: minutes * MINUTE_MS,
  lateMs: ((RECOVERY_DELAYS_MINUTES[index + 1] ?? minutes * 3) - minutes) * MINUTE_MS,
}))

/** Statuses of a checkout that ended without the money: only these are reminded of. */
const LEFT_UNPAID = ['failed', 'cancelled', 'expired'] as const

/** A reminder link's token: 12 random bytes, 16 URL-safe characters. */
const newToken = () => randomBytes(12).toString('base64url')

/** Sends the reminders due at `now`; answers how many checkouts it looked at. */
export async function sendDueCheckoutReminders(deps: RecoveryServices, now: Date): Promise<number> {
  let seen = 0
  for (const { step, delayMs, lateMs } of STEPS) {
    const dueBy = new Date(now.getTime() - delayMs)
    const due = await deps.db
      .select()
      .from(orders)
      .where(
        and(
          inArray(orders.status, [...LEFT_UNPAID]),
          ne(orders.method, 'free'),
          // A membership's payments have their own reminders: a failed renewal mails its member to pay now.
          ne(orders.kind, 'membership'),
          lte(orders.createdAt, dueBy),
          gt(orders.createdAt, new Date(dueBy.getTime() - lateMs)),
          notExists(
            deps.db
              .select({ one: sql`1` })
              .from(checkoutReminders)
              .where(and(eq(checkoutReminders.orderId, orders.id), eq(checkoutReminders.step, step))),
          ),
        ),
      )
      .orderBy(asc(orders.createdAt))
      .limit(BATCH)
    for (const order of due) {
      seen++
      try {
        await remind(deps, order, step)
      } catch (error) {
        // One checkout's trouble never holds back the others'; its reminder is not claimed, so it is tried again.
        deps.log.error('checkout reminder not sent', { orderId: order.id, step, error })
      }
    }
  }
  return seen
}

/** Why a checkout gets no reminder now, or null when it should. */
async function reasonToSkip(tx: DbOrTx, order: OrderRow): Promise<string | null> {
  const [seller] = await tx
    .select({ settings: users.settings })
    .from(users)
    .where(eq(users.id, order.sellerId))
  if (!seller || !resolveUserSettings(seller).recoverCheckouts) return 'seller turned recovery off'
  // Back since, on any rail: paid, paying, or tried again (whose own reminders then take over).
  const [since] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.buyerId, order.buyerId),
        eq(orders.productId, order.productId),
        ne(orders.id, order.id),
        sql`${orders.createdAt} >= ${order.createdAt.toISOString()}::timestamptz`,
      ),
    )
    .limit(1)
  if (since) return 'the buyer came back'
  const [product] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, order.productId), onSale))
  if (!product) return 'no longer on sale'
  if (await soldOutNow(tx, product)) return 'sold out'
  return null
}

/**
 * One checkout's reminder of one step: claimed by its row (so it goes once whatever runs the sweep), then
 * the SMS queued and charged to the seller in the same transaction, and the mail sent once it commits.
 */
async function remind(deps: RecoveryServices, order: OrderRow, step: number): Promise<void> {
  const { db, config } = deps
  const terms = await deps.terms.get()
  const sent = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(checkoutReminders)
      .values({ orderId: order.id, step, email: false, sms: false })
      .onConflictDoNothing()
      .returning()
    if (!claimed) return null
    const skip = await reasonToSkip(tx, order)
    if (skip) {
      deps.log.info('checkout reminder skipped', { orderId: order.id, step, reason: skip })
      return null
    }
    const [seller] = await tx
      .select({ settings: users.settings })
      .from(users)
      .where(eq(users.id, order.sellerId))
    const bySms = seller ? resolveUserSettings(seller).recoverBySms : false
    const [optedOut] = await tx
      .select({ email: recoveryOptOuts.email })
      .from(recoveryOptOuts)
      .where(eq(recoveryOptOuts.email, order.buyerEmail.toLowerCase()))
    const token = newToken()
    await tx.insert(recoveryLinks).values({ tokenHash: hashToken(token), orderId: order.id })
    const link = `${config.publicUrl}/r/${token}`
    const stop = `${link}/stop`
    // One SMS per checkout at most, with its first reminder, and only to a buyer who asked for it.
    const phone =
      step === 1 && order.textMe && bySms
        ? payerPhone({ method: order.method, payment: order.payment })
        : null
    let sms = false
    if (phone) {
      const queued = await deps.sms.queue(tx, {
        eventKey: `recovery:${order.id}`,
        kind: 'recovery',
        phone,
        text: recoverySms({ title: order.item.title, link, lang: order.language }),
      })
      if (queued) {
        sms = true
        const price = terms.recoverySms[order.currency]
        if (price > 0)
          await postTransaction(tx, {
            kind: 'sms-fee',
            orderId: order.id,
            // i18n-ignore: a ledger memo, the books' own record
            memo: `Reminder SMS for ${order.reference}`,
            entries: [
              {
                account: `seller:${order.sellerId}`,
                sellerId: order.sellerId,
                amount: price,
                currency: order.currency,
              },
              { account: 'platform:sms', amount: -price, currency: order.currency },
            ],
          })
      }
    }
    const email = !optedOut
    await tx
      .update(checkoutReminders)
      .set({ email, sms })
      .where(and(eq(checkoutReminders.orderId, order.id), eq(checkoutReminders.step, step)))
    return { email, link, stop }
  })
  if (!sent?.email) return
  try {
    await deps.mailer.send(reminderMail(order, step, sent))
  } catch (error) {
    // Claimed already: a mail that failed is not sent twice by the next sweep.
    deps.log.error('checkout reminder mail not sent', { orderId: order.id, step, error })
  }
}

/** The checkout a reminder link's token is for, with the product's address and its code; null for none. */
export async function recoveryTarget(db: DbOrTx, token: string) {
  if (!/^[\w-]{16}$/.test(token)) return null
  const [found] = await db
    .select({
      orderId: orders.id,
      productId: orders.productId,
      buyerEmail: orders.buyerEmail,
      phone: orders.payment,
      method: orders.method,
      code: orders.discountCode,
      slug: products.slug,
    })
    .from(recoveryLinks)
    .innerJoin(orders, eq(orders.id, recoveryLinks.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(recoveryLinks.tokenHash, hashToken(token)))
  return found ?? null
}

/** The one tap of a reminder's "Stop": no more reminders to its address, nor SMS ones to its number. */
export async function stopReminders(deps: Pick<RecoveryServices, 'db'>, token: string): Promise<boolean> {
  const target = await recoveryTarget(deps.db, token)
  if (!target) return false
  await deps.db.transaction(async (tx) => {
    await tx.insert(recoveryOptOuts).values({ email: target.buyerEmail.toLowerCase() }).onConflictDoNothing()
    const phone = payerPhone({ method: target.method, payment: target.phone })
    if (phone) await tx.insert(smsOptOuts).values({ phone, kind: 'recovery' }).onConflictDoNothing()
  })
  return true
}
