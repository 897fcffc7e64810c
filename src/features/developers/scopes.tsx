import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { ApiArea } from '../../../contract/developers.constants'

/** Each area as the seller reads it. */
export const AREA_NAMES: Record<ApiArea, MessageDescriptor> = {
  products: msg`Products`,
  discounts: msg`Discount codes`,
  orders: msg`Orders, bookings and tickets`,
  customers: msg`Customers`,
  invoices: msg`Invoices`,
  payouts: msg`Payouts and balance`,
  webhooks: msg`Webhooks`,
}

/** What a key may do, area by area: "Products: read and write · Invoices: read". */
export function ScopeList({ scopes }: { scopes: string[] }) {
  const { t } = useLingui()
  const areas = (Object.keys(AREA_NAMES) as ApiArea[]).flatMap((area) =>
    scopes.includes(`${area}:write`)
      ? [{ area, text: t`${t(AREA_NAMES[area])}: read and write` }]
      : scopes.includes(`${area}:read`)
        ? [{ area, text: t`${t(AREA_NAMES[area])}: read` }]
        : [],
  )
  return (
    <ul className="chips scope-list" aria-label={t`What it may do`}>
      {areas.map(({ area, text }) => (
        <li key={area} className="chip">
          {text}
        </li>
      ))}
    </ul>
  )
}
