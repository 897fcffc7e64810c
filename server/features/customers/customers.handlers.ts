import type { Handlers } from '../../rpc/context'
import { getCustomer, listCustomers, updateCustomerNote } from './customers.service'

export const customersHandlers: Pick<Handlers, 'listCustomers' | 'getCustomer' | 'updateCustomerNote'> = {
  listCustomers: async (input, ctx) => listCustomers(ctx.db, ctx.caller.user.id, input),
  getCustomer: async ({ key }, ctx) => getCustomer(ctx.db, ctx.caller.user.id, key),
  updateCustomerNote: async ({ key, note }, ctx) => ({
    note: await updateCustomerNote(ctx.db, ctx.caller.user.id, key, note),
  }),
}
