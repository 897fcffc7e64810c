import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import type { SubjectOutput } from '../../../contract'
import type { CurrencyCode } from '../../../contract/currencies'
import type { PayoutSpeed } from '../../../contract/payouts.constants'
import { instantFeeOf, PAYOUT_STATUS_TEXT, railStep } from '../../../contract/payouts.constants'
import type { PayoutBalance, PayoutDestination } from '../../../contract/payouts.contract'
import { Choice, errorState, Field, FieldNotes, FormMessage } from '../../components/Form'
import { formatDateTime } from '../../lib/dates'
import { formatMoney, majorText, toMinor } from '../../lib/money'
import { randomUuid } from '../../lib/random-uuid'
import { rpc } from '../../lib/rpc'
import { transactionsQueries } from '../transactions/transactions.queries'

type Methods = SubjectOutput<'listPayoutMethods'>

/** Whether a destination takes a currency: M-Pesa KES, a bank account its own, PayPal its list. */
export function takes(method: PayoutDestination, currency: CurrencyCode, paypal: CurrencyCode[]) {
  return method.currency ? method.currency === currency : paypal.includes(currency)
}

/** What to add to withdraw a currency no destination takes. */
function whatToAdd(currency: CurrencyCode, paypal: CurrencyCode[]): string {
  if (currency === 'KES') return 'an M-Pesa number or a bank account in KES'
  if (paypal.includes(currency)) return `a PayPal e-mail or a bank account in ${currency}`
  return `a bank account in ${currency}`
}

const ARRIVES: Record<string, string> = {
  mpesa: 'within a few minutes',
  paypal: 'usually within minutes (PayPal may take up to a day)',
  bank: 'in 1–3 working days after the transfer is made',
}

/**
 * The withdrawal: a currency's available balance, how much, where, and how fast. Before the button it
 * says exactly what arrives, where and when, with the fee of an instant payout.
 */
export function WithdrawForm({ balances, methods }: { balances: PayoutBalance[]; methods: Methods }) {
  const id = useId()
  const queryClient = useQueryClient()
  const withMoney = balances.filter((b) => b.available > 0)
  const [currency, setCurrency] = useState<CurrencyCode>(
    withMoney[0]?.currency ?? balances[0]?.currency ?? 'KES',
  )
  const balance = balances.find((b) => b.currency === currency)
  const paypal = methods.figures.paypalCurrencies
  const usable = methods.methods.filter((m) => takes(m, currency, paypal))
  const now = Date.now()
  const ready = usable.filter((m) => Date.parse(m.usableFrom) <= now)
  const [methodId, setMethodId] = useState(ready[0]?.id ?? '')
  const method = usable.find((m) => m.id === methodId) ?? ready[0]
  const [speed, setSpeed] = useState<PayoutSpeed>('instant')
  const actualSpeed: PayoutSpeed = method?.rail === 'bank' ? 'standard' : speed
  const [amountText, setAmountText] = useState('')
  const amount = toMinor(amountText, currency)
  const fee =
    actualSpeed === 'instant' && amount && method
      ? instantFeeOf(amount, methods.figures.instantFeeBps, method.rail)
      : 0
  // What the destination can receive: M-Pesa whole shillings.
  const unit = method ? railStep(method.rail) : 1
  const all = Math.max(balance?.available ?? 0, 0) - (Math.max(balance?.available ?? 0, 0) % unit)
  const money = (value: number) => formatMoney(value, currency)
  // One key per attempt: tapping again after a lost answer sends the same key, and the server answers
  // with the payout it already made; a withdrawal with other details, or after one went through, is new.
  const attempt = useRef<{ key: string; details: string } | null>(null)
  const withdraw = useMutation({
    mutationFn: () => {
      const ask = { currency, amount: amount ?? 0, methodId: method?.id ?? '', speed: actualSpeed }
      const details = JSON.stringify(ask)
      if (attempt.current?.details !== details) attempt.current = { key: randomUuid(), details }
      return rpc('requestPayout', { ...ask, requestKey: attempt.current.key })
    },
    onSuccess: () => {
      attempt.current = null
      setAmountText('')
      void queryClient.invalidateQueries({ queryKey: transactionsQueries.all() })
    },
  })
  const failed = withdraw.isError ? errorState(withdraw.error) : null
  const errors: Record<string, string> = {
    ...(failed?.errors ?? {}),
    ...(amountText && amount === null ? { amount: 'Enter an amount like 1500 or 1500.50' } : {}),
  }
  const when =
    actualSpeed === 'instant'
      ? ARRIVES[method?.rail ?? 'mpesa']
      : methods.schedule.nextRunAt
        ? `with your scheduled payout, ${formatDateTime(methods.schedule.nextRunAt)}`
        : 'with the next morning’s payouts (6:00 AM your time)'
  const bankDays =
    method?.rail === 'bank' && actualSpeed === 'standard' ? ', then 1–3 working days at the bank' : ''
  const feePercent = `${(methods.figures.instantFeeBps / 100).toFixed(methods.figures.instantFeeBps % 100 ? 1 : 0)}%`
  return (
    <section aria-labelledby={`${id}-heading`} className="card withdraw-form">
      <h2 id={`${id}-heading`}>New withdrawal</h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (amount && method) withdraw.mutate()
        }}
      >
        {balances.length > 1 ? (
          <fieldset className="fieldset">
            <legend>Currency</legend>
            <div className="choices">
              {balances.map((b) => (
                <Choice
                  key={b.currency}
                  name="currency"
                  value={b.currency}
                  checked={currency === b.currency}
                  onChoose={() => {
                    setCurrency(b.currency)
                    setMethodId('')
                    setAmountText('')
                  }}
                >
                  {b.currency} · {formatMoney(b.available, b.currency)}
                </Choice>
              ))}
            </div>
          </fieldset>
        ) : null}
        <Field
          label={`Amount (${currency})`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          onChange={(e) => setAmountText(e.target.value)}
          errors={errors}
          hint={`Available: ${money(Math.max(balance?.available ?? 0, 0))}. Least ${money(
            methods.figures.minimum.find((m) => m.currency === currency)?.amount ?? 0,
          )}.`}
        />
        {balance && balance.available > 0 ? (
          <button
            type="button"
            className="link-button"
            onClick={() => setAmountText(majorText(all, currency))}
          >
            Withdraw all {money(all)}
          </button>
        ) : null}
        <fieldset className="fieldset" aria-describedby={errors.methodId ? `${id}-method-error` : undefined}>
          <legend>To</legend>
          <FieldNotes id={`${id}-method`} error={errors.methodId} />
          {usable.length === 0 ? (
            <p className="notice">
              No destination takes {currency} yet: add {whatToAdd(currency, paypal)} below.
            </p>
          ) : (
            <div className="choices choices-wide">
              {usable.map((m) => {
                const waiting = Date.parse(m.usableFrom) > now
                return (
                  <Choice
                    key={m.id}
                    name="methodId"
                    value={m.id}
                    checked={method?.id === m.id}
                    disabled={waiting}
                    onChoose={() => setMethodId(m.id)}
                  >
                    <span>
                      {m.label}
                      {waiting ? (
                        <span className="muted"> · receives money from {formatDateTime(m.usableFrom)}</span>
                      ) : null}
                    </span>
                  </Choice>
                )
              })}
            </div>
          )}
        </fieldset>
        <fieldset className="fieldset">
          <legend>Speed</legend>
          <div className="choices choices-wide">
            <Choice
              name="speed"
              value="instant"
              checked={actualSpeed === 'instant'}
              disabled={method?.rail === 'bank'}
              onChoose={() => setSpeed('instant')}
            >
              Instant · fee {feePercent}
            </Choice>
            <Choice
              name="speed"
              value="standard"
              checked={actualSpeed === 'standard'}
              onChoose={() => setSpeed('standard')}
            >
              Standard · free
            </Choice>
          </div>
        </fieldset>
        {amount && method ? (
          <p className="quote" role="status">
            You receive <strong>{money(amount - fee)}</strong> at {method.label} {when}
            {bankDays}
            {fee ? ` (fee ${money(fee)})` : ''}.
          </p>
        ) : null}
        <FormMessage message={failed && Object.keys(failed.errors).length === 0 ? failed.message : null} />
        {withdraw.isSuccess ? (
          <p className="form-message form-message-ok" role="status">
            Payout of {formatMoney(withdraw.data.payout.arrives, withdraw.data.payout.currency)}:{' '}
            {PAYOUT_STATUS_TEXT[withdraw.data.payout.status].toLowerCase()}. Follow it under “Your payouts”.
          </p>
        ) : null}
        <button
          type="submit"
          className="button"
          disabled={withdraw.isPending || !amount || !method}
          aria-busy={withdraw.isPending}
        >
          {withdraw.isPending ? 'Withdrawing…' : amount ? `Withdraw ${money(amount)}` : 'Withdraw'}
        </button>
      </form>
    </section>
  )
}
