import type { z } from 'zod'
import { accountHomeContract } from './account-home.contract'
import { accountsContract } from './accounts.contract'
import { adminContract } from './admin.contract'
import { adminOpsContract } from './admin-ops.contract'
import { adminPeopleContract } from './admin-people.contract'
import { bookingsContract } from './bookings.contract'
import { bundlesContract } from './bundles.contract'
import { catalogContract } from './catalog.contract'
import { checkoutContract } from './checkout.contract'
import { contactContract } from './contact.contract'
import { customersContract } from './customers.contract'
import { developersContract } from './developers.contract'
import { discountsContract } from './discounts.contract'
import { downloadsContract } from './downloads.contract'
import { invoiceFindContract } from './invoice-find.contract'
import { invoicesContract } from './invoices.contract'
import { membershipPostsContract } from './membership-posts.contract'
import { membershipsContract } from './memberships.contract'
import { payoutsContract } from './payouts.contract'
import { platformTermsContract } from './platform-terms.contract'
import { settingsContract } from './settings.contract'
import { smsContract } from './sms.contract'
import { ticketsContract } from './tickets.contract'
import { transactionsContract } from './transactions.contract'
import { webhooksContract } from './webhooks.contract'

/** Every RPC subject Soko answers. Each area adds its own `<area>.contract.ts` here. */
export const contract = {
  ...accountHomeContract,
  ...accountsContract,
  ...adminContract,
  ...adminOpsContract,
  ...adminPeopleContract,
  ...bookingsContract,
  ...bundlesContract,
  ...membershipsContract,
  ...membershipPostsContract,
  ...catalogContract,
  ...checkoutContract,
  ...contactContract,
  ...customersContract,
  ...developersContract,
  ...discountsContract,
  ...downloadsContract,
  ...invoicesContract,
  ...invoiceFindContract,
  ...payoutsContract,
  ...platformTermsContract,
  ...settingsContract,
  ...smsContract,
  ...ticketsContract,
  ...transactionsContract,
  ...webhooksContract,
}

export type Contract = typeof contract
export type SubjectName = keyof Contract
export type SubjectInput<S extends SubjectName> = z.input<Contract[S]['input']>
export type SubjectOutput<S extends SubjectName> = z.output<Contract[S]['output']>
export type QuerySubject = {
  [S in SubjectName]: Contract[S]['kind'] extends 'query' ? S : never
}[SubjectName]
export type MutationSubject = Exclude<SubjectName, QuerySubject>

export function isSubjectName(name: string): name is SubjectName {
  return Object.hasOwn(contract, name)
}
