import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { SubjectInput, SubjectOutput } from '../../../contract'
import type { CurrencyCode } from '../../../contract/currencies'
import type { PayoutFrequency } from '../../../contract/payouts.constants'
import { errorState, Field, FormMessage, SelectField, text } from '../../components/Form'
import { currentLang } from '../../lib/i18n'
import { formatMoney } from '../../lib/money'
import { rpc } from '../../lib/rpc'
import { payoutsQueries } from './payouts.queries'
import { editText, minimumProblem, parseAmount } from './withdraw-model'

type Methods = SubjectOutput<'listPayoutMethods'>

/** Sunday (0) to Saturday (6) in the page's language. */
const weekdayName = (day: number) =>
  new Intl.DateTimeFormat(currentLang(), { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 7 + day)),
  )
const FREQUENCIES: { value: PayoutFrequency; label: MessageDescriptor }[] = [
  { value: 'manual', label: msg`Only when I withdraw` },
  { value: 'daily', label: msg`Every day` },
  { value: 'weekly', label: msg`Every week` },
  { value: 'monthly', label: msg`Every month` },
]

/**
 * The currency a schedule's minimum is written in: its destination's. PayPal takes several, all with
 * cents, and the same minimum holds for each: written with cents too.
 */
const minimumCurrency = (method: { currency: CurrencyCode | null } | undefined): CurrencyCode =>
  method ? (method.currency ?? 'USD') : 'KES'

/** `Africa/Nairobi` → `Nairobi`: the zone as people name it, its city. */
const zoneCity = (timeZone: string) => (timeZone.split('/').at(-1) ?? timeZone).replace(/_/g, ' ')

/**
 * How the seller is paid without asking: when, where, and from what amount. Runs are at 06:00 their
 * time; the next one is said in words, in their zone, as the server counts it.
 */
export function ScheduleForm({ methods }: { methods: Methods }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const { schedule } = methods
  const save = useMutation({
    mutationFn: (input: SubjectInput<'updatePayoutSchedule'>) => rpc('updatePayoutSchedule', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: payoutsQueries.methods().queryKey }),
  })
  const saved = methods.methods.find((m) => m.id === schedule.methodId)
  const city = schedule.timeZone ? zoneCity(schedule.timeZone) : ''
  const zone = city ? ` ${t`(${city} time)`}` : ''
  const amount = editText(schedule.minimum, minimumCurrency(saved))
  const least = saved?.currency
    ? formatMoney(schedule.minimum, saved.currency)
    : t`${amount} in the currency paid`
  const next = `${schedule.nextRunText}${zone}`
  // The fields start from the schedule as saved. A first render may come from the copy kept for offline
  // use, older than the server's answer that follows: when the saved schedule changes, they start again.
  const savedAs = [
    schedule.frequency,
    schedule.weekday,
    schedule.monthDay,
    schedule.methodId,
    schedule.minimum,
  ]
  return (
    <section aria-labelledby="schedule-heading" className="card" id="schedule">
      <h2 id="schedule-heading">
        <Trans>Scheduled payouts</Trans>
      </h2>
      <p className="muted">
        {!schedule.nextRunText
          ? t`Scheduled payouts send everything available at 06:00 your time, free of charge.`
          : schedule.minimum
            ? t`Next run: ${next}, when at least ${least} is available.`
            : t`Next run: ${next}, everything available then.`}
      </p>
      <ScheduleFields key={savedAs.join('|')} methods={methods} save={save} />
    </section>
  )
}

function ScheduleFields({
  methods,
  save,
}: {
  methods: Methods
  save: UseMutationResult<unknown, Error, SubjectInput<'updatePayoutSchedule'>>
}) {
  const { t } = useLingui()
  const { schedule } = methods
  const [frequency, setFrequency] = useState<PayoutFrequency>(schedule.frequency)
  const [methodId, setMethodId] = useState(schedule.methodId ?? methods.methods[0]?.id ?? '')
  const method = methods.methods.find((m) => m.id === methodId)
  const currency = minimumCurrency(method)
  const savedCurrency = minimumCurrency(methods.methods.find((m) => m.id === schedule.methodId))
  // What was saved, as it was typed: a reload shows the minimum the runs wait for.
  const [minimum, setMinimum] = useState(schedule.minimum ? editText(schedule.minimum, savedCurrency) : '')
  const [tried, setTried] = useState(false)
  const problem = minimumProblem(minimum, currency)
  // A change after a save or a refusal: what was said about the last one no longer holds.
  const edited = () => {
    if (save.isSuccess || save.isError) save.reset()
  }
  const failed = save.isError ? errorState(save.error) : null
  const errors = {
    ...(failed?.errors ?? {}),
    ...(problem && (tried || /[^\d.,\s]/.test(minimum)) ? { minimum: problem } : {}),
  }
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setTried(true)
        if (problem && frequency !== 'manual') {
          event.currentTarget.querySelector<HTMLElement>('[name="minimum"]')?.focus()
          return
        }
        const data = new FormData(event.currentTarget)
        const parsed = parseAmount(minimum, currency)
        save.mutate({
          frequency,
          ...(frequency === 'weekly' ? { weekday: Number(text(data, 'weekday')) } : {}),
          ...(frequency === 'monthly' ? { monthDay: Number(text(data, 'monthDay')) } : {}),
          ...(methodId && frequency !== 'manual' ? { methodId } : {}),
          minimum: parsed.kind === 'amount' ? parsed.minor : 0,
        })
      }}
    >
      <SelectField
        label={t`How often`}
        name="frequency"
        value={frequency}
        onChange={(value) => {
          setFrequency(value as PayoutFrequency)
          edited()
        }}
        options={FREQUENCIES.map((f) => ({ value: f.value, label: t(f.label) }))}
        errors={errors}
      />
      {frequency === 'weekly' ? (
        <SelectField
          label={t`Day`}
          name="weekday"
          defaultValue={String(schedule.weekday ?? 1)}
          options={Array.from({ length: 7 }, (_, i) => ({ value: String(i), label: weekdayName(i) }))}
          errors={errors}
        />
      ) : null}
      {frequency === 'monthly' ? (
        <SelectField
          label={t`Date`}
          name="monthDay"
          defaultValue={String(schedule.monthDay ?? 1)}
          options={Array.from({ length: 28 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
          errors={errors}
          hint={t`1 to 28, so every month has it.`}
        />
      ) : null}
      {frequency !== 'manual' ? (
        <>
          <SelectField
            label={t({ message: 'To', context: 'payout destination' })}
            name="methodId"
            value={methodId}
            onChange={(value) => {
              setMethodId(value)
              edited()
            }}
            options={methods.methods.map((m) => ({ value: m.id, label: m.label }))}
            errors={errors}
          />
          <Field
            label={t`Only when at least (optional)`}
            name="minimum"
            inputMode="decimal"
            autoComplete="off"
            value={minimum}
            onChange={(event) => {
              setMinimum(event.target.value)
              edited()
            }}
            errors={errors}
            alert
            hint={
              method?.currency
                ? t`In ${method.currency}. Below it, the run waits for the next one.`
                : t`In the currency paid. Below it, the run waits for the next one.`
            }
          />
        </>
      ) : null}
      <FormMessage message={failed && Object.keys(errors).length === 0 ? failed.message : null} />
      {save.isSuccess ? (
        <p className="form-message form-message-ok" role="status">
          <Trans>Schedule saved.</Trans>
        </p>
      ) : null}
      <button type="submit" className="button secondary" disabled={save.isPending} aria-busy={save.isPending}>
        {save.isPending ? t`Saving…` : t`Save the schedule`}
      </button>
    </form>
  )
}
