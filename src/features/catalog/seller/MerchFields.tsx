import { Field } from '../../../components/Form'
import { DraftField, type DraftForm } from './DraftField'
import { Rows } from './Rows'

/** Merch's own fields: its variants with stock, the zones it ships to, and pickup. */
export function MerchFields({ form }: { form: DraftForm }) {
  const { draft, set } = form
  return (
    <>
      <VariantRows form={form} />
      <ShippingZoneRows form={form} />
      <label className="field-check">
        <input type="checkbox" checked={draft.pickup} onChange={(e) => set({ pickup: e.target.checked })} />{' '}
        Buyers can pick up
      </label>
      {draft.pickup ? (
        <DraftField
          form={form}
          name="pickupAddress"
          label="Pickup address"
          errorKey="details.pickup.address"
        />
      ) : null}
    </>
  )
}

/** Each variant (size × colour) with its own price, stock and SKU. */
function VariantRows({ form: { draft, set, errors } }: { form: DraftForm }) {
  return (
    <Rows
      legend="Variants (size × colour)"
      name="details.variants"
      error={errors['details.variants']}
      rows={draft.variants}
      onChange={(variants) => set({ variants })}
      blank={{ size: '', colour: '', price: '', stock: '0', sku: '' }}
      addLabel="Add a variant"
      render={(v, i, patch) => (
        <>
          <Field
            label="Size"
            name={`details.variants.${i}.options.size`}
            value={v.size}
            onChange={(e) => patch({ size: e.target.value })}
            errors={errors}
          />
          <Field
            label="Colour"
            name={`details.variants.${i}.options.colour`}
            value={v.colour}
            onChange={(e) => patch({ colour: e.target.value })}
            errors={errors}
          />
          <Field
            label="Variant price"
            name={`details.variants.${i}.price.amount`}
            inputMode="decimal"
            placeholder="Same as the product"
            value={v.price}
            onChange={(e) => patch({ price: e.target.value })}
            errors={errors}
          />
          <Field
            label="In stock"
            name={`details.variants.${i}.stock`}
            inputMode="numeric"
            value={v.stock}
            onChange={(e) => patch({ stock: e.target.value })}
            errors={errors}
          />
          <Field
            label="SKU"
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
  return (
    <Rows
      legend="Shipping zones"
      name="details.shippingZones"
      error={errors['details.shippingZones']}
      rows={draft.zones}
      min={0}
      onChange={(zones) => set({ zones })}
      blank={{ name: '', countries: '', fee: '' }}
      addLabel="Add a shipping zone"
      render={(z, i, patch) => (
        <>
          <Field
            label="Zone name"
            name={`details.shippingZones.${i}.name`}
            value={z.name}
            onChange={(e) => patch({ name: e.target.value })}
            errors={errors}
          />
          <Field
            label="Countries (codes, e.g. KE, UG)"
            name={`details.shippingZones.${i}.countries`}
            value={z.countries}
            onChange={(e) => patch({ countries: e.target.value })}
            errors={errors}
            errorKeys={[`details.shippingZones.${i}.countries.0`]}
          />
          <Field
            label="Fee"
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
