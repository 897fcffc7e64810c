import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ProductKind } from '../../../../contract/catalog.constants'
import { currencyCodes } from '../../../../contract/currencies'
import { SelectField } from '../../../components/Form'
import { DraftField, type DraftForm } from './DraftField'
import type { Draft } from './draft'

/** The hint under an amount field: the draft's currency and how to write an amount. */
export const moneyHint = (draft: Draft) => t`In ${draft.currency}, e.g. 1500 or 9.99`

/**
 * What buyers pay: the currency, whether a download is free, and the price (an event's prices are its
 * tickets', a membership's its tiers'; a pay-what-you-want download's price is the suggested one).
 */
export function PriceFields({ kind, form }: { kind: ProductKind; form: DraftForm }) {
  const { t } = useLingui()
  const { draft, set, errors } = form
  return (
    <>
      <SelectField
        label={t`Currency buyers pay in`}
        name="price.currency"
        value={draft.currency}
        onChange={(currency) => set({ currency: currency as Draft['currency'] })}
        options={currencyCodes.map((code) => ({ value: code, label: code }))}
        errors={errors}
      />
      {kind === 'digital' ? (
        <label className="field-check">
          <input type="checkbox" checked={draft.free} onChange={(e) => set({ free: e.target.checked })} />{' '}
          <Trans>Free download</Trans>
        </label>
      ) : null}
      {kind !== 'event' && kind !== 'membership' && !(kind === 'digital' && draft.free) ? (
        <DraftField
          form={form}
          name="price"
          label={kind === 'digital' && draft.payWhatYouWant ? t`Suggested price` : t`Price`}
          inputMode="decimal"
          hint={moneyHint(draft)}
          errorKey="price.amount"
        />
      ) : null}
    </>
  )
}
