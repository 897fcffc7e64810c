import { Trans, useLingui } from '@lingui/react/macro'
import { Field } from '../../components/Form'
import { money } from '../catalog/money'
import type { CheckoutForm } from './useCheckoutForm'

/**
 * The discount code: typed and applied, or shown applied ("NAIROBI20 applied: −KES 300.00") with a way to
 * take it off. Without script the field is part of the same form, and the server applies it.
 */
export function CheckoutCode({ form }: { form: CheckoutForm }) {
  const { t } = useLingui()
  const { code, quote } = form
  const discount = code.applied ? quote.data?.discount : null
  if (discount) {
    const off = money(discount.amount)
    return (
      <p className="code-applied" role="status">
        <input type="hidden" name="code" value={code.applied} />
        {t`${discount.code} applied: −${off}`}{' '}
        <button type="button" className="link-button" onClick={code.remove}>
          <Trans>
            Remove<span className="visually-hidden"> the code</span>
          </Trans>
        </button>
      </p>
    )
  }
  const errors = code.error ? { ...form.errors, code: code.error } : form.errors
  return (
    <div className="code-field">
      <Field
        label={t`Discount code (optional)`}
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        value={code.text}
        onChange={(e) => code.setText(e.target.value)}
        onKeyDown={(e) => {
          // Enter applies the code rather than paying.
          if (e.key === 'Enter') {
            e.preventDefault()
            code.apply()
          }
        }}
        errors={errors}
      />
      <button
        type="button"
        className="button secondary button-small"
        disabled={!code.text.trim() || code.text.trim() === code.applied}
        onClick={code.apply}
      >
        <Trans>Apply</Trans>
      </button>
    </div>
  )
}
