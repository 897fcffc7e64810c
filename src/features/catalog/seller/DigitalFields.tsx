import { Trans, useLingui } from '@lingui/react/macro'
import { DraftField, type DraftForm } from './DraftField'
import { moneyHint } from './PriceFields'

/** A paid download's own fields: pay what you want (with its least amount) and downloads per buyer. */
export function DigitalFields({ form }: { form: DraftForm }) {
  const { t } = useLingui()
  const { draft, set } = form
  return (
    <>
      <label className="field-check">
        <input
          type="checkbox"
          checked={draft.payWhatYouWant}
          onChange={(e) => set({ payWhatYouWant: e.target.checked })}
        />{' '}
        <Trans>Let buyers pay what they want</Trans>
      </label>
      {draft.payWhatYouWant ? (
        <DraftField
          form={form}
          name="minimum"
          label={t`Least they may pay`}
          inputMode="decimal"
          hint={moneyHint(draft)}
          errorKey="details.payWhatYouWant.minimum.amount"
        />
      ) : null}
      <DraftField
        form={form}
        name="downloadLimit"
        label={t`Downloads per buyer (leave empty for no limit)`}
        inputMode="numeric"
        errorKey="details.downloadLimit"
      />
    </>
  )
}
