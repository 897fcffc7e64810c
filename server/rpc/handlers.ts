import { accountHomeHandlers } from '../features/account-home'
import {
  accountsHandlers,
  avatarHandlers,
  firebaseHandlers,
  inviteHandlers,
  phoneHandlers,
  profileHandlers,
  verificationHandlers,
} from '../features/accounts'
import { opsHandlers, ordersHandlers, outboxHandlers, peopleHandlers, termsHandlers } from '../features/admin'
import { bookingsHandlers } from '../features/bookings'
import { bundlesHandlers } from '../features/bundles'
import { catalogHandlers } from '../features/catalog'
import { checkoutHandlers } from '../features/checkout'
import { contactHandlers } from '../features/contact'
import { customersHandlers } from '../features/customers'
import { developersHandlers } from '../features/developers'
import { discountsHandlers } from '../features/discounts'
import { downloadsHandlers } from '../features/downloads'
import { invoicesHandlers } from '../features/invoices'
import { membershipsHandlers } from '../features/memberships'
import { payoutsHandlers } from '../features/payouts'
import { recoveryHandlers } from '../features/recovery'
import { settingsHandlers } from '../features/settings'
import { ticketsHandlers } from '../features/tickets'
import { transactionsHandlers } from '../features/transactions'
import { webhooksHandlers } from '../features/webhooks'
import { smsHandlers } from '../sms/sms.handlers'
import type { Handlers } from './context'

export const handlers: Handlers = {
  ...accountHomeHandlers,
  ...accountsHandlers,
  ...profileHandlers,
  ...avatarHandlers,
  ...inviteHandlers,
  ...phoneHandlers,
  ...verificationHandlers,
  ...firebaseHandlers,
  ...outboxHandlers,
  ...opsHandlers,
  ...ordersHandlers,
  ...peopleHandlers,
  ...termsHandlers,
  ...settingsHandlers,
  ...contactHandlers,
  ...catalogHandlers,
  ...checkoutHandlers,
  ...downloadsHandlers,
  ...transactionsHandlers,
  ...payoutsHandlers,
  ...invoicesHandlers,
  ...customersHandlers,
  ...developersHandlers,
  ...discountsHandlers,
  ...bundlesHandlers,
  ...membershipsHandlers,
  ...recoveryHandlers,
  ...bookingsHandlers,
  ...ticketsHandlers,
  ...smsHandlers,
  ...webhooksHandlers,
}
