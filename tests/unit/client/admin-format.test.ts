import { describe, expect, it } from 'vitest'
import type { PayoutView } from '../../../contract/payouts.contract'
import {
  validateAuditSearch,
  validatePeopleSearch,
  validateQuerySearch,
} from '../../../src/features/admin/admin-search'
import { actionText, auditCsv, changes, fieldText, valueText } from '../../../src/features/admin/audit-format'
import { bankCsv } from '../../../src/features/admin/bank-csv'
import { smsSummary } from '../../../src/features/admin/outbox-format'

const entry = {
  id: '0190f0a0-0000-7000-8000-000000000001',
  at: '2026-11-25T07:30:12.000Z',
  actor: { id: 'a', email: 'admin@soko.test' },
  action: 'settings.update',
  target: { kind: 'settings', id: 'terms', label: 'Platform terms' },
  reason: null,
  before: { saleFeeBps: 500, 'saleFeeFixed.KES': 0, holdDays: 7 },
  after: { saleFeeBps: 800, 'saleFeeFixed.KES': 20_00, holdDays: 3 },
  ip: '41.90.1.2',
}

describe('the audit log as people read it', () => {
  it('names actions and fields, and writes basis points as percentages and minor units as money', () => {
    expect(actionText('user.suspend')).toBe('Suspended')
    expect(actionText('something.new')).toBe('something.new')
    expect(fieldText('payoutMaximum.KES')).toBe('Largest payout (KES)')
    expect(fieldText('suspended')).toBe('Suspended')
    expect(valueText('saleFeeBps', 250)).toBe('2.5%')
    expect(valueText('saleFeeFixed.KES', 20_00)).toMatch(/^KES\s20\.00$/)
    expect(valueText('suspended', true)).toBe('yes')
    expect(valueText('roles', ['customer', 'admin'])).toBe('customer, admin')
    expect(changes(entry).map((c) => [c.label, c.before, c.after])).toEqual([
      ['Fee', '5%', '8%'],
      ['Fixed fee (KES)', expect.stringMatching(/^KES\s0\.00$/), expect.stringMatching(/^KES\s20\.00$/)],
      ['Hold (days)', '7', '3'],
    ])
  })

  it('exports entries as CSV, with a reason a spreadsheet would run defused', () => {
    const csv = auditCsv([{ ...entry, action: 'user.suspend', reason: '=HYPERLINK("http://x")' }])
    const [head, row] = csv.split('\r\n')
    expect(head).toBe('When (UTC),Admin,Action,Record,Record id,Reason,Changes,Address')
    expect(row).toContain('2026-11-25 07:30:12,admin@soko.test,Suspended,Platform terms,terms')
    expect(row).toContain(`"'=HYPERLINK(""http://x"")"`)
    expect(row).toContain('Fee: 5% → 8%')
  })
})

describe('the bank file', () => {
  it('has one row per transfer, the amount that arrives as an exact decimal', () => {
    const payout = {
      id: '0190f0a0-0000-7000-8000-00000000abcd',
      arrives: 12_345_67,
      currency: 'KES',
      bankAccount: {
        accountName: '+Wanjiru K',
        accountNumber: '0123 456789',
        bankName: 'Equity',
        swiftCode: null,
      },
    } as unknown as PayoutView
    const [head, row] = bankCsv([payout]).split('\r\n')
    expect(head).toBe('Beneficiary name,Account number,Bank,SWIFT/BIC,Amount,Currency,Payment reference')
    expect(row).toBe("'+Wanjiru K,0123 456789,Equity,,12345.67,KES,SOKO 00000000ABCD")
  })
})

describe('the admin pages’ URLs', () => {
  it('keeps only what is set and known', () => {
    expect(validatePeopleSearch({ q: '  0712 ', filter: 'admins' })).toEqual({ q: '0712', filter: 'admins' })
    expect(validatePeopleSearch({ filter: 'everyone' })).toEqual({})
    expect(validateAuditSearch({ target: 'abc', q: '' })).toEqual({ target: 'abc' })
    expect(validateQuerySearch({ q: 'SK12', reported: '1' })).toEqual({ q: 'SK12', reported: true })
    expect(validateQuerySearch({ reported: 'no' })).toEqual({})
  })
})

describe('the outbox list', () => {
  it('shows an SMS by its first words, line breaks as spaces, cut at a word', () => {
    expect(smsSummary('Wanjiru Studio\nsent invoice INV-0002')).toBe('Wanjiru Studio sent invoice INV-0002')
    expect(
      smsSummary(
        'Wanjiru Studio\nsent invoice INV-0002: KES 14,501.16 due 11 Dec 2026. Pay: https://soko.test/p/x',
      ),
    ).toBe('Wanjiru Studio sent invoice INV-0002: KES 14,501.16 due 11…')
    expect(smsSummary('x'.repeat(70))).toBe(`${'x'.repeat(60)}…`)
  })
})
