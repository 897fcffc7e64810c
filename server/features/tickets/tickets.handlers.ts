import type { Handlers } from '../../rpc/context'
import { messageAttendees } from './message'
import { listAttendees, syncCheckIns } from './tickets.service'

export const ticketsHandlers: Pick<Handlers, 'listAttendees' | 'syncCheckIns' | 'messageAttendees'> = {
  listAttendees: async ({ eventId }, ctx) => listAttendees(ctx.db, ctx.caller.user.id, eventId),
  syncCheckIns: async (input, ctx) => ({ results: await syncCheckIns(ctx.db, ctx.caller.user.id, input) }),
  messageAttendees: async (input, ctx) => ({
    sent: await messageAttendees({ db: ctx.db, mailer: ctx.mailer, log: ctx.log }, ctx.caller.user.id, input),
  }),
}
