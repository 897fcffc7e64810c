import { Link } from '@tanstack/react-router'
import { pageMeta } from '../../contract/pages'
import type { AppRoute } from '../../contract/routes'
import { usePageTitle } from '../lib/title'

/**
 * Pages whose feature arrives with a later issue: each says what it will hold, so a visitor who lands
 * there is not left on a blank screen. Replaced page by page as the features land.
 */
const pages: Record<string, { title: string; lead: string }> = {
  '/p': { title: 'Pages', lead: 'Published pages from Soko creators.' },
  '/explore': { title: 'Explore', lead: 'Digital products, services, merch and events from Soko creators.' },
  '/creators': { title: 'Creators', lead: 'The people selling on Soko.' },
  '/download': { title: 'Download', lead: 'Files from your purchases.' },
  '/download/$id': { title: 'Download', lead: 'The files of one purchase.' },
  '/book': { title: 'Book a service', lead: 'Pick a time that suits you.' },
  '/book/$slug': { title: 'Book a service', lead: 'Pick a time that suits you.' },
  '/sucess-payment': { title: 'Payment', lead: 'Your order and its payment status.' },
  '/downloads': { title: 'Your downloads', lead: 'Everything you bought, ready to download again.' },
  '/account/create/merch': {
    title: 'New merch',
    lead: 'Sell physical goods with sizes, colours and shipping.',
  },
  '/account/create/invoice': { title: 'New invoice', lead: 'Bill a client and get paid online.' },
  '/account/create/product': {
    title: 'New digital product',
    lead: 'Sell files: presets, templates, music, courses.',
  },
  '/account/create/service': { title: 'New service', lead: 'Let clients book and pay for your time.' },
  '/account/withdraw': { title: 'Withdraw', lead: 'Send your earnings to M-Pesa, PayPal or your bank.' },
  '/account/purchases': { title: 'Purchases', lead: 'What you have bought on Soko.' },
  '/account/new-product': { title: 'What will you sell?', lead: 'Pick the kind of product to create.' },
  '/account/products': { title: 'Your products', lead: 'Everything you sell.' },
  '/account/services': { title: 'Your services', lead: 'Services people can book.' },
  '/account/customers': { title: 'Customers', lead: 'The people who bought from you.' },
  '/account/downloads': { title: 'Downloads', lead: 'Files from your purchases.' },
  '/account/products/services': { title: 'Services', lead: 'Your bookable services.' },
  '/account/transactions': { title: 'Transactions', lead: 'Sales, fees, refunds and payouts.' },
  '/$product': { title: 'Product', lead: 'A product from a Soko creator.' },
}

/** Where a visitor can go from an empty page: their account, or the ways into selling and buying. */
function EmptyState({ path }: { path: string }) {
  const personal = path.startsWith('/account') || path.startsWith('/download')
  return (
    <div className="empty-state" role="status">
      {personal ? (
        <>
          <p>Nothing here yet. What you buy and sell on Soko will show on this page.</p>
          <p className="actions">
            <Link to="/account" className="button secondary">
              Back to your account
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>Nothing is listed here yet: creators are opening their storefronts. Be one of the first.</p>
          <p className="actions">
            <Link to="/register" className="button">
              Start selling
            </Link>
            <Link to="/features" className="button secondary">
              What you can sell
            </Link>
          </p>
        </>
      )}
    </div>
  )
}

export function PlannedPage({ path }: { path: string }) {
  const page = pages[path] ?? { title: 'Soko', lead: '' }
  usePageTitle(pageMeta[path as AppRoute]?.name ?? page.title)
  return (
    <section className="page" aria-labelledby="planned-heading">
      <h1 id="planned-heading">{page.title}</h1>
      <p className="lead">{page.lead}</p>
      <EmptyState path={path} />
    </section>
  )
}
