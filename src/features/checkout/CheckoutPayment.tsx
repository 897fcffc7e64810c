import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { METHOD_NAMES, PAYMENT_METHODS, type PaymentMethod } from '../../../contract/checkout.constants'
import { Choice, Field, type FieldErrors, FieldNotes } from '../../components/Form'
import { translateCode } from '../../lib/i18n'

/** What happens after pressing Pay, for each way to pay. */
export const HOW_IT_GOES: Record<PaymentMethod, ReturnType<typeof msg>> = {
  mpesa: msg`A payment prompt comes to your phone: enter your M-Pesa PIN there.`,
  card: msg`You pay on our card partner’s secure page, then come back here.`,
  paypal: msg`You pay on PayPal, then come back here.`,
}

/**
 * How the buyer pays: one radio button per method (those the quote cannot charge are disabled), and for
 * M-Pesa the phone the payment prompt goes to.
 */
export function CheckoutPayment({
  method,
  onMethod,
  available,
  phone,
  onPhone,
  onPhoneBlur,
  textMe,
  onTextMe,
  errors,
}: {
  method: PaymentMethod
  onMethod: (method: PaymentMethod) => void
  available: readonly PaymentMethod[]
  phone: string
  onPhone: (phone: string) => void
  onPhoneBlur: () => void
  /** A checkout's "Text me" choice (an invoice's payment has none). */
  textMe?: boolean
  onTextMe?: (textMe: boolean) => void
  errors: FieldErrors
}) {
  const { t } = useLingui()
  const id = useId()
  return (
    <fieldset className="fieldset" aria-describedby={errors.method ? `${id}-error` : undefined}>
      <legend>
        <Trans>Pay with</Trans>
      </legend>
      <FieldNotes id={id} error={errors.method} />
      <div className="choices">
        {PAYMENT_METHODS.map((m) => (
          <Choice
            key={m}
            name="method"
            value={m}
            checked={method === m}
            disabled={!available.includes(m)}
            onChoose={() => onMethod(m)}
          >
            {translateCode(undefined, undefined, METHOD_NAMES[m])}
          </Choice>
        ))}
      </div>
      {method === 'mpesa' ? (
        <>
          <Field
            label={t`M-Pesa phone number`}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="07XX XXX XXX"
            value={phone}
            onChange={(e) => onPhone(e.target.value)}
            onBlur={onPhoneBlur}
            errors={errors}
            hint={t`The number to send the payment prompt to, e.g. 0712 345 678.`}
          />
          {onTextMe ? (
            <label className="field field-check">
              <input type="checkbox" checked={textMe === true} onChange={(e) => onTextMe(e.target.checked)} />
              <Trans>Text me if my payment doesn’t go through</Trans>
            </label>
          ) : null}
        </>
      ) : null}
    </fieldset>
  )
}
