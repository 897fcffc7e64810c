import { timeZones } from '../../../../contract/zoned-time'
import { Field, SelectField } from '../../../components/Form'
import type { DraftForm } from './DraftField'

/** Where a service or event happens (a meeting link, or an address) and the time zone its times are in. */
export function WhereFields({ form: { draft, set, errors } }: { form: DraftForm }) {
  return (
    <fieldset className="fieldset">
      <legend>Where</legend>
      <label className="field-check">
        <input
          type="radio"
          name="whereKind"
          checked={draft.whereKind === 'online'}
          onChange={() => set({ whereKind: 'online' })}
        />
        Online
      </label>
      <label className="field-check">
        <input
          type="radio"
          name="whereKind"
          checked={draft.whereKind === 'place'}
          onChange={() => set({ whereKind: 'place' })}
        />
        At a place
      </label>
      {draft.whereKind === 'online' ? (
        <Field
          label="Meeting link"
          name="details.where.url"
          type="url"
          placeholder="https://"
          value={draft.url}
          onChange={(e) => set({ url: e.target.value })}
          hint="Only buyers see it, after they pay."
          errors={errors}
        />
      ) : (
        <Field
          label="Address"
          name="details.where.address"
          value={draft.address}
          onChange={(e) => set({ address: e.target.value })}
          errors={errors}
        />
      )}
      <SelectField
        label="Time zone"
        name="details.timeZone"
        value={draft.timeZone}
        onChange={(timeZone) => set({ timeZone })}
        options={timeZones().map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))}
        errors={errors}
      />
    </fieldset>
  )
}
