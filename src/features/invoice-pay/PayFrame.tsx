import { Trans } from '@lingui/react/macro'
import type { CSSProperties, ReactNode } from 'react'
import type { PayInvoiceView } from '../../../contract/invoices.contract'
import { Avatar } from '../../components/Avatar'
import { Icon } from '../../components/Icon'
import { storefrontHue } from '../../lib/storefront-hue'

/**
 * The frame of the client's pay page: the seller's own, not the marketplace's. Their name and photo on a
 * band in their storefront's colour (which the page's buttons and links wear too), the page, and a small
 * "Paid securely through Soko" at the foot. Without a seller (finding an invoice) it is Soko's colours.
 */
export function PayFrame({
  seller,
  children,
}: {
  seller: PayInvoiceView['seller'] | null
  children: ReactNode
}) {
  const style = seller ? ({ '--hue': storefrontHue(seller.handle) } as CSSProperties) : undefined
  return (
    <div className={seller ? 'pay-frame pay-frame-seller' : 'pay-frame'} style={style}>
      {seller ? (
        <header className="pay-brand">
          <Avatar name={seller.name} avatar={seller.avatar} />
          <p className="pay-brand-name">{seller.name}</p>
        </header>
      ) : null}
      {children}
      <footer className="pay-footer">
        <Icon name="shield" size={16} />
        <span>
          <Trans>Paid securely through Soko</Trans>
        </span>
      </footer>
    </div>
  )
}
