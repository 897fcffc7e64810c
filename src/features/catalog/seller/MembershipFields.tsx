import { Trans, useLingui } from '@lingui/react/macro'
import type { Product } from '../../../../contract/catalog.contract'
import { currencyCodes } from '../../../../contract/currencies'
import { Field, SelectField, TextAreaField } from '../../../components/Form'
import type { DraftForm } from './DraftField'
import { blankTier, type DraftTier } from './draft'
import { Rows } from './Rows'

/**
 * A membership's tiers: each a name, what members get, its prices (a month or a year, in any currency the
 * seller takes), a limit of members if wanted, and the membership's files its members find in their library;
 * and whether members may pause. The first tier's first price is what cards show.
 */
export function MembershipFields({
  form,
  files,
}: {
  form: DraftForm
  /** The membership's files as last saved, for each tier to give some to its members. */
  files: Product['files']
}) {
  const { t } = useLingui()
  const { draft, set, errors } = form
  const periods = [
    { value: 'month', label: t`Per month` },
    { value: 'year', label: t`Per year` },
  ]
  const currencies = currencyCodes.map((code) => ({ value: code, label: code }))
  return (
    <>
      <Rows
        legend={t`Tiers`}
        name="details.tiers"
        error={errors['details.tiers']}
        rows={draft.tiers}
        onChange={(tiers) => set({ tiers })}
        blank={blankTier(draft.currency)}
        addLabel={t`Add a tier`}
        render={(tier, i, patch) => (
          <>
            <Field
              label={t`Tier name`}
              name={`details.tiers.${i}.name`}
              value={tier.name}
              onChange={(e) => patch({ name: e.target.value })}
              errors={errors}
            />
            <TextAreaField
              label={t`What members get`}
              name={`details.tiers.${i}.perks`}
              rows={3}
              value={tier.perks}
              onChange={(e) => patch({ perks: e.target.value })}
              errors={errors}
            />
            <Rows
              legend={t`Prices`}
              name={`details.tiers.${i}.prices`}
              error={errors[`details.tiers.${i}.prices`]}
              rows={tier.prices}
              onChange={(prices) => patch({ prices })}
              blank={
                { interval: 'year', currency: draft.currency, amount: '' } as DraftTier['prices'][number]
              }
              addLabel={t`Add a price`}
              render={(price, j, change) => (
                <>
                  <SelectField
                    label={t`Period`}
                    name={`details.tiers.${i}.prices.${j}.interval`}
                    value={price.interval}
                    onChange={(interval) => change({ interval: interval as 'month' | 'year' })}
                    options={periods}
                    errors={errors}
                  />
                  <SelectField
                    label={t`Currency`}
                    name={`details.tiers.${i}.prices.${j}.price.currency`}
                    value={price.currency}
                    onChange={(currency) => change({ currency: currency as typeof price.currency })}
                    options={currencies}
                    errors={errors}
                  />
                  <Field
                    label={t`Amount`}
                    name={`details.tiers.${i}.prices.${j}.price.amount`}
                    inputMode="decimal"
                    value={price.amount}
                    onChange={(e) => change({ amount: e.target.value })}
                    errors={errors}
                    hint={t`e.g. 500 or 4.99`}
                  />
                </>
              )}
            />
            <Field
              label={t`Most members (optional)`}
              name={`details.tiers.${i}.memberLimit`}
              inputMode="numeric"
              value={tier.memberLimit}
              onChange={(e) => patch({ memberLimit: e.target.value })}
              errors={errors}
              hint={t`Leave empty for no limit`}
            />
            <Field
              label={t`Free trial in days (optional)`}
              name={`details.tiers.${i}.trialDays`}
              inputMode="numeric"
              value={tier.trialDays}
              onChange={(e) => patch({ trialDays: e.target.value })}
              errors={errors}
              hint={t`1 to 30. New members pay nothing until it ends; leave empty for none.`}
            />
            <fieldset className="fieldset" data-name={`details.tiers.${i}.files`}>
              <legend>
                <Trans>Files in members’ library</Trans>
              </legend>
              {files.length === 0 ? (
                <p className="muted">
                  <Trans>Upload files under “Files for members”, save, then tick those this tier gets.</Trans>
                </p>
              ) : (
                files.map((file) => (
                  <label key={file.id} className="field-check">
                    <input
                      type="checkbox"
                      checked={tier.files.includes(file.id)}
                      onChange={(e) =>
                        patch({
                          files: e.target.checked
                            ? [...tier.files, file.id]
                            : tier.files.filter((id) => id !== file.id),
                        })
                      }
                    />{' '}
                    {file.name}
                  </label>
                ))
              )}
            </fieldset>
          </>
        )}
      />
      <label className="field-check">
        <input type="checkbox" checked={draft.pausing} onChange={(e) => set({ pausing: e.target.checked })} />{' '}
        <Trans>Let members pause for up to 3 months (nothing charged, posts closed meanwhile)</Trans>
      </label>
    </>
  )
}
