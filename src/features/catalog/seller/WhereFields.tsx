import { Trans, useLingui } from '@lingui/react/macro'
import { timeZones } from '../../../../contract/zoned-time'
import { Field, SelectField } from '../../../components/Form'
import type { DraftForm } from './DraftField'

/** Where a service or event happens (a meeting link, or an address) and the time zone its times are in. */
export function WhereFields({ form: { draft, set, errors } }: { form: DraftForm }) {
  const { t } = useLingui()
  return (
    <fieldset className="fieldset">
      <legend>
        <Trans>Where</Trans>
      </legend>
      <label className="field-check">
        <input
          type="radio"
          name="whereKind"
          checked={draft.whereKind === 'online'}
          onChange={() => set({ whereKind: 'online' })}
        />
        <Trans>
          <Trans>Online</Trans>
        </Trans>
      </label>
      <label className="field-check">
        <input
          type="radio"
          name="whereKind"
          checked={draft.whereKind === 'place'}
          onChange={() => set({ whereKind: 'place' })}
        />
        <Trans>
          <Trans>At a place</Trans>
        </Trans>
      </label>
      {draft.whereKind === 'online' ? (
        <Field
          label={t`Meeting link`}
          name="details.where.url"
          type="url"
          placeholder={t`https://`}
          value={draft.url}
          onChange={(e) => set({ url: e.target.value })}
          hint={t`Only buyers see it, after they pay.`}
          errors={errors}
        />
      ) : (
        <Field
          label={t`Address`}
          name="details.where.address"
          value={draft.address}
          onChange={(e) => set({ address: e.target.value })}
          errors={errors}
        />
      )}
      <SelectField
        label={t`Time zone`}
        name="details.timeZone"
        value={draft.timeZone}
        onChange={(timeZone) => set({ timeZone })}
        options={timeZones().map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))}
        errors={errors}
      />
    </fieldset>
  )
}
