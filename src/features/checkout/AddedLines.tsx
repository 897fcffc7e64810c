import { useLingui } from '@lingui/react/macro'
import type { Order } from '../../../contract/checkout.contract'
import { money } from '../catalog/money'

/** What else an order bought besides its product (an offer taken at checkout), in one line; nothing if none. */
export function AddedLines({ order }: { order: Pick<Order, 'lines'> }) {
  const { t } = useLingui()
  const added = order.lines
    .slice(1)
    .map((line) => `${line.title} (${money(line.total)})`)
    .join(', ')
  return added ? <p className="muted">{t`Added: ${added}`}</p> : null
}
