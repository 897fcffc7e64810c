import type { PayoutView } from '../../../contract/payouts.contract'
import { csvField, csvLines, toDecimal } from '../../lib/csv'

/** The bank transfers waiting, as one file for the bank's bulk upload. */
export function bankCsv(payouts: PayoutView[]): string {
  const rows = [
    // i18n-ignore: the bank's bulk-upload format names its columns in English
    ['Beneficiary name', 'Account number', 'Bank', 'SWIFT/BIC', 'Amount', 'Currency', 'Payment reference'],
    ...payouts.map((p) => [
      p.bankAccount?.accountName ?? '',
      p.bankAccount?.accountNumber ?? '',
      p.bankAccount?.bankName ?? '',
      p.bankAccount?.swiftCode ?? '',
      toDecimal(p.arrives, p.currency),
      p.currency,
      `SOKO ${p.id.slice(-12).toUpperCase()}`,
    ]),
  ]
  return csvLines(rows.map((fields) => fields.map((field, i) => csvField(field, { numeric: i === 4 }))))
}
