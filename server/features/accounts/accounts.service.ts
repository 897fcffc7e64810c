import { sql } from 'drizzle-orm'
import type { PayoutMethod, Role } from '../../../contract/accounts.contract'
import { ACCOUNTS, ACCOUNTS_FIELD } from '../../../contract/errors/accounts'
import { reservedSegments } from '../../../contract/routes'
import type { Db, DbOrTx } from '../../db/client'
import { sellers, users } from '../../db/schema'
import type { UserRow } from '../../lib/caller'
import { clock } from '../../lib/clock'
import { AppError, isUniqueViolation } from '../../lib/errors'
import { uuidv7 } from '../../lib/uuid'
import { hashPassword } from './passwords'

export interface NewUser {
  email: string
  name: string
  /** Absent for people who only sign in through a provider (Google). */
  password?: string
  roles?: Role[]
  emailVerified?: boolean
  firebaseUid?: string
}

export async function createUser(db: DbOrTx, input: NewUser): Promise<UserRow> {
  const roles = [...new Set<Role>(['customer', ...(input.roles ?? [])])]
  const values = {
    id: uuidv7(),
    email: input.email.trim(),
    name: input.name.trim(),
    passwordHash: input.password === undefined ? null : await hashPassword(input.password),
    roles,
    emailVerifiedAt: input.emailVerified ? clock.now() : null,
    firebaseUid: input.firebaseUid ?? null,
  }
  try {
    const [user] = await db.insert(users).values(values).returning()
    if (!user) throw new Error('insert returned no row')
    return user
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key'))
      throw new AppError(409, ACCOUNTS.emailHasAccount, {
        fields: { email: ACCOUNTS_FIELD.alreadyRegistered },
      })
    throw error
  }
}

export interface NewSeller {
  handle: string
  displayName: string
  /** ISO 3166-1 alpha-2. */
  country: string
  payoutMethod: PayoutMethod
}

/** Words no storefront may take: app routes and paths, and names people would mistake for Soko's own. */
const reservedHandles = new Set([
  ...reservedSegments,
  ...[
    'admin',
    'administrator',
    'api',
    'app',
    'help',
    'mail',
    'me',
    'new',
    'root',
    'settings',
    'soko',
    'staff',
  ],
  ...['support', 'system', 'team', 'www'],
])

export function assertHandleAllowed(handle: string) {
  if (reservedHandles.has(handle.toLowerCase()))
    throw new AppError(400, ACCOUNTS.handleReservedPickAnother, {
      fields: { handle: ACCOUNTS_FIELD.reservedPickAnother },
    })
}

/** Turns a customer into a seller with a public storefront at /creators/{handle}. */
export async function makeSeller(db: DbOrTx, userId: string, input: NewSeller): Promise<void> {
  assertHandleAllowed(input.handle)
  try {
    await db.insert(sellers).values({
      userId,
      handle: input.handle,
      displayName: input.displayName.trim(),
      country: input.country.toUpperCase(),
      payoutMethod: input.payoutMethod,
    })
  } catch (error) {
    if (isUniqueViolation(error, 'sellers_handle_lower_key'))
      throw new AppError(409, ACCOUNTS.handleTakenPickAnother, {
        fields: { handle: ACCOUNTS_FIELD.alreadyTaken },
      })
    throw error
  }
  await db
    .update(users)
    .set({
      roles: sql`array_append(array_remove(${users.roles}, 'seller'), 'seller')`,
      updatedAt: clock.now(),
    })
    .where(sql`${users.id} = ${userId}`)
}

/** Gives the account with this e-mail the admin role; false when there is no such account yet. */
export async function grantAdmin(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ roles: sql`array_append(array_remove(${users.roles}, 'admin'), 'admin')`, updatedAt: clock.now() })
    .where(sql`lower(${users.email}) = lower(${email})`)
    .returning({ id: users.id })
  return rows.length > 0
}
