import { Field } from '../../../components/Form'
import { DraftField, type DraftForm } from './DraftField'
import { Rows } from './Rows'
import { WhereFields } from './WhereFields'

/** An event's own fields: where, when it starts and ends, and its ticket types. */
export function EventFields({ form }: { form: DraftForm }) {
  const { draft, set, errors } = form
  return (
    <>
      <WhereFields form={form} />
      <DraftField
        form={form}
        name="startsAt"
        label="Starts"
        type="datetime-local"
        hint={`In ${draft.timeZone} time`}
        errorKey="details.startsAt"
      />
      <DraftField
        form={form}
        name="endsAt"
        label="Ends (optional)"
        type="datetime-local"
        errorKey="details.endsAt"
      />
      <Rows
        legend="Tickets"
        rows={draft.tickets}
        onChange={(tickets) => set({ tickets })}
        blank={{ name: '', price: '', capacity: '50', saleStartsAt: '', saleEndsAt: '' }}
        addLabel="Add a ticket type"
        render={(t, i, patch) => (
          <>
            <Field
              label="Ticket name"
              name={`details.ticketTypes.${i}.name`}
              value={t.name}
              onChange={(e) => patch({ name: e.target.value })}
              errors={errors}
            />
            <Field
              label="Price (0 for free)"
              name={`details.ticketTypes.${i}.price.amount`}
              inputMode="decimal"
              value={t.price}
              onChange={(e) => patch({ price: e.target.value })}
              errors={errors}
              errorKeys={[`details.ticketTypes.${i}.price.currency`]}
            />
            <Field
              label="How many"
              name={`details.ticketTypes.${i}.capacity`}
              inputMode="numeric"
              value={t.capacity}
              onChange={(e) => patch({ capacity: e.target.value })}
              errors={errors}
            />
            <Field
              label="Sales open (optional)"
              name={`details.ticketTypes.${i}.saleStartsAt`}
              type="datetime-local"
              value={t.saleStartsAt}
              onChange={(e) => patch({ saleStartsAt: e.target.value })}
              errors={errors}
            />
            <Field
              label="Sales close (optional)"
              name={`details.ticketTypes.${i}.saleEndsAt`}
              type="datetime-local"
              value={t.saleEndsAt}
              onChange={(e) => patch({ saleEndsAt: e.target.value })}
              errors={errors}
            />
          </>
        )}
      />
    </>
  )
}
