import { describe, expect, it } from 'vitest'
import {
  amountOf,
  buildInvoice,
  emptyInvoiceDraft,
  type InvoiceDraft,
  invoiceDraftOf,
  quantityOf,
  totalsOf,
} from '../../../src/features/invoices/invoice-draft'

const filled = (): InvoiceDraft => ({
  ...emptyInvoiceDraft('KES', '2026-03-01'),
  client: { name: 'Amani Studio', email: 'amani@example.com', phone: '' },
  lines: [
    { description: 'Logo design', quantity: '1', unitPrice: '15,000' },
    { description: 'Brand guide pages', quantity: '4', unitPrice: '2,500.50' },
  ],
  taxes: [{ name: 'VAT', rate: '16', inclusive: false }],
  deposit: { kind: 'percent', value: '50' },
})

describe('the invoice editor’s draft', () => {
  it('starts today, due in 14 days, with one line and the three default reminders', () => {
    const draft = emptyInvoiceDraft('NGN', '2026-12-24')
    expect(draft).toMatchObject({
      currency: 'NGN',
      issueDate: '2026-12-24',
      dueDate: '2027-01-07',
      reminders: [-3, 0, 7],
    })
    expect(draft.lines).toHaveLength(1)
  })

  it('reads quantities with thousands commas as Kenya and Nigeria write them, and decimal commas', () => {
    expect(quantityOf('2')).toBe(2000)
    expect(quantityOf('1.5')).toBe(1500)
    expect(quantityOf('1,5')).toBe(1500)
    expect(quantityOf('1,500')).toBe(1_500_000)
    expect(quantityOf('1,500.25')).toBe(1_500_250)
    expect(quantityOf('two')).toBeNull()
  })

  it('reads amounts in major units and refuses more decimals than the currency has', () => {
    expect(amountOf('1,500.50', 'KES')).toBe(150050)
    expect(amountOf('1500', 'KES')).toBe(150000)
    expect(amountOf('1500.505', 'KES')).toBeNull()
    expect(amountOf('1500', 'UGX')).toBe(1500)
    expect(amountOf('1500.5', 'UGX')).toBeNull()
  })

  it('computes the totals live by the contract’s rule: lines, 16 % VAT on top, a 50 % deposit', () => {
    const totals = totalsOf(filled())
    expect(totals.subtotal).toBe(15_000_00 + 4 * 2_500_50)
    expect(totals.taxes[0]?.amount).toBe(Math.round((25_002_00 * 16) / 100))
    expect(totals.total).toBe(25_002_00 + 4_000_32)
    expect(totals.deposit).toBe(14_501_16)
  })

  it('counts a half-typed line as nothing rather than failing', () => {
    const draft = filled()
    draft.lines[1] = { description: 'Pages', quantity: '4', unitPrice: '2,5x' }
    expect(totalsOf(draft).subtotal).toBe(15_000_00)
  })

  it('builds the contract’s invoice, with errors keyed as the server keys them', () => {
    const built = buildInvoice(filled())
    expect(built.errors).toEqual({})
    expect(built.invoice).toMatchObject({
      client: { name: 'Amani Studio', email: 'amani@example.com', phone: null },
      lines: [
        { description: 'Logo design', quantityMilli: 1000, unitPrice: 15_000_00 },
        { description: 'Brand guide pages', quantityMilli: 4000, unitPrice: 2_500_50 },
      ],
      taxes: [{ name: 'VAT', rateBps: 1600, inclusive: false }],
      deposit: { kind: 'percent', bps: 5000 },
      discount: null,
      reminders: [-3, 0, 7],
    })
    const bad = filled()
    bad.client = { name: '', email: '', phone: '' }
    bad.lines[0] = { description: '', quantity: '0', unitPrice: '15.000.00' }
    bad.dueDate = '2026-02-01'
    expect(buildInvoice(bad)).toEqual({
      invoice: null,
      errors: {
        'invoice.client.name': 'Write the client’s name',
        'invoice.client.email': 'Give the client’s e-mail or phone, so the invoice can reach them',
        'invoice.lines.0.description': 'Describe this line',
        'invoice.lines.0.quantityMilli': 'Give a quantity above zero, e.g. 2 or 1.5',
        'invoice.lines.0.unitPrice': 'Write an amount like 1500 or 1,500.50',
        'invoice.dueDate': 'The due date cannot be before the issue date',
      },
    })
  })

  it('comes back as it was from what it was built into (a draft kept on the device)', () => {
    const built = buildInvoice(filled()).invoice
    if (!built) throw new Error('not built')
    const again = invoiceDraftOf(built)
    expect(buildInvoice(again).invoice).toEqual(built)
  })
})
