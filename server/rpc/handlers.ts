import { accountsHandlers } from '../features/accounts/accounts.handlers'
import { avatarHandlers } from '../features/accounts/avatar.handlers'
import { firebaseHandlers } from '../features/accounts/firebase.handlers'
import { inviteHandlers } from '../features/accounts/invites.handlers'
import { phoneHandlers } from '../features/accounts/phone.handlers'
import { profileHandlers } from '../features/accounts/profile.handlers'
import { verificationHandlers } from '../features/accounts/verification.handlers'
import { opsHandlers } from '../features/admin/ops.handlers'
import { ordersHandlers } from '../features/admin/orders.handlers'
import { outboxHandlers } from '../features/admin/outbox.handlers'
import { peopleHandlers } from '../features/admin/people.handlers'
import { termsHandlers } from '../features/admin/terms.handlers'
import { bookingsHandlers } from '../features/bookings/bookings.handlers'
import { catalogHandlers } from '../features/catalog/catalog.handlers'
import { checkoutHandlers } from '../features/checkout/checkout.handlers'
import { contactHandlers } from '../features/contact/contact.handlers'
import { customersHandlers } from '../features/customers/customers.handlers'
import { downloadsHandlers } from '../features/downloads/downloads.handlers'
import { invoicesHandlers } from '../features/invoices/invoices.handlers'
import { payoutsHandlers } from '../features/payouts/payouts.handlers'
import { settingsHandlers } from '../features/settings/settings.handlers'
import { ticketsHandlers } from '../features/tickets/tickets.handlers'
import { transactionsHandlers } from '../features/transactions/transactions.handlers'
import { smsHandlers } from '../sms/sms.handlers'
import type { Handlers } from './context'

export const handlers: Handlers = {
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
  ...bookingsHandlers,
  ...ticketsHandlers,
  ...smsHandlers,
}
