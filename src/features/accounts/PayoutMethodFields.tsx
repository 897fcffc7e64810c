import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { PayoutMethod } from '../../../contract/accounts.contract'
import { Field, type FieldErrors, SelectField, text } from '../../components/Form'

const kinds = [
  { value: 'mpesa', label: 'M-Pesa' as const },
  { value: 'paypal', label: 'PayPal' as const },
  { value: 'bank', label: msg`Bank transfer` },
]

const bankCurrencies = ['KES', 'UGX', 'TZS', 'RWF', 'NGN', 'GHS', 'ZAR', 'USD', 'EUR', 'GBP']

/** How a seller gets paid: the fields of the chosen kind, named as the server reports their errors. */
export function PayoutMethodFields({ errors, initial }: { errors: FieldErrors; initial?: PayoutMethod }) {
  const { t } = useLingui()
  const [kind, setKind] = useState<string>(initial?.kind ?? 'mpesa')
  const bank = initial?.kind === 'bank' ? initial : undefined
  return (
    <fieldset className="fieldset">
      <legend>
        <Trans>How you get paid</Trans>
      </legend>
      <SelectField
        label={t`Payout method`}
        name="payoutMethod.kind"
        options={kinds.map((k) => ({
          value: k.value,
          label: typeof k.label === 'string' ? k.label : t(k.label),
        }))}
        value={kind}
        onChange={setKind}
        errors={errors}
      />
      {kind === 'mpesa' ? (
        <Field
          label={t`M-Pesa number`}
          name="payoutMethod.phone"
          type="tel"
          autoComplete="tel"
          placeholder="0712 345 678"
          defaultValue={initial?.kind === 'mpesa' ? `0${initial.phone.slice(3)}` : ''}
          hint={t`07XX XXX XXX, 01XX XXX XXX or +254…`}
          required
          errors={errors}
        />
      ) : null}
      {kind === 'paypal' ? (
        <Field
          label={t`PayPal e-mail`}
          name="payoutMethod.email"
          type="email"
          defaultValue={initial?.kind === 'paypal' ? initial.email : ''}
          required
          errors={errors}
        />
      ) : null}
      {kind === 'bank' ? (
        <>
          <Field
            label={t`Name on the account`}
            name="payoutMethod.accountName"
            defaultValue={bank?.accountName}
            required
            errors={errors}
          />
          <Field
            label={t`Bank`}
            name="payoutMethod.bankName"
            defaultValue={bank?.bankName}
            required
            errors={errors}
          />
          <Field
            label={t`Account number or IBAN`}
            name="payoutMethod.accountNumber"
            defaultValue={bank?.accountNumber}
            required
            errors={errors}
          />
          <Field
            label={t`SWIFT/BIC code (for transfers from abroad)`}
            name="payoutMethod.swiftCode"
            defaultValue={bank?.swiftCode}
            errors={errors}
          />
          <SelectField
            label={t`Account currency`}
            name="payoutMethod.currency"
            options={bankCurrencies.map((c) => ({ value: c, label: c }))}
            defaultValue={bank?.currency ?? 'KES'}
            errors={errors}
          />
        </>
      ) : null}
    </fieldset>
  )
}

/** The payout method from the form, as the contract wants it; the server validates it. */
export function readPayoutMethod(data: FormData): PayoutMethod {
  const kind = text(data, 'payoutMethod.kind')
  if (kind === 'paypal') return { kind, email: text(data, 'payoutMethod.email') }
  if (kind === 'bank') {
    const swiftCode = text(data, 'payoutMethod.swiftCode')
    return {
      kind,
      accountName: text(data, 'payoutMethod.accountName'),
      bankName: text(data, 'payoutMethod.bankName'),
      accountNumber: text(data, 'payoutMethod.accountNumber'),
      ...(swiftCode ? { swiftCode } : {}),
      currency: text(data, 'payoutMethod.currency') as 'KES',
    }
  }
  return { kind: 'mpesa', phone: text(data, 'payoutMethod.phone') }
}
