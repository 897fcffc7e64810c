import { OUTBOX_PAGE_SIZE } from '../../../contract/admin.contract'
import { ADMIN, ADMIN_FIELD } from '../../../contract/errors/admin'
import { AppError } from '../../lib/errors'
import { readOutbox, readOutboxMail } from '../../mail/outbox'
import type { Handlers } from '../../rpc/context'

export const outboxHandlers: Pick<Handlers, 'listOutbox' | 'getOutboxMail'> = {
  listOutbox: async ({ before, to }, ctx) => {
    // SMS always go to the outbox; mail does only without SMTP_URL. Every instance writes to the same table.
    const messages = await readOutbox(ctx.db, { before, to, limit: OUTBOX_PAGE_SIZE + 1 })
    const page = messages.slice(0, OUTBOX_PAGE_SIZE)
    return {
      enabled: !ctx.config.smtpUrl,
      messages: page,
      next: messages.length > OUTBOX_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
    }
  },
  getOutboxMail: async ({ id }, ctx) => {
    const raw = await readOutboxMail(ctx.db, id)
    if (raw === null)
      throw new AppError(404, ADMIN.noSuchMailOutbox, { fields: { id: ADMIN_FIELD.notFound } })
    return { raw }
  },
}
