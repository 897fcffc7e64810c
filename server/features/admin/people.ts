import { and, count, desc, eq, ilike, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { SubjectOutput } from '../../../contract'
import { ADMIN_USERS_PAGE } from '../../../contract/admin-people.contract'
import { ADMIN, ADMIN_FIELD } from '../../../contract/errors/admin'
import type { DbOrTx, Tx } from '../../db/client'
import {
  orders,
  payoutMethods,
  products,
  sellers,
  sellerVerifications,
  sessions,
  users,
} from '../../db/schema'
import type { UserRow } from '../../lib/caller'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { containing } from '../../lib/like'
import { balances, methodLabel } from '../payouts'

type AdminUserRow = SubjectOutput<'listUsers'>['users'][number]

export function adminUserRow(row: UserRow, handle: string | null): AdminUserRow {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    roles: row.roles,
    handle,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The digits of a phone number as stored (2547…), from how people type it: 0712 345 678, +254 712…. */
export function phoneDigits(q: string): string | null {
  const digits = q.replace(/[\s()+-]/g, '')
  if (!/^\d{4,15}$/.test(digits)) return null
  return digits.startsWith('0') ? `254${digits.slice(1)}` : digits
}

/** People, newest first, matched on e-mail, name, handle or a phone (their own or where they are paid). */
export async function listUsers(
  db: DbOrTx,
  input: { q: string; filter: 'all' | 'sellers' | 'admins' | 'suspended'; cursor?: string },
) {
  const like = containing(input.q)
  const phone = input.q ? phoneDigits(input.q) : null
  const phoneLike = phone ? `%${phone}%` : null
  const rows = await db
    .select({ user: users, handle: sellers.handle })
    .from(users)
    .leftJoin(sellers, eq(sellers.userId, users.id))
    .where(
      and(
        input.cursor ? lt(users.id, input.cursor) : undefined,
        input.filter === 'sellers' ? sql`'seller' = any(${users.roles})` : undefined,
        input.filter === 'admins' ? sql`'admin' = any(${users.roles})` : undefined,
        input.filter === 'suspended' ? isNotNull(users.suspendedAt) : undefined,
        input.q
          ? or(
              ilike(users.email, like),
              ilike(users.name, like),
              ilike(sellers.handle, like),
              ilike(sellers.displayName, like),
              ...(phoneLike
                ? [
                    ilike(users.phone, phoneLike),
                    sql`${sellers.payoutMethod}->>'phone' like ${phoneLike}`,
                    sql`exists (select 1 from ${payoutMethods} where ${payoutMethods.sellerId} = ${users.id} and ${payoutMethods.details}->>'phone' like ${phoneLike})`,
                  ]
                : []),
            )
          : undefined,
      ),
    )
    .orderBy(desc(users.id))
    .limit(ADMIN_USERS_PAGE + 1)
  const page = rows.slice(0, ADMIN_USERS_PAGE)
  return {
    users: page.map((r) => adminUserRow(r.user, r.handle)),
    next: rows.length > ADMIN_USERS_PAGE ? (page.at(-1)?.user.id ?? null) : null,
  }
}

export async function findUser(db: DbOrTx, id: string, opts: { lock?: boolean } = {}) {
  const query = db.select().from(users).where(eq(users.id, id))
  const [row] = opts.lock ? await query.for('update') : await query
  if (!row) throw new AppError(404, ADMIN.noSuchPerson, { fields: { id: ADMIN_FIELD.notFound } })
  return row
}

export async function handleOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [seller] = await db.select({ handle: sellers.handle }).from(sellers).where(eq(sellers.userId, userId))
  return seller?.handle ?? null
}

/** Everything an admin looks at about one person. */
export async function userDetails(
  db: DbOrTx,
  id: string,
  callerId: string,
): Promise<SubjectOutput<'getUser'>> {
  const row = await findUser(db, id)
  const [seller] = await db.select().from(sellers).where(eq(sellers.userId, id))
  const [productCount] = seller
    ? await db.select({ n: count() }).from(products).where(eq(products.sellerId, id))
    : []
  const sessionRows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, id))
    .orderBy(desc(sessions.createdAt))
    .limit(20)
  const orderRows = await db
    .select()
    .from(orders)
    .where(or(eq(orders.buyerId, id), eq(orders.sellerId, id)))
    .orderBy(desc(orders.createdAt))
    .limit(20)
  const methods = seller
    ? await db
        .select()
        .from(payoutMethods)
        .where(eq(payoutMethods.sellerId, id))
        .orderBy(payoutMethods.createdAt)
    : []
  const [verification] = seller
    ? await db
        .select()
        .from(sellerVerifications)
        .where(eq(sellerVerifications.sellerId, id))
        .orderBy(desc(sellerVerifications.createdAt))
        .limit(1)
    : []
  const now = clock.now()
  return {
    user: {
      ...adminUserRow(row, seller?.handle ?? null),
      emailVerified: row.emailVerifiedAt !== null,
      phoneVerified: row.phoneVerifiedAt !== null,
      suspensionReason: row.suspensionReason,
      hasPassword: row.passwordHash !== null,
    },
    seller: seller
      ? {
          handle: seller.handle,
          displayName: seller.displayName,
          country: seller.country,
          products: productCount?.n ?? 0,
          givenMethod: methodLabel(seller.payoutMethod),
        }
      : null,
    sessions: sessionRows.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      revokedAt: s.revokedAt?.toISOString() ?? null,
      userAgent: s.userAgent,
      ip: s.ip,
      active: s.revokedAt === null && s.expiresAt > now,
    })),
    orders: orderRows.map((o) => ({
      id: o.id,
      reference: o.reference,
      side: o.sellerId === id ? ('sold' as const) : ('bought' as const),
      title:
        o.item.label && o.item.label !== o.item.title ? `${o.item.title} (${o.item.label})` : o.item.title,
      status: o.status,
      total: o.total,
      currency: o.currency,
      method: o.method,
      createdAt: o.createdAt.toISOString(),
    })),
    balances: seller ? await balances(db, id) : [],
    payoutMethods: methods.map((m) => ({
      id: m.id,
      label: methodLabel(m.details),
      removed: m.removedAt !== null,
    })),
    verification: verification
      ? { status: verification.status, submittedAt: verification.createdAt.toISOString() }
      : null,
    isSelf: id === callerId,
  }
}

/**
 * Locks every admin's row and refuses a change that would leave Soko without an active admin. Locking them
 * all makes two admins removing each other at once take turns: the second finds itself the last.
 */
export async function assertAdminRemains(tx: Tx, losing: string) {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`'admin' = any(${users.roles})`, isNull(users.suspendedAt)))
    .for('update')
  if (!admins.some((a) => a.id !== losing)) throw new AppError(409, ADMIN.lastAdmin)
}

/** Every open session of a person ends. */
export async function endSessions(tx: DbOrTx, userId: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
}
