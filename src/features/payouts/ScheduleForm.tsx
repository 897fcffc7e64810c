import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { SubjectOutput } from '../../../contract'
import type { PayoutFrequency } from '../../../contract/payouts.constants'
import { errorState, Field, FormMessage, SelectField, text } from '../../components/Form'
import { formatDateTime } from '../../lib/dates'
import { toMinor } from '../../lib/money'
import { rpc } from '../../lib/rpc'
import { payoutsQueries } from './payouts.queries'

type Methods = SubjectOutput<'listPayoutMethods'>

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const FREQUENCIES: { value: PayoutFrequency; label: string }[] = [
  { value: 'manual', label: 'Only when I withdraw' },
  { value: 'daily', label: 'Every day' },
  { value: 'weekly', label: 'Every week' },
  { value: 'monthly', label: 'Every month' },
]

/** How the seller is paid without asking: when, where, and from what amount. Runs are at 6:00 AM their time. */
export function ScheduleForm({ methods }: { methods: Methods }) {
  const queryClient = useQueryClient()
  const { schedule } = methods
  const [frequency, setFrequency] = useState<PayoutFrequency>(schedule.frequency)
  const save = useMutation({
    mutationFn: (data: FormData) => {
      const methodId = text(data, 'methodId')
      const method = methods.methods.find((m) => m.id === methodId)
      const minimumText = text(data, 'minimum')
      const minimum = minimumText ? toMinor(minimumText, method?.currency ?? 'KES') : 0
      return rpc('updatePayoutSchedule', {
        frequency,
        ...(frequency === 'weekly' ? { weekday: Number(text(data, 'weekday')) } : {}),
        ...(frequency === 'monthly' ? { monthDay: Number(text(data, 'monthDay')) } : {}),
        ...(methodId ? { methodId } : {}),
        minimum: minimum ?? -1,
      })
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: payoutsQueries.methods().queryKey }),
  })
  const failed = save.isError ? errorState(save.error) : null
  const errors = failed?.errors ?? {}
  return (
    <section aria-labelledby="schedule-heading" className="card">
      <h2 id="schedule-heading">Scheduled payouts</h2>
      <p className="muted">
        {schedule.nextRunAt
          ? `Next: ${formatDateTime(schedule.nextRunAt)}, everything available then.`
          : 'Scheduled payouts send everything available at 6:00 AM your time, free of charge.'}
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate(new FormData(event.currentTarget))
        }}
      >
        <SelectField
          label="How often"
          name="frequency"
          value={frequency}
          onChange={(value) => setFrequency(value as PayoutFrequency)}
          options={FREQUENCIES}
          errors={errors}
        />
        {frequency === 'weekly' ? (
          <SelectField
            label="Day"
            name="weekday"
            defaultValue={String(schedule.weekday ?? 1)}
            options={WEEKDAYS.map((day, i) => ({ value: String(i), label: day }))}
            errors={errors}
          />
        ) : null}
        {frequency === 'monthly' ? (
          <SelectField
            label="Date"
            name="monthDay"
            defaultValue={String(schedule.monthDay ?? 1)}
            options={Array.from({ length: 28 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
            errors={errors}
            hint="1 to 28, so every month has it."
          />
        ) : null}
        {frequency !== 'manual' ? (
          <>
            <SelectField
              label="To"
              name="methodId"
              defaultValue={schedule.methodId ?? methods.methods[0]?.id ?? ''}
              options={methods.methods.map((m) => ({ value: m.id, label: m.label }))}
              errors={errors}
            />
            <Field
              label="Only when at least (optional)"
              name="minimum"
              inputMode="decimal"
              defaultValue=""
              errors={errors}
              hint="In the destination's currency. Below it, the run waits for the next one."
            />
          </>
        ) : null}
        <FormMessage message={failed && Object.keys(errors).length === 0 ? failed.message : null} />
        {save.isSuccess ? (
          <p className="form-message form-message-ok" role="status">
            Schedule saved.
          </p>
        ) : null}
        <button
          type="submit"
          className="button secondary"
          disabled={save.isPending}
          aria-busy={save.isPending}
        >
          {save.isPending ? 'Saving…' : 'Save the schedule'}
        </button>
      </form>
    </section>
  )
}
