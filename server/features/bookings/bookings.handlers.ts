import type { Handlers } from '../../rpc/context'
import { orderView } from '../checkout'
import { cancelBooking, listBookings, rescheduleBooking } from './bookings.service'
import { listServices } from './services-list'

export const bookingsHandlers: Pick<
  Handlers,
  'listServices' | 'listBookings' | 'rescheduleBooking' | 'cancelBooking'
> = {
  listServices: async (input, ctx) => listServices(ctx.db, input),
  listBookings: async (input, ctx) => listBookings(ctx.db, ctx.caller.user.id, input),
  rescheduleBooking: async (input, ctx) => {
    const deps = ctx
    const row = await rescheduleBooking(deps, ctx, input)
    return { order: await orderView(deps, row.id) }
  },
  cancelBooking: async (input, ctx) => {
    const deps = ctx
    const row = await cancelBooking(deps, ctx, input)
    return { order: await orderView(deps, row.id) }
  },
}
