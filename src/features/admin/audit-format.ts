import type { MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import type { AuditEntry } from '../../../contract/admin-people.contract'
import { isCurrencyCode } from '../../../contract/currencies'
import { formatMoney } from '../../../contract/format-money'
import { csvField, csvLines } from '../../lib/csv'
import { i18n } from '../../lib/i18n'

const ACTIONS: Record<string, MessageDescriptor> = {
  'user.suspend': msg`Suspended`,
  'user.reinstate': msg`Reinstated`,
  'user.password-reset': msg`Forced a password reset`,
  'role.grant.admin': msg`Made admin`,
  'role.remove.admin': msg`Removed the admin role`,
  'role.grant.seller': msg`Restored the seller role`,
  'role.remove.seller': msg`Removed the seller role`,
  'settings.update': msg`Changed the platform settings`,
  'rates.update': msg`Changed exchange rates`,
  'product.unpublish': msg`Unpublished a product`,
  'report.dismiss': msg`Dismissed a report`,
  'order.refund': msg`Refunded an order`,
  'order.resend-receipt': msg`Sent a receipt again`,
  'payout.approve': msg`Approved a payout`,
  'payout.reject': msg`Rejected a payout`,
  'payout.mark-paid': msg`Marked a bank payout paid`,
  'payout.mark-failed': msg`Marked a bank payout failed`,
  'payout.retry': msg`Retried a payout`,
  'verification.approve': msg`Approved an identity check`,
  'verification.reject': msg`Rejected an identity check`,
  'unmatched.resolve': msg`Settled an unmatched payment`,
  'invite.create': msg`Sent an invitation`,
}

/**
 * What an entry's action says to a person: "Suspended", "Changed the platform settings". These functions
 * are called while rendering or exporting, in the page's language.
 */
export function actionText(action: string): string {
  const said = ACTIONS[action]
  return said ? i18n._(said) : action
}

const FIGURES: Record<string, MessageDescriptor> = {
  saleFeeBps: msg`Fee`,
  saleFeeFixed: msg`Fixed fee`,
  holdDays: msg`Hold (days)`,
  instantFeeBps: msg`Instant payout fee`,
  payoutMinimum: msg`Least payout`,
  payoutMaximum: msg`Largest payout`,
  payoutDaily: msg`Payouts a day`,
  approvalOver: msg`Approve payouts over`,
  minPrice: msg`Lowest price`,
  maxPrice: msg`Highest price`,
}

/** A changed field's name as people read it: `payoutMaximum.KES` → "Largest payout (KES)". */
export function fieldText(name: string): string {
  const [key = name, code] = name.split('.')
  const figure = FIGURES[key]
  const label = figure ? i18n._(figure) : key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  return code ? `${label} (${code})` : label[0]?.toUpperCase() + label.slice(1)
}

/** A field's value as people read it: basis points as a percentage, minor units as money. */
export function valueText(name: string, value: unknown): string {
  if (value === null || value === undefined) return '—'
  const [key, code] = name.split('.')
  if (typeof value === 'number' && key?.endsWith('Bps')) return `${value / 100}%`
  if (typeof value === 'number' && code && isCurrencyCode(code)) return formatMoney(value, code, 'en')
  if (typeof value === 'boolean') return value ? t`yes` : t`no`
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
    [t`When (UTC)`, t`Admin`, t`Action`, t`Record`, t`Record id`, t`Reason`, t`Changes`, t`Address`],
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
