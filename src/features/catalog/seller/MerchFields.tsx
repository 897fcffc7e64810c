import { Trans, useLingui } from '@lingui/react/macro'
import { Field } from '../../../components/Form'
import { DraftField, type DraftForm } from './DraftField'
import { Rows } from './Rows'

/** Merch's own fields: its variants with stock, the zones it ships to, and pickup. */
export function MerchFields({ form }: { form: DraftForm }) {
  const { t } = useLingui()
  const { draft, set } = form
  return (
    <>
      <VariantRows form={form} />
      <ShippingZoneRows form={form} />
      <label className="field-check">
        <input type="checkbox" checked={draft.pickup} onChange={(e) => set({ pickup: e.target.checked })} />{' '}
        <Trans>Buyers can pick up</Trans>
      </label>
      {draft.pickup ? (
        <DraftField
          form={form}
          name="pickupAddress"
          label={t`Pickup address`}
          errorKey="details.pickup.address"
        />
      ) : null}
    </>
  )
}

/** Each variant (size × colour) with its own price, stock and SKU. */
function VariantRows({ form: { draft, set, errors } }: { form: DraftForm }) {
  const { t } = useLingui()
  return (
    <Rows
      legend={t`Variants (size × colour)`}
      name="details.variants"
      error={errors['details.variants']}
      rows={draft.variants}
      onChange={(variants) => set({ variants })}
      blank={{ size: '', colour: '', price: '', stock: '0', sku: '' }}
      addLabel={t`Add a variant`}
      render={(v, i, patch) => (
        <>
          <Field
            label={t`Size`}
            name={`details.variants.${i}.options.size`}
            value={v.size}
            onChange={(e) => patch({ size: e.target.value })}
            errors={errors}
          />
          <Field
            label={t`Colour`}
            name={`details.variants.${i}.options.colour`}
            value={v.colour}
            onChange={(e) => patch({ colour: e.target.value })}
            errors={errors}
          />
          <Field
            label={t`Variant price`}
            name={`details.variants.${i}.price.amount`}
            inputMode="decimal"
            placeholder={t`Same as the product`}
            value={v.price}
            onChange={(e) => patch({ price: e.target.value })}
            errors={errors}
          />
          <Field
            label={t`In stock`}
            name={`details.variants.${i}.stock`}
            inputMode="numeric"
            value={v.stock}
            onChange={(e) => patch({ stock: e.target.value })}
            errors={errors}
          />
          <Field
            label={t`SKU`}
            name={`details.variants.${i}.sku`}
            value={v.sku}
            onChange={(e) => patch({ sku: e.target.value })}
            errors={errors}
          />
        </>
      )}
    />
  )
}

/** The zones merch ships to: their countries and delivery fee. */
function ShippingZoneRows({ form: { draft, set, errors } }: { form: DraftForm }) {
  const { t } = useLingui()
  return (
    <Rows
      legend={t`Shipping zones`}
      name="details.shippingZones"
      error={errors['details.shippingZones']}
      rows={draft.zones}
      min={0}
      onChange={(zones) => set({ zones })}
      blank={{ name: '', countries: '', fee: '' }}
      addLabel={t`Add a shipping zone`}
      render={(z, i, patch) => (
        <>
          <Field
            label={t`Zone name`}
            name={`details.shippingZones.${i}.name`}
            value={z.name}
            onChange={(e) => patch({ name: e.target.value })}
            errors={errors}
          />
          <Field
            label={t`Countries (codes, e.g. KE, UG)`}
            name={`details.shippingZones.${i}.countries`}
            value={z.countries}
            onChange={(e) => patch({ countries: e.target.value })}
            errors={errors}
            errorKeys={[`details.shippingZones.${i}.countries.0`]}
          />
          <Field
            label={t`Fee`}
            name={`details.shippingZones.${i}.fee.amount`}
            inputMode="decimal"
            value={z.fee}
            onChange={(e) => patch({ fee: e.target.value })}
            errors={errors}
          />
        </>
      )}
    />
  )
}
