import type { AuditEntry } from '../../../contract/admin-people.contract'
import { isCurrencyCode } from '../../../contract/currencies'
import { formatMoney } from '../../../contract/format-money'
import { csvField, csvLines } from '../../lib/csv'

const ACTIONS: Record<string, string> = {
  'user.suspend': 'Suspended',
  'user.reinstate': 'Reinstated',
  'user.password-reset': 'Forced a password reset',
  'role.grant.admin': 'Made admin',
  'role.remove.admin': 'Removed the admin role',
  'role.grant.seller': 'Restored the seller role',
  'role.remove.seller': 'Removed the seller role',
  'settings.update': 'Changed the platform settings',
  'rates.update': 'Changed exchange rates',
  'product.unpublish': 'Unpublished a product',
  'report.dismiss': 'Dismissed a report',
  'order.refund': 'Refunded an order',
  'order.resend-receipt': 'Sent a receipt again',
  'payout.approve': 'Approved a payout',
  'payout.reject': 'Rejected a payout',
  'payout.mark-paid': 'Marked a bank payout paid',
  'payout.mark-failed': 'Marked a bank payout failed',
  'payout.retry': 'Retried a payout',
  'verification.approve': 'Approved an identity check',
  'verification.reject': 'Rejected an identity check',
  'unmatched.resolve': 'Settled an unmatched payment',
  'invite.create': 'Sent an invitation',
}

/** What an entry's action says to a person: "Suspended", "Changed the platform settings". */
export function actionText(action: string): string {
  return ACTIONS[action] ?? action
}

const FIGURES: Record<string, string> = {
  saleFeeBps: 'Fee',
  saleFeeFixed: 'Fixed fee',
  holdDays: 'Hold (days)',
  instantFeeBps: 'Instant payout fee',
  payoutMinimum: 'Least payout',
  payoutMaximum: 'Largest payout',
  payoutDaily: 'Payouts a day',
  approvalOver: 'Approve payouts over',
  minPrice: 'Lowest price',
  maxPrice: 'Highest price',
}

/** A changed field's name as people read it: `payoutMaximum.KES` → "Largest payout (KES)". */
export function fieldText(name: string): string {
  const [key = name, code] = name.split('.')
  const label = FIGURES[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  return code ? `${label} (${code})` : label[0]?.toUpperCase() + label.slice(1)
}

/** A field's value as people read it: basis points as a percentage, minor units as money. */
export function valueText(name: string, value: unknown): string {
  if (value === null || value === undefined) return '—'
  const [key, code] = name.split('.')
  if (typeof value === 'number' && key?.endsWith('Bps')) return `${value / 100}%`
  if (typeof value === 'number' && code && isCurrencyCode(code)) return formatMoney(value, code, 'en')
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (Array.isArray(value)) return value.join(', ')
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/** Each field the entry changed, with its value before and after. */
export function changes(entry: Pick<AuditEntry, 'before' | 'after'>) {
  const names = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])]
  return names.map((name) => ({
    name,
    label: fieldText(name),
    before: entry.before && name in entry.before ? valueText(name, entry.before[name]) : '—',
    after: entry.after && name in entry.after ? valueText(name, entry.after[name]) : '—',
  }))
}

/** The log as a CSV file: one row per entry, its changes as `field: before → after`. */
export function auditCsv(entries: AuditEntry[]): string {
  const rows = [
    ['When (UTC)', 'Admin', 'Action', 'Record', 'Record id', 'Reason', 'Changes', 'Address'],
    ...entries.map((e) => [
      e.at.replace('T', ' ').slice(0, 19),
      e.actor.email,
      actionText(e.action),
      e.target.label || e.target.kind,
      e.target.id,
      e.reason ?? '',
      changes(e)
        .map((c) => `${c.label}: ${c.before} → ${c.after}`)
        .join('; '),
      e.ip,
    ]),
  ]
  return csvLines(rows.map((fields) => fields.map((field) => csvField(field))))
}
