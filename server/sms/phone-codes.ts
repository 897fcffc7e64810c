import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import { PHONE_CODE_LENGTH } from '../../contract/accounts.constants'
import { LIMITS } from '../../contract/errors/limits'
import { SMS, SMS_FIELD } from '../../contract/errors/sms'
import type { Db } from '../db/client'
import { oneTimeTokens } from '../db/schema'
import { clock } from '../lib/clock'
import { AppError } from '../lib/errors'
import { enforceRateLimit } from '../lib/rate-limit'
import { uuidv7 } from '../lib/uuid'

// Codes sent by SMS to prove that a person holds a number: their account's phone (accounts) or a payout
// destination (payouts) alike. The code itself is never stored, only its hash.

const CODE_TTL_SECONDS = 10 * 60
/** Wrong guesses allowed on one code before it stops working: 5 of a million. */
const MAX_ATTEMPTS = 5
const limits = {
  codesPerIp: { max: 30, windowSeconds: 3600 },
  codesPerAccount: { max: 5, windowSeconds: 3600 },
  codesPerPhone: { max: 5, windowSeconds: 3600 },
  checksPerAccount: { max: 20, windowSeconds: 15 * 60 },
}

/** A code is short, so its hash is bound to the person and number: equal codes never collide. */
const codeHash = (userId: string, phone: string, code: string) =>
  createHash('sha256').update(`phone:${userId}:${phone}:${code}`).digest('hex')

/**
 * Makes a new code for this person and number, and retires the ones asked for before: only the newest
 * works. Refused (429) when this network, account or number asked too often. The caller sends it.
 */
export async function newPhoneCode(db: Db, userId: string, phone: string, ip: string) {
  await enforceRateLimit(db, [
    { key: `phoneCode:ip:${ip}`, limit: limits.codesPerIp, refusal: LIMITS.codesFromNetwork },
    { key: `phoneCode:account:${userId}`, limit: limits.codesPerAccount, refusal: LIMITS.codesRequested },
    { key: `phoneCode:phone:${phone}`, limit: limits.codesPerPhone, refusal: LIMITS.codesToNumber },
  ])
  const code = randomInt(0, 10 ** PHONE_CODE_LENGTH)
    .toString()
    .padStart(PHONE_CODE_LENGTH, '0')
  const expiresAt = new Date(clock.ms() + CODE_TTL_SECONDS * 1000)
  const tokenId = uuidv7()
  await db.transaction(async (tx) => {
    // Only the newest code works: asking again retires the earlier ones.
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: clock.now() })
      .where(
        and(
          eq(oneTimeTokens.userId, userId),
          eq(oneTimeTokens.purpose, 'phone-code'),
          isNull(oneTimeTokens.usedAt),
        ),
      )
    await tx.insert(oneTimeTokens).values({
      id: tokenId,
      userId,
      purpose: 'phone-code',
      tokenHash: codeHash(userId, phone, code),
      data: { phone, attempts: 0 },
      expiresAt,
    })
  })
  return { code, tokenId, expiresAt }
}

/**
 * Checks the code an SMS sent to `phone` for this person and uses it up: a wrong one counts against the
 * code (it stops after 5) and the account's attempts. Throws the message the person should see.
 */
export async function consumePhoneCode(db: Db, userId: string, phone: string, code: string) {
  await enforceRateLimit(db, [
    { key: `verifyPhone:account:${userId}`, limit: limits.checksPerAccount, refusal: LIMITS.codeAttempts },
  ])
  const [pending] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, 'phone-code'),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, clock.now()),
        sql`${oneTimeTokens.data}->>'phone' = ${phone}`,
      ),
    )
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1)
  if (!pending) throw new AppError(400, SMS.codeExpired, { fields: { code: SMS_FIELD.codeExpired } })
  const matches = timingSafeEqual(
    Buffer.from(pending.tokenHash, 'hex'),
    Buffer.from(codeHash(userId, phone, code), 'hex'),
  )
  if (!matches) {
    const attempts = Number(pending.data.attempts ?? 0) + 1
    await db
      .update(oneTimeTokens)
      .set({
        data: { ...pending.data, attempts },
        ...(attempts >= MAX_ATTEMPTS ? { usedAt: clock.now() } : {}),
      })
      .where(eq(oneTimeTokens.id, pending.id))
    const left = MAX_ATTEMPTS - attempts
    const wrong = left > 1 ? SMS.wrongCodeTriesLeft : left === 1 ? SMS.wrongCodeTryLeft : SMS.wrongCodeStopped
    throw new AppError(400, wrong, {
      ...(left > 0 ? { params: { left } } : {}),
      fields: { code: SMS_FIELD.wrongCode },
    })
  }
  const used = await db
    .update(oneTimeTokens)
    .set({ usedAt: clock.now() })
    .where(and(eq(oneTimeTokens.id, pending.id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id })
  if (used.length === 0) throw new AppError(400, SMS.codeUsed)
}
