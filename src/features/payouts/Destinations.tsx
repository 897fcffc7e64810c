import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { SubjectOutput } from '../../../contract'
import { currencyCodes } from '../../../contract/currencies'
import type { PayoutRail } from '../../../contract/payouts.constants'
import { Choice, errorState, Field, FormMessage, SelectField, text } from '../../components/Form'
import { formatDateTime } from '../../lib/dates'
import { rpc } from '../../lib/rpc'
import { payoutsQueries } from './payouts.queries'

type Methods = SubjectOutput<'listPayoutMethods'>

const RAILS: { rail: PayoutRail; name: MessageDescriptor | string }[] = [
  { rail: 'mpesa', name: 'M-Pesa' },
  { rail: 'paypal', name: 'PayPal' },
  { rail: 'bank', name: msg`Bank account` },
]

/**
 * The seller's payout destinations: each with a way to remove it, and a form to add one, which the
 * withdrawal opens (`adding`) when no destination takes the currency.
 */
export function Destinations({
  methods,
  adding,
  onAdding,
}: {
  methods: Methods
  adding: boolean
  onAdding: (open: boolean) => void
}) {
  const { t } = useLingui()
  const id = useId()
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: payoutsQueries.methods().queryKey })
  const [removing, setRemoving] = useState<string | null>(null)
  const remove = useMutation({
    mutationFn: (methodId: string) => rpc('removePayoutMethod', { methodId }),
    onSuccess: () => {
      setRemoving(null)
      void refresh()
    },
  })
  return (
    <section aria-labelledby={`${id}-heading`} id="destinations">
      <h2 id={`${id}-heading`}>
        <Trans>Where you get paid</Trans>
      </h2>
      {methods.methods.length === 0 ? (
        <p className="muted">
          <Trans>No destinations yet: add one below to withdraw.</Trans>
        </p>
      ) : (
        <ul className="cards">
          {methods.methods.map((m) => (
            <li key={m.id} className="card destination">
              <p>
                <strong>{m.label}</strong>
              </p>
              {Date.parse(m.usableFrom) > Date.now() ? (
                <p className="muted">
                  <Trans>New: it can receive money from {formatDateTime(m.usableFrom)}.</Trans>
                </p>
              ) : null}
              {removing === m.id ? (
                <p>
                  {t`Remove ${m.label}?`}{' '}
                  <button
                    type="button"
                    className="button secondary button-small"
                    onClick={() => remove.mutate(m.id)}
                  >
                    <Trans>Yes, remove it</Trans>
                  </button>{' '}
                  <button type="button" className="link-button" onClick={() => setRemoving(null)}>
                    <Trans>Keep it</Trans>
                  </button>
                </p>
              ) : (
                <button type="button" className="link-button" onClick={() => setRemoving(m.id)}>
                  <Trans>
                    Remove<span className="visually-hidden"> {m.label}</span>
                  </Trans>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {remove.isError ? <FormMessage message={errorState(remove.error).message} /> : null}
      <AddDestination
        waitHours={methods.figures.newMethodWaitHours}
        open={adding}
        onToggle={onAdding}
        onAdded={() => void refresh()}
      />
    </section>
  )
}

function AddDestination({
  waitHours,
  open,
  onToggle,
  onAdded,
}: {
  waitHours: number
  open: boolean
  onToggle: (open: boolean) => void
  onAdded: () => void
}) {
  const { t } = useLingui()
  const [rail, setRail] = useState<PayoutRail>('mpesa')
  const [phone, setPhone] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [added, setAdded] = useState<string | null>(null)
  const sendCode = useMutation({
    mutationFn: () => rpc('requestPhoneCode', { phone }),
    onSuccess: (answer) => setSentTo(answer.sentTo),
  })
  const add = useMutation({
    mutationFn: (data: FormData) => {
      const method =
        rail === 'mpesa'
          ? { kind: 'mpesa' as const, phone }
          : rail === 'paypal'
            ? { kind: 'paypal' as const, email: text(data, 'email') }
            : {
                kind: 'bank' as const,
                accountName: text(data, 'accountName'),
                bankName: text(data, 'bankName'),
                accountNumber: text(data, 'accountNumber'),
                currency: text(data, 'currency') as (typeof currencyCodes)[number],
                ...(text(data, 'swiftCode') ? { swiftCode: text(data, 'swiftCode') } : {}),
              }
      return rpc('addPayoutMethod', { method, ...(rail === 'mpesa' ? { code: text(data, 'code') } : {}) })
    },
    onSuccess: (answer) => {
      setAdded(answer.method.label)
      setSentTo(null)
      setPhone('')
      onAdded()
    },
  })
  const failed = add.isError ? errorState(add.error) : sendCode.isError ? errorState(sendCode.error) : null
  const errors = Object.fromEntries(
    Object.entries(failed?.errors ?? {}).map(([key, message]) => [key.replace(/^method\./, ''), message]),
  )
  const wait =
    waitHours > 0
      ? t`${plural(waitHours, {
          one: 'A new destination receives money # hour after it is added, and we tell you by e-mail and SMS.',
          other:
            'A new destination receives money # hours after it is added, and we tell you by e-mail and SMS.',
        })}`
      : ''
  return (
    <details
      className="card add-destination"
      id="add-destination"
      open={open}
      onToggle={(event) => onToggle(event.currentTarget.open)}
    >
      <summary>
        <Trans>Add a destination</Trans>
      </summary>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          setAdded(null)
          add.mutate(new FormData(event.currentTarget))
        }}
      >
        <fieldset className="fieldset">
          <legend>
            <Trans>Kind</Trans>
          </legend>
          <div className="choices">
            {RAILS.map((r) => (
              <Choice
                key={r.rail}
                name="rail"
                value={r.rail}
                checked={rail === r.rail}
                onChoose={() => {
                  setRail(r.rail)
                  add.reset()
                }}
              >
                {typeof r.name === 'string' ? r.name : t(r.name)}
              </Choice>
            ))}
          </div>
        </fieldset>
        {rail === 'mpesa' ? (
          <>
            <Field
              label={t`M-Pesa number`}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="07XX XXX XXX"
              value={phone}
              onChange={(e) => {
                setPhone(e.target.value)
                setSentTo(null)
              }}
              errors={errors}
              hint={t`We text a code to this number to check it is yours.`}
            />
            {sentTo ? (
              <Field
                label={t`Code from the SMS`}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                errors={errors}
                hint={t`Sent to ${sentTo}. It works for 10 minutes.`}
              />
            ) : (
              <button
                type="button"
                className="button secondary"
                disabled={!phone || sendCode.isPending}
                aria-busy={sendCode.isPending}
                onClick={() => sendCode.mutate()}
              >
                {sendCode.isPending ? t`Sending…` : t`Send the code`}
              </button>
            )}
          </>
        ) : rail === 'paypal' ? (
          <Field label={t`PayPal e-mail`} name="email" type="email" autoComplete="email" errors={errors} />
        ) : (
          <>
            <Field label={t`Name on the account`} name="accountName" autoComplete="name" errors={errors} />
            <Field
              label={t`Bank`}
              name="bankName"
              errors={errors}
              hint={t`With the branch, e.g. Equity Bank, Kimathi Street.`}
            />
            <Field
              label={t`Account number or IBAN`}
              name="accountNumber"
              autoComplete="off"
              errors={errors}
            />
            <Field
              label={t`SWIFT/BIC (for transfers from abroad)`}
              name="swiftCode"
              autoComplete="off"
              errors={errors}
            />
            <SelectField
              label={t`Currency of the account`}
              name="currency"
              defaultValue="KES"
              options={currencyCodes.map((c) => ({ value: c, label: c }))}
              errors={errors}
            />
          </>
        )}
        {wait ? <p className="muted">{wait}</p> : null}
        <FormMessage message={failed && Object.keys(errors).length === 0 ? failed.message : null} />
        {added ? (
          <p className="form-message form-message-ok" role="status">
            <Trans>Added {added}.</Trans>
          </p>
        ) : null}
        {rail !== 'mpesa' || sentTo ? (
          <button type="submit" className="button" disabled={add.isPending} aria-busy={add.isPending}>
            {add.isPending ? t`Adding…` : t`Add this destination`}
          </button>
        ) : null}
      </form>
    </details>
  )
}
