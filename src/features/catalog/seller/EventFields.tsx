import { useLingui } from '@lingui/react/macro'
import { Field } from '../../../components/Form'
import { DraftField, type DraftForm } from './DraftField'
import { Rows } from './Rows'
import { WhereFields } from './WhereFields'

/** An event's own fields: where, when it starts and ends, and its ticket types. */
export function EventFields({ form }: { form: DraftForm }) {
  const { t } = useLingui()
  const { draft, set, errors } = form
  return (
    <>
      <WhereFields form={form} />
      <DraftField
        form={form}
        name="startsAt"
        label={t`Starts`}
        type="datetime-local"
        hint={t`In ${draft.timeZone} time`}
        errorKey="details.startsAt"
      />
      <DraftField
        form={form}
        name="endsAt"
        label={t`Ends (optional)`}
        type="datetime-local"
        errorKey="details.endsAt"
      />
      <Rows
        legend={t`Tickets`}
        rows={draft.tickets}
        onChange={(tickets) => set({ tickets })}
        blank={{ name: '', price: '', capacity: '50', saleStartsAt: '', saleEndsAt: '' }}
        addLabel={t`Add a ticket type`}
        render={(ticket, i, patch) => (
          <>
            <Field
              label={t`Ticket name`}
              name={`details.ticketTypes.${i}.name`}
              value={ticket.name}
              onChange={(e) => patch({ name: e.target.value })}
              errors={errors}
            />
            <Field
              label={t`Price (0 for free)`}
              name={`details.ticketTypes.${i}.price.amount`}
              inputMode="decimal"
              value={ticket.price}
              onChange={(e) => patch({ price: e.target.value })}
              errors={errors}
              errorKeys={[`details.ticketTypes.${i}.price.currency`]}
            />
            <Field
              label={t`How many`}
              name={`details.ticketTypes.${i}.capacity`}
              inputMode="numeric"
              value={ticket.capacity}
              onChange={(e) => patch({ capacity: e.target.value })}
              errors={errors}
            />
            <Field
              label={t`Sales open (optional)`}
              name={`details.ticketTypes.${i}.saleStartsAt`}
              type="datetime-local"
              value={ticket.saleStartsAt}
              onChange={(e) => patch({ saleStartsAt: e.target.value })}
              errors={errors}
            />
            <Field
              label={t`Sales close (optional)`}
              name={`details.ticketTypes.${i}.saleEndsAt`}
              type="datetime-local"
              value={ticket.saleEndsAt}
              onChange={(e) => patch({ saleEndsAt: e.target.value })}
              errors={errors}
            />
          </>
        )}
      />
    </>
  )
}
