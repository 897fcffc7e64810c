import { desc, lt } from 'drizzle-orm'
import type { z } from 'zod'
import { CONTACT_PAGE_SIZE, type contactMessage } from '../../../contract/contact.contract'
import { LIMITS } from '../../../contract/errors/limits'
import { contactMessages } from '../../db/schema'
import { verifyChallenge } from '../../lib/challenge'
import { enforceRateLimit } from '../../lib/rate-limit'
import { uuidv7 } from '../../lib/uuid'
import { adminRecipients } from '../../mail/admin-alert'
import { contactMessageMail } from '../../mail/templates'
import type { Handlers } from '../../rpc/context'
import { sendQuietly } from '../accounts'

const HOUR = 3600

export const contactLimits = {
  perIp: { max: 10, windowSeconds: HOUR },
  perAddress: { max: 5, windowSeconds: HOUR },
}

type ContactMessage = z.output<typeof contactMessage>

export const contactHandlers: Pick<Handlers, 'sendContactMessage' | 'listContactMessages'> = {
  sendContactMessage: async (input, ctx) => {
    await enforceRateLimit(ctx.db, [
      { key: `contact:ip:${ctx.ip}`, limit: contactLimits.perIp, refusal: LIMITS.messagesFromNetwork },
      {
        key: `contact:address:${input.email.toLowerCase()}`,
        limit: contactLimits.perAddress,
        refusal: LIMITS.messagesFromAddress,
      },
    ])
    await verifyChallenge(ctx, input.challengeToken)
    const id = uuidv7()
    await ctx.db.insert(contactMessages).values({
      id,
      name: input.name,
      email: input.email,
      topic: input.topic,
      message: input.message,
      userId: ctx.caller?.user.id ?? null,
      ip: ctx.ip,
    })
    // Stored first: a mail server that is down loses no message, the admin page still lists it.
    const admins = await adminRecipients(ctx.db, ctx.config)
    if (admins.length === 0)
      ctx.log.warn('contact message stored, but there is no admin to mail it to', {
        requestId: ctx.requestId,
      })
    for (const to of admins)
      await sendQuietly(
        ctx,
        contactMessageMail(
          to.email,
          input,
          input.topic,
          input.message,
          `${ctx.config.publicUrl}/admin`,
          to.lang,
        ),
      )
    return { id }
  },

  listContactMessages: async ({ before }, ctx) => {
    const rows = await ctx.db
      .select()
      .from(contactMessages)
      .where(before ? lt(contactMessages.id, before) : undefined)
      .orderBy(desc(contactMessages.id))
      .limit(CONTACT_PAGE_SIZE + 1)
    const page = rows.slice(0, CONTACT_PAGE_SIZE)
    const messages: ContactMessage[] = page.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      topic: row.topic,
      message: row.message,
      userId: row.userId,
      sentAt: row.createdAt.toISOString(),
    }))
    return { messages, next: rows.length > CONTACT_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null }
  },
}
