import { randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import { PHONE_CODE_LENGTH } from '../../../contract/accounts.constants'
import { displayPhone } from '../../../contract/phone'
import type { Db } from '../../db/client'
import { oneTimeTokens, users } from '../../db/schema'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { enforceRateLimit } from '../../lib/rate-limit'
import { uuidv7 } from '../../lib/uuid'
import type { Handlers } from '../../rpc/context'
import { codeSms } from '../../sms/templates'
import { loadPublicUser } from './accounts.handlers'
import { hashToken } from './sessions'

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
  hashToken(`phone:${userId}:${phone}:${code}`)

export const phoneHandlers: Pick<Handlers, 'requestPhoneCode' | 'verifyPhone'> = {
  requestPhoneCode: async ({ phone }, ctx) => {
    const { user } = ctx.caller
    await enforceRateLimit(ctx.db, [
      { key: `phoneCode:ip:${ctx.ip}`, limit: limits.codesPerIp, what: 'codes requested from this network' },
      { key: `phoneCode:account:${user.id}`, limit: limits.codesPerAccount, what: 'codes requested' },
      { key: `phoneCode:phone:${phone}`, limit: limits.codesPerPhone, what: 'codes sent to this number' },
    ])
    const code = randomInt(0, 10 ** PHONE_CODE_LENGTH)
      .toString()
      .padStart(PHONE_CODE_LENGTH, '0')
    const expiresAt = new Date(clock.ms() + CODE_TTL_SECONDS * 1000)
    const tokenId = uuidv7()
    await ctx.db.transaction(async (tx) => {
      // Only the newest code works: asking again retires the earlier ones.
      await tx
        .update(oneTimeTokens)
        .set({ usedAt: clock.now() })
        .where(
          and(
            eq(oneTimeTokens.userId, user.id),
            eq(oneTimeTokens.purpose, 'phone-code'),
            isNull(oneTimeTokens.usedAt),
          ),
        )
      await tx.insert(oneTimeTokens).values({
        id: tokenId,
        userId: user.id,
        purpose: 'phone-code',
        tokenHash: codeHash(user.id, phone, code),
        data: { phone, attempts: 0 },
        expiresAt,
      })
    })
    try {
      await ctx.sms.queue(ctx.db, { eventKey: `code:${tokenId}`, kind: 'code', phone, text: codeSms(code) })
    } catch (error) {
      ctx.log.error('SMS could not be sent', { requestId: ctx.requestId, error })
      throw new AppError(503, 'The SMS could not be sent just now. Try again in a minute.')
    }
    return { sentTo: displayPhone(phone), expiresAt: expiresAt.toISOString() }
  },

  verifyPhone: async ({ phone, code }, ctx) => {
    const { user } = ctx.caller
    await consumePhoneCode(ctx.db, user.id, phone, code)
    await ctx.db.transaction(async (tx) => {
      // Numbers get recycled by carriers: whoever proves they hold it now owns it on Soko.
      await tx
        .update(users)
        .set({ phone: null, phoneVerifiedAt: null, updatedAt: clock.now() })
        .where(and(eq(users.phone, phone), ne(users.id, user.id)))
      await tx
        .update(users)
        .set({ phone, phoneVerifiedAt: clock.now(), updatedAt: clock.now() })
        .where(eq(users.id, user.id))
    })
    return { user: await loadPublicUser(ctx.db, user.id) }
  },
}

/**
 * Checks the code an SMS sent to `phone` for this person and uses it up: a wrong one counts against the
 * code (it stops after 5) and the account's attempts. Throws the message the person should see.
 */
export async function consumePhoneCode(db: Db, userId: string, phone: string, code: string) {
  await enforceRateLimit(db, [
    { key: `verifyPhone:account:${userId}`, limit: limits.checksPerAccount, what: 'code attempts' },
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
  if (!pending)
    throw new AppError(400, 'This code has expired or was replaced by a newer one. Ask for a new code.', {
      code: 'Expired: ask for a new code',
    })
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
    throw new AppError(
      400,
      left > 0
        ? `That code is not right. Check the SMS and try again (${left} ${left === 1 ? 'try' : 'tries'} left).`
        : 'That code is not right, and it has now stopped working. Ask for a new code.',
      { code: 'Wrong code' },
    )
  }
  const used = await db
    .update(oneTimeTokens)
    .set({ usedAt: clock.now() })
    .where(and(eq(oneTimeTokens.id, pending.id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id })
  if (used.length === 0) throw new AppError(400, 'This code was already used. Ask for a new code.')
}
