import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import type { SubjectOutput } from '../../../contract'
import type { CurrencyCode } from '../../../contract/currencies'
import type { PayoutSpeed } from '../../../contract/payouts.constants'
import type { PayoutBalance, PayoutView } from '../../../contract/payouts.contract'
import { Choice, errorState, Field, FieldNotes, FormMessage } from '../../components/Form'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { randomUuid } from '../../lib/random-uuid'
import { rpc } from '../../lib/rpc'
import { transactionsQueries } from '../transactions/transactions.queries'
import { WithdrawConfirm, WithdrawResult } from './WithdrawConfirm'
import {
  type AmountLimits,
  amountProblem,
  approvalTakes,
  editText,
  feePercent,
  parseAmount,
  quoteOf,
  takes,
  whatToAdd,
  wholeAmount,
} from './withdraw-model'

type Methods = SubjectOutput<'listPayoutMethods'>
type Step = 'details' | 'confirm' | 'done'

const figure = (table: { currency: CurrencyCode; amount: number }[] | undefined, currency: CurrencyCode) =>
  table?.find((row) => row.currency === currency)?.amount

/**
 * The withdrawal in steps, after the balance above it: how much and where (and how fast, where a choice
 * exists), each field's check said under it before anything is sent; then a sheet that states what
 * arrives, where, when and the fee, with Confirm and Back; then what happened and what comes next.
 */
export function WithdrawForm({
  balances,
  methods,
  onAddDestination,
}: {
  balances: PayoutBalance[]
  methods: Methods
  /** Opens the form that adds a destination (below on the page) and takes the seller there. */
  onAddDestination: () => void
}) {
  const { t } = useLingui()
  const id = useId()
  const queryClient = useQueryClient()
  const [step, setStep] = useState<Step>('details')
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
  const method = ready.find((m) => m.id === methodId) ?? ready[0]
  const [speed, setSpeed] = useState<PayoutSpeed>('instant')
  const [amountText, setAmountText] = useState('')
  // A check that more typing could mend waits until the field is left, or Continue is pressed.
  const [left, setLeft] = useState(false)
  const [tried, setTried] = useState(false)
  const limits: AmountLimits = {
    currency,
    available: balance?.available ?? 0,
    minimum: figure(methods.figures.minimum, currency) ?? 0,
    maximum: figure(methods.figures.maximum, currency) ?? Number.MAX_SAFE_INTEGER,
    rail: method?.rail ?? null,
  }
  const parsed = parseAmount(amountText, currency)
  const amount = parsed.kind === 'amount' ? parsed.minor : 0
  const problem = amountProblem(amountText, limits)
  const quote = method
    ? quoteOf({
        amount,
        rail: method.rail,
        speed,
        feeBps: methods.figures.instantFeeBps,
        firstPayout: methods.firstPayout ?? false,
        approvalOver: figure(methods.figures.approvalOver, currency),
        standardText: methods.schedule.standardText ?? t`the next 06:00, your time`,
      })
    : null
  const money = (value: number) => formatMoney(value, currency)
  const approvalOver = figure(methods.figures.approvalOver, currency)

  // One key per attempt: tapping Confirm again after a lost answer sends the same key, and the server
  // answers with the payout it already made; a withdrawal with other details, or after one went through, is new.
  const attempt = useRef<{ key: string; details: string } | null>(null)
  const [made, setMade] = useState<{ payout: PayoutView; standardText: string } | null>(null)
  const withdraw = useMutation({
    mutationFn: () => {
      const ask = { currency, amount, methodId: method?.id ?? '', speed: quote?.speed ?? speed }
      const details = JSON.stringify(ask)
      if (attempt.current?.details !== details) attempt.current = { key: randomUuid(), details }
      return rpc('requestPayout', { ...ask, requestKey: attempt.current.key })
    },
    onSuccess: (answer) => {
      attempt.current = null
      setMade({ payout: answer.payout, standardText: methods.schedule.standardText ?? '' })
      setAmountText('')
      setLeft(false)
      setTried(false)
      setStep('done')
      void queryClient.invalidateQueries({ queryKey: transactionsQueries.all() })
    },
    onError: (error) => {
      // A refusal that names a field goes back to the field, said under it.
      if (Object.keys(errorState(error).errors).length > 0) setStep('details')
    },
  })
  const failed = withdraw.isError ? errorState(withdraw.error) : null
  const server = failed?.errors ?? {}

  const amountError = problem && (problem.now || left || tried) ? problem.message : server.amount
  const earliest = usable.map((m) => m.usableFrom).sort()[0] ?? ''
  const destinationError =
    usable.length === 0 ? (
      <>
        <Trans>No destination can take {currency} yet.</Trans>{' '}
        <Link to="/account/withdraw" hash="add-destination" onClick={onAddDestination}>
          {whatToAdd(currency, paypal)}
        </Link>
      </>
    ) : ready.length === 0 ? (
      usable.length === 1 ? (
        t`${usable[0]?.label ?? ''} can receive money from ${formatDateTime(earliest)}`
      ) : (
        t`Your destinations for ${currency} can receive money from ${formatDateTime(earliest)}`
      )
    ) : (
      server.methodId
    )
  // What the server refused that has no field here (currency, the request key): said above the button.
  const elsewhere = Object.entries(server)
    .filter(([key]) => !['amount', 'methodId', 'speed'].includes(key))
    .map(([, message]) => message)
    .join(' ')
  const identityMissing = methods.identity !== 'approved'
  const blocked = Boolean(problem) || !method || identityMissing

  const form = useRef<HTMLFormElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const shownStep = useRef(step)
  // Each step starts where the keyboard and a screen reader should be (not on the page's first load).
  useEffect(() => {
    if (shownStep.current === step) return
    shownStep.current = step
    if (step === 'details')
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [name="amount"]')?.focus()
    else heading.current?.focus()
  }, [step])
  const edited = () => {
    if (withdraw.isError) withdraw.reset()
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="card withdraw-form">
      {step === 'confirm' && quote && method ? (
        <WithdrawConfirm
          headingId={`${id}-heading`}
          headingRef={heading}
          quote={quote}
          currency={currency}
          available={limits.available}
          destination={method.label}
          feeText={feePercent(methods.figures.instantFeeBps)}
          pending={withdraw.isPending}
          message={failed && Object.keys(server).length === 0 ? failed.message : null}
          onConfirm={() => withdraw.mutate()}
          onBack={() => {
            withdraw.reset()
            setStep('details')
          }}
        />
      ) : step === 'done' && made ? (
        <WithdrawResult
          headingId={`${id}-heading`}
          headingRef={heading}
          payout={made.payout}
          standardText={made.standardText}
          onAgain={() => {
            setMade(null)
            withdraw.reset()
            setStep('details')
          }}
        />
      ) : (
        <>
          <h2 id={`${id}-heading`}>
            <Trans>New withdrawal</Trans>
          </h2>
          <form
            ref={form}
            className="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              setTried(true)
              if (blocked) {
                // The first thing to mend takes the focus; its words are under it (or beside the button).
                const first = problem
                  ? event.currentTarget.querySelector<HTMLElement>('[name="amount"]')
                  : !method
                    ? document.getElementById(`${id}-method-error`)
                    : document.getElementById(`${id}-blocked`)
                first?.focus()
                return
              }
              withdraw.reset()
              setStep('confirm')
            }}
          >
            {balances.length > 1 ? (
              <fieldset className="fieldset">
                <legend>
                  <Trans>Currency</Trans>
                </legend>
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
                        setLeft(false)
                        setTried(false)
                        edited()
                      }}
                    >
                      {b.currency} · {formatMoney(b.available, b.currency)}
                    </Choice>
                  ))}
                </div>
              </fieldset>
            ) : null}
            {/* The amount and its shortcut to the whole balance, together. */}
            <div>
              <Field
                label={t`Amount (${currency})`}
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                value={amountText}
                onChange={(e) => {
                  setAmountText(e.target.value)
                  edited()
                }}
                onBlur={() => setLeft(amountText !== '')}
                errors={amountError ? { amount: amountError } : {}}
                alert
                hint={t`Available: ${money(Math.max(limits.available, 0))}. Least ${money(limits.minimum)}.`}
              />
              {limits.available > 0 ? (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    setAmountText(editText(wholeAmount(limits), currency))
                    edited()
                  }}
                >
                  <Trans>Withdraw all {money(wholeAmount(limits))}</Trans>
                </button>
              ) : null}
            </div>
            <fieldset
              className="fieldset"
              aria-describedby={destinationError ? `${id}-method-error` : undefined}
            >
              <legend>
                <Trans context="payout destination">To</Trans>
              </legend>
              {destinationError ? (
                <p className="field-error" id={`${id}-method-error`} role="alert" tabIndex={-1}>
                  {destinationError}
                </p>
              ) : null}
              {usable.length > 0 ? (
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
                        onChoose={() => {
                          setMethodId(m.id)
                          edited()
                        }}
                      >
                        <span>
                          {m.label}
                          {waiting ? (
                            <span className="muted">
                              {' '}
                              · <Trans>receives money from {formatDateTime(m.usableFrom)}</Trans>
                            </span>
                          ) : null}
                        </span>
                      </Choice>
                    )
                  })}
                </div>
              ) : null}
            </fieldset>
            {method?.rail === 'bank' ? (
              <p className="muted">
                <Trans>Bank transfers go with the scheduled payouts, free of charge.</Trans>
              </p>
            ) : method ? (
              <fieldset
                className="fieldset"
                aria-describedby={server.speed ? `${id}-speed-error` : undefined}
              >
                <legend>
                  <Trans>Speed</Trans>
                </legend>
                <FieldNotes id={`${id}-speed`} error={server.speed} />
                <div className="choices choices-wide">
                  <Choice
                    name="speed"
                    value="instant"
                    checked={speed === 'instant'}
                    onChoose={() => {
                      setSpeed('instant')
                      edited()
                    }}
                  >
                    <Trans>Instant · fee {feePercent(methods.figures.instantFeeBps)}</Trans>
                  </Choice>
                  <Choice
                    name="speed"
                    value="standard"
                    checked={speed === 'standard'}
                    onChoose={() => {
                      setSpeed('standard')
                      edited()
                    }}
                  >
                    <Trans>Standard · free, at 06:00</Trans>
                  </Choice>
                </div>
              </fieldset>
            ) : null}
            {quote && !problem ? (
              <p className="quote" role="status">
                {quote.fee ? (
                  <Trans>
                    You receive <strong>{money(quote.arrives)}</strong> at {method?.label} {quote.when} (fee{' '}
                    {money(quote.fee)}).
                  </Trans>
                ) : (
                  <Trans>
                    You receive <strong>{money(quote.arrives)}</strong> at {method?.label} {quote.when}.
                  </Trans>
                )}
              </p>
            ) : null}
            {methods.firstPayout ? (
              <p className="notice">
                <Trans>Your first payout waits for the Soko team’s approval, {approvalTakes()}.</Trans>
              </p>
            ) : quote?.approval === 'large' && approvalOver !== undefined ? (
              <p className="notice">
                <Trans>
                  Payouts above {money(approvalOver)} wait for the Soko team’s approval, {approvalTakes()}.
                </Trans>
              </p>
            ) : null}
            <FormMessage message={elsewhere || null} />
            {tried && identityMissing ? (
              <p className="form-message form-message-error" id={`${id}-blocked`} role="alert" tabIndex={-1}>
                <Trans>Confirm your identity first: you can withdraw once it is approved.</Trans>{' '}
                <Link to="/account/verify">
                  <Trans>Confirm your identity</Trans>
                </Link>
              </p>
            ) : null}
            <button type="submit" className="button">
              <Trans>Continue</Trans>
            </button>
          </form>
        </>
      )}
    </section>
  )
}
