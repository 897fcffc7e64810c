import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { ShippingZone } from '../../../contract/catalog.contract'
import { Field, type FieldErrors, FieldNotes, SelectField } from '../../components/Form'
import { countryName } from '../../lib/country'
import { money } from '../catalog/money'
import type { Address, DeliveryKind } from './checkout-model'

const ADDRESS_FIELDS: {
  key: Exclude<keyof Address, 'country'>
  label: ReturnType<typeof msg>
  optional?: boolean
  autoComplete: string
}[] = [
  { key: 'name', label: msg`Full name`, autoComplete: 'shipping name' },
  { key: 'phone', label: msg`Phone for the courier`, autoComplete: 'shipping tel' },
  { key: 'line1', label: msg`Street address`, autoComplete: 'shipping address-line1' },
  {
    key: 'line2',
    label: msg`Address line 2 (optional)`,
    optional: true,
    autoComplete: 'shipping address-line2',
  },
  { key: 'city', label: msg`Town or city`, autoComplete: 'shipping address-level2' },
  {
    key: 'region',
    label: msg`County or region (optional)`,
    optional: true,
    autoComplete: 'shipping address-level1',
  },
  {
    key: 'postalCode',
    label: msg`Postal code (optional)`,
    optional: true,
    autoComplete: 'shipping postal-code',
  },
]

/** How merch reaches the buyer: delivered to an address in a zone it ships to, or picked up. */
export function CheckoutDelivery({
  zones,
  pickup,
  shipsTo,
  kind,
  onKind,
  address,
  onAddress,
  errors,
}: {
  zones: ShippingZone[]
  pickup: { address: string } | null
  shipsTo: string[]
  kind: DeliveryKind
  onKind: (kind: DeliveryKind) => void
  address: Address
  onAddress: (patch: Partial<Address>) => void
  errors: FieldErrors
}) {
  const id = useId()
  return (
    <fieldset className="fieldset" aria-describedby={errors.delivery ? `${id}-error` : undefined}>
      <legend>
        <Trans>Delivery</Trans>
      </legend>
      <FieldNotes id={id} error={errors.delivery} />
      <DeliveryKindChoice hasZones={zones.length > 0} pickup={pickup} kind={kind} onKind={onKind} />
      {kind === 'ship' ? (
        <AddressFields
          zones={zones}
          shipsTo={shipsTo}
          address={address}
          onAddress={onAddress}
          errors={errors}
        />
      ) : null}
    </fieldset>
  )
}

/** Delivery or pickup as radio buttons when both are offered; pickup said plainly when it is the only way. */
function DeliveryKindChoice({
  hasZones,
  pickup,
  kind,
  onKind,
}: {
  hasZones: boolean
  pickup: { address: string } | null
  kind: DeliveryKind
  onKind: (kind: DeliveryKind) => void
}) {
  const where = pickup?.address ?? ''
  if (hasZones && pickup)
    return (
      <>
        <label className="field-check">
          <input type="radio" name="delivery" checked={kind === 'ship'} onChange={() => onKind('ship')} />
          <Trans>Deliver to an address</Trans>
        </label>
        <label className="field-check">
          <input type="radio" name="delivery" checked={kind === 'pickup'} onChange={() => onKind('pickup')} />
          <Trans>Pick up free at {where}</Trans>
        </label>
      </>
    )
  if (kind === 'pickup' && pickup)
    return (
      <p>
        <Trans>Pick up free at {where}.</Trans>
      </p>
    )
  return null
}

/** The courier's address, and the country from those the zones cover (with each zone's fee). */
function AddressFields({
  zones,
  shipsTo,
  address,
  onAddress,
  errors,
}: {
  zones: ShippingZone[]
  shipsTo: string[]
  address: Address
  onAddress: (patch: Partial<Address>) => void
  errors: FieldErrors
}) {
  const { t } = useLingui()
  return (
    <>
      {ADDRESS_FIELDS.map((field) => (
        <Field
          key={field.key}
          label={t(field.label)}
          name={`delivery.${field.key}`}
          type={field.key === 'phone' ? 'tel' : 'text'}
          autoComplete={field.autoComplete}
          required={!field.optional}
          value={address[field.key]}
          onChange={(e) => onAddress({ [field.key]: e.target.value })}
          errors={errors}
        />
      ))}
      <SelectField
        label={t`Country`}
        name="delivery.country"
        value={address.country}
        onChange={(country) => onAddress({ country })}
        errors={errors}
        options={shipsTo.map((code) => ({ value: code, label: countryName(code) }))}
        hint={zones.map((z) => `${z.name}: ${z.fee.amount === 0 ? t`free` : money(z.fee)}`).join(' · ')}
      />
    </>
  )
}
