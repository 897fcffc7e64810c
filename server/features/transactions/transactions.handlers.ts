import { TRANSACTIONS } from '../../../contract/errors/transactions'
import { AppError } from '../../lib/errors'
import type { Handlers } from '../../rpc/context'
import { buyerTransactions, sellerTransactions } from './transactions.service'

export const transactionsHandlers: Pick<Handlers, 'listTransactions'> = {
  listTransactions: async ({ as, ...filters }, ctx) => {
    const { user } = ctx.caller
    const isSeller = user.roles.includes('seller')
    if ((as ?? (isSeller ? 'seller' : 'buyer')) === 'buyer')
      return buyerTransactions(ctx.db, user, filters, ctx.lang)
    if (!isSeller) throw new AppError(403, TRANSACTIONS.sellersOnly)
    return sellerTransactions(ctx.db, user.id, filters, undefined, ctx.lang)
  },
}
