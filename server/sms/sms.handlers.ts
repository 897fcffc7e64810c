import { eq } from 'drizzle-orm'
import { SMS, SMS_FIELD } from '../../contract/errors/sms'
import { displayPhone } from '../../contract/phone-number'
import { orderLinks, orders, smsOptOuts } from '../db/schema'
import { payerPhone } from '../features/checkout'
import { AppError } from '../lib/errors'
import type { Handlers } from '../rpc/context'
import { hashToken } from './sms.routes'

export const smsHandlers: Pick<Handlers, 'stopSms'> = {
  stopSms: async ({ token, kind }, ctx) => {
    const [link] = await ctx.db
      .select({ payment: orders.payment, method: orders.method })
      .from(orderLinks)
      .innerJoin(orders, eq(orders.id, orderLinks.orderId))
      .where(eq(orderLinks.tokenHash, hashToken(token)))
    const phone = link ? payerPhone(link) : null
    if (!phone) throw new AppError(404, SMS.linkNotValid, { fields: { token: SMS_FIELD.notOurLink } })
    await ctx.db.insert(smsOptOuts).values({ phone, kind }).onConflictDoNothing()
    return { phone: displayPhone(phone) }
  },
}
