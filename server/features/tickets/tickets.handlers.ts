import type { Handlers } from '../../rpc/context'
import { listAttendees, syncCheckIns } from './tickets.service'

export const ticketsHandlers: Pick<Handlers, 'listAttendees' | 'syncCheckIns'> = {
  listAttendees: async ({ eventId }, ctx) => listAttendees(ctx.db, ctx.caller.user.id, eventId),
  syncCheckIns: async (input, ctx) => ({ results: await syncCheckIns(ctx.db, ctx.caller.user.id, input) }),
}
