import { INVOICE_STATUSES, type InvoiceStatus } from '../../../contract/invoices.constants'

// The list's search parameters apart from its queries: the route validates them in code every page
// loads, which should not carry the rpc client.

/** The list's filters, as /account/invoices keeps them in its URL. */
export interface InvoiceFilters {
  status?: InvoiceStatus
  client?: string
  from?: string
  to?: string
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Only what is set and well-formed: a hand-edited URL cannot send the server nonsense. */
export function validateInvoicesSearch(search: Record<string, unknown>): InvoiceFilters {
  const status = INVOICE_STATUSES.find((s) => s === search.status)
  const client = typeof search.client === 'string' ? search.client.trim().slice(0, 120) : ''
  const day = (value: unknown) => (typeof value === 'string' && DAY.test(value) ? value : undefined)
  const result: InvoiceFilters = {
    ...(status ? { status } : {}),
    ...(client ? { client } : {}),
    ...(day(search.from) ? { from: day(search.from) } : {}),
    ...(day(search.to) ? { to: day(search.to) } : {}),
  }
  return result
}
