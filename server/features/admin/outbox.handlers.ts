import { OUTBOX_PAGE_SIZE } from '../../../contract/admin.contract'
import { readOutbox } from '../../mail/outbox'
import type { Handlers } from '../../rpc/context'

export const outboxHandlers: Pick<Handlers, 'listOutbox'> = {
  listOutbox: async ({ before, to }, ctx) => {
    // SMS always go to the outbox; mail does only without SMTP_URL.
    const messages = readOutbox(ctx.config.dataDir, { before, to, limit: OUTBOX_PAGE_SIZE + 1 })
    const page = messages.slice(0, OUTBOX_PAGE_SIZE)
    return {
      enabled: !ctx.config.smtpUrl,
      messages: page,
      next: messages.length > OUTBOX_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
    }
  },
}
