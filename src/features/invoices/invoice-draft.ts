import { t } from '@lingui/core/macro'
import type { SubjectInput } from '../../../contract'
import { type CurrencyCode, currencies } from '../../../contract/currencies'
import {
  type Adjustment,
  computeTotals,
  parseQuantity,
  parseRate,
  quantityText,
  rateText,
  type Totals,
} from '../../../contract/invoice-totals'
import { DEFAULT_REMINDERS } from '../../../contract/invoices.constants'
import type { InvoiceView } from '../../../contract/invoices.contract'
import { normalizePhone } from '../../../contract/phone-number'
import { majorText, toMinor } from '../../lib/money'

/**
 * The invoice editor's contents as its inputs hold them (text), and the conversion to and from the
 * contract's invoice (minor units, thousandths, basis points). The server validates again and its word
 * counts; the checks here catch what cannot even be sent (an amount that is not a number) and what a draft
 * kept on the device must have, so it does not wait to sync only to be refused.
 */
export type InvoiceInput = SubjectInput<'createInvoice'>['invoice']

export interface LineDraft {
  description: string
  quantity: string
  unitPrice: string
}

export interface TaxDraft {
  name: string
  rate: string
  inclusive: boolean
}

export interface AdjustmentDraft {
  kind: 'none' | 'percent' | 'amount'
  value: string
}

export interface InvoiceDraft {
  client: { name: string; email: string; phone: string }
  currency: CurrencyCode
  lines: LineDraft[]
  discount: AdjustmentDraft
  taxes: TaxDraft[]
  deposit: AdjustmentDraft
  issueDate: string
  dueDate: string
  notes: string
  terms: string
  reminders: number[]
}

/** Errors keyed as the server keys them: `invoice.lines.0.unitPrice`. */
export type InvoiceErrors = Record<string, string>

export const BLANK_LINE: LineDraft = { description: '', quantity: '1', unitPrice: '' }
/** A new tax line: VAT at the standard rate where Soko's sellers mostly are (Kenya 16 %, Nigeria 7.5 %). */
export function blankTax(currency: CurrencyCode): TaxDraft {
  const rate = { KES: '16', NGN: '7.5' }[currency as string] ?? ''
  return { name: 'VAT', rate, inclusive: false }
}
/** Days an invoice gives by default between its issue and its due date. */
export const DUE_AFTER_DAYS = 14

/** Today in the seller's own day, as YYYY-MM-DD. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** `2026-12-24` plus `days`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

export function emptyInvoiceDraft(currency: CurrencyCode, on = today()): InvoiceDraft {
  return {
    client: { name: '', email: '', phone: '' },
    currency,
    lines: [{ ...BLANK_LINE }],
    discount: { kind: 'none', value: '' },
    taxes: [],
    deposit: { kind: 'none', value: '' },
    issueDate: on,
    dueDate: addDays(on, DUE_AFTER_DAYS),
    notes: '',
    terms: '',
    reminders: [...DEFAULT_REMINDERS],
  }
}

function adjustmentDraft(input: Adjustment | null, currency: CurrencyCode): AdjustmentDraft {
  if (!input) return { kind: 'none', value: '' }
  return input.kind === 'percent'
    ? { kind: 'percent', value: rateText(input.bps) }
    : { kind: 'amount', value: majorText(input.amount, currency) }
}

/** What the editor holds for an invoice the server has (editing it, or a copy of it). */
export function invoiceDraftOf(invoice: InvoiceView | InvoiceInput): InvoiceDraft {
  const { currency } = invoice
  const taxes = 'taxInput' in invoice ? invoice.taxInput : (invoice.taxes ?? [])
  const discount = 'discountInput' in invoice ? invoice.discountInput : (invoice.discount ?? null)
  const deposit = 'depositInput' in invoice ? invoice.depositInput : (invoice.deposit ?? null)
  const reminders =
    'id' in invoice ? invoice.reminders.map((r) => r.days) : (invoice.reminders ?? [...DEFAULT_REMINDERS])
  return {
    client: {
      name: invoice.client.name,
      email: invoice.client.email ?? '',
      phone: invoice.client.phone ? `+${invoice.client.phone.replace(/^\+/, '')}` : '',
    },
    currency,
    lines: invoice.lines.map((line) => ({
      description: line.description,
      quantity: quantityText(line.quantityMilli),
      unitPrice: majorText(line.unitPrice, currency),
    })),
    discount: adjustmentDraft(discount, currency),
    taxes: taxes.map((t) => ({ name: t.name, rate: rateText(t.rateBps), inclusive: t.inclusive ?? false })),
    deposit: adjustmentDraft(deposit, currency),
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    notes: invoice.notes ?? '',
    terms: invoice.terms ?? '',
    reminders,
  }
}

/**
 * A quantity as people type it: `2`, `1.5`, `1,500` (thousands, as in Kenya and Nigeria). A comma with
 * other than three digits after it is a decimal comma (`1,5`), as contract/invoice-totals.ts reads it.
 */
export function quantityOf(text: string): number | null {
  const thousands = /^\s*\d{1,3}(,\d{3})+(\.\d{1,3})?\s*$/.test(text)
  return parseQuantity(thousands ? text.replace(/,/g, '') : text)
}

/** An amount in the currency's minor units, refusing more decimals than it has (`1500.505` in KES). */
export function amountOf(text: string, currency: CurrencyCode): number | null {
  const decimals = /\.(\d+)\s*$/.exec(text.replace(/[,\s]/g, ''))?.[1]?.length ?? 0
  if (decimals > currencies[currency].minorUnits) return null
  return toMinor(text, currency)
}

function amountHint(currency: CurrencyCode) {
  return currencies[currency].minorUnits
    ? t`Write an amount like 1500 or 1,500.50`
    : t`Write a whole amount like 1500 (${currency} has no cents)`
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The adjustment the draft says, or an error for its value's field. */
function adjustmentOf(
  draft: AdjustmentDraft,
  currency: CurrencyCode,
  key: string,
  errors: InvoiceErrors,
): Adjustment | null {
  if (draft.kind === 'none') return null
  if (draft.kind === 'percent') {
    const bps = parseRate(draft.value)
    if (bps === null || bps < 1 || bps > 10_000) errors[`${key}.bps`] = t`Give a percentage from 0.01 to 100`
    return { kind: 'percent', bps: bps ?? 0 }
  }
  const amount = amountOf(draft.value, currency)
  if (amount === null || amount < 1) errors[`${key}.amount`] = amountHint(currency)
  return { kind: 'amount', amount: amount ?? 0 }
}

/**
 * The contract's invoice from the draft, or the messages for the fields that cannot be sent as they are.
 * `totalsOf` below uses the same parsing, so what the totals show is what would be saved.
 */
export function buildInvoice(draft: InvoiceDraft): { invoice: InvoiceInput | null; errors: InvoiceErrors } {
  const errors: InvoiceErrors = {}
  const { currency } = draft
  const name = draft.client.name.trim()
  const email = draft.client.email.trim()
  const phone = draft.client.phone.trim()
  if (!name) errors['invoice.client.name'] = t`Write the client’s name`
  if (email && !EMAIL.test(email))
    errors['invoice.client.email'] = t`Give an e-mail address such as name@example.com`
  if (phone && !normalizePhone(phone))
    errors['invoice.client.phone'] = t`Give a mobile number: 07XX XXX XXX in Kenya, or +234 803 123 4567`
  if (!email && !phone && !errors['invoice.client.email'])
    errors['invoice.client.email'] = t`Give the client’s e-mail or phone, so the invoice can reach them`
  if (draft.lines.length === 0) errors['invoice.lines'] = t`Add at least one line`
  const lines = draft.lines.map((line, i) => {
    const key = `invoice.lines.${i}`
    const quantityMilli = quantityOf(line.quantity)
    const unitPrice = amountOf(line.unitPrice, currency)
    if (!line.description.trim()) errors[`${key}.description`] = t`Describe this line`
    if (quantityMilli === null || quantityMilli < 1)
      errors[`${key}.quantityMilli`] = t`Give a quantity above zero, e.g. 2 or 1.5`
    if (unitPrice === null) errors[`${key}.unitPrice`] = amountHint(currency)
    return {
      description: line.description.trim(),
      quantityMilli: quantityMilli ?? 0,
      unitPrice: unitPrice ?? 0,
    }
  })
  const taxes = draft.taxes.map((tax, i) => {
    const rateBps = parseRate(tax.rate)
    if (!tax.name.trim()) errors[`invoice.taxes.${i}.name`] = t`Name the tax, e.g. VAT`
    if (rateBps === null || rateBps < 1 || rateBps > 10_000)
      errors[`invoice.taxes.${i}.rateBps`] = t`Give the rate in %, e.g. 16`
    return { name: tax.name.trim(), rateBps: rateBps ?? 0, inclusive: tax.inclusive }
  })
  const discount = adjustmentOf(draft.discount, currency, 'invoice.discount', errors)
  const deposit = adjustmentOf(draft.deposit, currency, 'invoice.deposit', errors)
  if (!draft.issueDate) errors['invoice.issueDate'] = t`Give the issue date`
  if (!draft.dueDate) errors['invoice.dueDate'] = t`Give the due date`
  else if (draft.issueDate && draft.dueDate < draft.issueDate)
    errors['invoice.dueDate'] = t`The due date cannot be before the issue date`
  if (Object.keys(errors).length > 0) return { invoice: null, errors }
  return {
    invoice: {
      client: { name, email: email || null, phone: phone || null },
      currency,
      lines,
      discount,
      taxes,
      deposit,
      issueDate: draft.issueDate,
      dueDate: draft.dueDate,
      notes: draft.notes.trim() || null,
      terms: draft.terms.trim() || null,
      reminders: [...draft.reminders].sort((a, b) => a - b),
    },
    errors,
  }
}

/**
 * The totals as the seller types: computed by the contract's one rule on what can be read so far (a line
 * whose price is not a number yet counts as nothing; a half-typed rate as no tax).
 */
export function totalsOf(draft: InvoiceDraft): Totals {
  const { currency } = draft
  const adjustment = (a: AdjustmentDraft): Adjustment | null => {
    if (a.kind === 'percent') {
      const bps = parseRate(a.value)
      return bps && bps <= 10_000 ? { kind: 'percent', bps } : null
    }
    if (a.kind === 'amount') {
      const amount = amountOf(a.value, currency)
      return amount ? { kind: 'amount', amount } : null
    }
    return null
  }
  return computeTotals({
    lines: draft.lines.map((line) => ({
      quantityMilli: quantityOf(line.quantity) ?? 0,
      unitPrice: amountOf(line.unitPrice, currency) ?? 0,
    })),
    discount: adjustment(draft.discount),
    taxes: draft.taxes.flatMap((t) => {
      const rateBps = parseRate(t.rate)
      return rateBps && rateBps <= 10_000
        ? [{ name: t.name.trim() || 'Tax', rateBps, inclusive: t.inclusive }]
        : []
    }),
    deposit: adjustment(draft.deposit),
  })
}

/** A message's field in the draft (`invoice.lines.0.unitPrice` → the line's price as typed). */
function draftValueAt(draft: InvoiceDraft, key: string): unknown {
  // Messages about two fields at once change with either.
  if (key === 'invoice.client.email') return [draft.client.email, draft.client.phone]
  if (key === 'invoice.dueDate') return [draft.issueDate, draft.dueDate]
  const rename: Record<string, string> = {
    quantityMilli: 'quantity',
    rateBps: 'rate',
    bps: 'value',
    amount: 'value',
  }
  let at: unknown = draft
  for (const part of key.replace(/^invoice\./, '').split('.')) {
    if (at === null || typeof at !== 'object') return undefined
    at = (at as Record<string, unknown>)[rename[part] ?? part]
  }
  return at
}

/**
 * The messages still true of the draft: one goes as soon as the seller changes what it is about, so a
 * corrected price does not stay marked wrong until the next save. `was` is the draft the messages were for.
 */
export function currentErrors(errors: InvoiceErrors, was: InvoiceDraft, now: InvoiceDraft): InvoiceErrors {
  if (was === now) return errors
  return Object.fromEntries(
    Object.entries(errors).filter(
      ([key]) => JSON.stringify(draftValueAt(was, key)) === JSON.stringify(draftValueAt(now, key)),
    ),
  )
}
