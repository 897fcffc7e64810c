import type { Tx } from '../../db/client'
import { invoiceCounters, invoices } from '../../db/schema'
import { uuidv7 } from '../../lib/uuid'
import { draftColumns, newInvoiceReference, overdueAt } from '../invoices'

const day = (from: number, days: number) => new Date(from + days * 86_400_000).toISOString().slice(0, 10)

/**
 * The demo seller's invoices: one sent to a client (INV-0001, half due first) and one draft, so the
 * invoices pages have something real in them. Nothing is mailed: the client addresses are the demo's own.
 */
export async function seedDemoInvoices(tx: Tx, sellerId: string, now: number) {
  const sent = draftColumns({
    client: { name: 'Otieno Baraka', email: 'otieno@soko.test', phone: null },
    currency: 'KES',
    lines: [
      { description: 'Logo and brand mark for Baraka Beats', quantityMilli: 1000, unitPrice: 25_000_00 },
      { description: 'Social media kit (12 templates)', quantityMilli: 1000, unitPrice: 8_000_00 },
    ],
    discount: null,
    taxes: [{ name: 'VAT', rateBps: 1600, inclusive: false }],
    deposit: { kind: 'percent', bps: 5000 },
    issueDate: day(now, -2),
    dueDate: day(now, 12),
    notes: 'Thank you for the work together.',
    terms: 'Half up front, the rest on delivery.',
    reminders: [],
  })
  const draft = draftColumns({
    client: { name: 'Amina Yusuf', email: 'amina@soko.test', phone: null },
    currency: 'KES',
    lines: [{ description: 'Event photography, half day', quantityMilli: 1000, unitPrice: 18_000_00 }],
    discount: null,
    taxes: [],
    deposit: null,
    issueDate: day(now, 0),
    dueDate: day(now, 14),
    notes: null,
    terms: null,
    reminders: [-3, 0, 7],
  })
  const sentAt = new Date(now - 2 * 86_400_000)
  await tx.insert(invoices).values([
    {
      id: uuidv7(),
      sellerId,
      number: 'INV-0001',
      reference: newInvoiceReference(),
      status: 'sent',
      ...sent,
      sentAt,
      overdueAt: overdueAt(sent.dueDate, 'Africa/Nairobi'),
    },
    { id: uuidv7(), sellerId, reference: newInvoiceReference(), status: 'draft', ...draft },
  ])
  await tx.insert(invoiceCounters).values({ sellerId, last: 1 })
}
