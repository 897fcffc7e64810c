import type { CustomerSummary } from '../../../contract/customers.contract'
import { displayPhone } from '../../../contract/phone-number'

/** How to reach a client, for the line under their name: their e-mail, else their phone. */
export function contactText(customer: Pick<CustomerSummary, 'email' | 'phone'>): string {
  return customer.email ?? (customer.phone ? displayPhone(customer.phone) : '')
}
