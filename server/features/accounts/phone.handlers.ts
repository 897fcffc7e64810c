import { and, eq, ne } from 'drizzle-orm'
import { ACCOUNTS } from '../../../contract/errors/accounts'
import { displayPhone } from '../../../contract/phone-number'
import { users } from '../../db/schema'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import type { Handlers } from '../../rpc/context'
import { consumePhoneCode, newPhoneCode } from '../../sms/phone-codes'
import { codeSms } from '../../sms/templates'
import { loadPublicUser } from './accounts.handlers'

export const phoneHandlers: Pick<Handlers, 'requestPhoneCode' | 'verifyPhone'> = {
  requestPhoneCode: async ({ phone }, ctx) => {
    const { user } = ctx.caller
    const { code, tokenId, expiresAt } = await newPhoneCode(ctx.db, user.id, phone, ctx.ip)
    try {
      await ctx.sms.queue(ctx.db, {
        eventKey: `code:${tokenId}`,
        kind: 'code',
        phone,
        text: codeSms(code, ctx.lang),
      })
    } catch (error) {
      ctx.log.error('SMS could not be sent', { requestId: ctx.requestId, error })
      throw new AppError(503, ACCOUNTS.smsNotSent)
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
