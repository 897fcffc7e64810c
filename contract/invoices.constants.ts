/** Invoices: their states, limits and the words people read for them. */

export const INVOICE_STATUSES = [
  'draft',
  'sent',
  'viewed',
  'partially_paid',
  'paid',
  'overdue',
  'void',
] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

/**
 * The statuses' English, the reference copy: the app writes each in the page's language by its own ids
 * (src/features/invoices/invoice-format.tsx), the server's documents by theirs (invoice-words.ts).
 */
export const INVOICE_STATUS_TEXT: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  partially_paid: 'Partly paid', // i18n-ignore: the English reference copy, translated by the app's own ids
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Cancelled',
}

/** Ways an invoice is paid: the three providers through /p, and what the seller records by hand. */
export const RECORDED_PAYMENT_METHODS = ['cash', 'bank'] as const
export type RecordedPaymentMethod = (typeof RECORDED_PAYMENT_METHODS)[number]

export const INVOICE_MAX_LINES = 100
export const INVOICE_MAX_TAXES = 5
/** Reminders are days from the due date: -3 is three days before, 0 on the day, 7 a week after. */
export const REMINDER_MIN_DAYS = -60
export const REMINDER_MAX_DAYS = 90
export const INVOICE_MAX_REMINDERS = 5
/** The reminders a new invoice offers: 3 days before, on the day, 7 days after. */
export const DEFAULT_REMINDERS = [-3, 0, 7] as const
/** Reminders go out at this hour of the seller's day. */
export const REMINDER_HOUR = 9
/** How long a card or PayPal page, or an M-Pesa prompt, for an invoice stays open. */
export const INVOICE_CHARGE_MINUTES = 35

/** "INV-0007": sellers' invoice numbers, four digits and more. */
export const invoiceNumber = (n: number) => `INV-${String(n).padStart(4, '0')}`

/**
 * How a reminder reads in English: "3 days before", "On the due date", "7 days after". The English
 * reference copy: the editor writes it in the page's language (src/features/invoices/invoice-format.tsx).
 */
export function reminderText(days: number): string {
  // i18n-ignore: the English reference copy, translated by the app's own ids
  if (days === 0) return 'On the due date'
  const n = Math.abs(days)
  return `${n} day${n === 1 ? '' : 's'} ${days < 0 ? 'before' : 'after'}`
}
