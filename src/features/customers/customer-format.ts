import type { CustomerSummary } from '../../../contract/customers.contract'

/** A phone kept as digits (`254722000333`) as people write it internationally: `+254 722 000 333`. */
export function phoneText(phone: string): string {
  const kenyan = /^(254)(\d{3})(\d{3})(\d{3})$/.exec(phone)
  return kenyan ? `+${kenyan.slice(1).join(' ')}` : `+${phone}`
}

/** How to reach a client, for the line under their name: their e-mail, else their phone. */
export function contactText(customer: Pick<CustomerSummary, 'email' | 'phone'>): string {
  return customer.email ?? (customer.phone ? phoneText(customer.phone) : '')
}
