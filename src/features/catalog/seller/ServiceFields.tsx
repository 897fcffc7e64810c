import { useLingui } from '@lingui/react/macro'
import { Field, SelectField } from '../../../components/Form'
import { DAYS } from '../ProductDetails'
import { DraftField, type DraftForm } from './DraftField'
import { Rows } from './Rows'
import { WhereFields } from './WhereFields'

/** A service's own fields: session length, where, the weekly hours people can book, days off and limits. */
export function ServiceFields({ form }: { form: DraftForm }) {
  const { t } = useLingui()
  const { draft, set, errors } = form
  return (
    <>
      <DraftField
        form={form}
        name="durationMinutes"
        label={t`Length of a session (minutes)`}
        inputMode="numeric"
        errorKey="details.durationMinutes"
      />
      <WhereFields form={form} />
      <Rows
        legend={t`When people can book (each week)`}
        rows={draft.availability}
        onChange={(availability) => set({ availability })}
        blank={{ day: '1', from: '09:00', to: '17:00' }}
        addLabel={t`Add a time`}
        render={(slot, i, patch) => (
          <>
            <SelectField
              label={t`Day`}
              name={`details.availability.${i}.day`}
              value={slot.day}
              onChange={(day) => patch({ day })}
              options={DAYS.map((d, n) => ({ value: String(n), label: d }))}
              errors={errors}
            />
            <Field
              label={t`From`}
              name={`details.availability.${i}.from`}
              type="time"
              value={slot.from}
              onChange={(e) => patch({ from: e.target.value })}
              errors={errors}
            />
            <Field
              label={t`To`}
              name={`details.availability.${i}.to`}
              type="time"
              value={slot.to}
              onChange={(e) => patch({ to: e.target.value })}
              errors={errors}
            />
          </>
        )}
      />
      <DraftField
        form={form}
        name="exceptions"
        label={t`Days off (dates, e.g. 2026-12-25, 2026-12-26)`}
        errorKey="details.exceptions"
      />
      <DraftField
        form={form}
        name="bufferMinutes"
        label={t`Break between bookings (minutes)`}
        inputMode="numeric"
        errorKey="details.bufferMinutes"
      />
      <DraftField
        form={form}
        name="bookAheadDays"
        label={t`How many days ahead people may book`}
        inputMode="numeric"
        errorKey="details.bookAheadDays"
      />
      <DraftField
        form={form}
        name="minNoticeMinutes"
        label={t`Minimum notice before a booking (minutes)`}
        inputMode="numeric"
        errorKey="details.minNoticeMinutes"
      />
      <DraftField
        form={form}
        name="dailyLimit"
        label={t`Most bookings a day (0 for no limit)`}
        inputMode="numeric"
        errorKey="details.dailyLimit"
      />
      <DraftField
        form={form}
        name="changeHours"
        label={t`Buyers may move or cancel up to this many hours before (0: only you)`}
        inputMode="numeric"
        errorKey="details.changeHours"
      />
    </>
  )
}
