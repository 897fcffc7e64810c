import { Link } from '@tanstack/react-router'
import { pageMeta } from '../../contract/pages'
import type { AppRoute } from '../../contract/routes'
import { usePageTitle } from '../lib/title'

/**
 * Pages whose feature is not built yet: each says what it will hold, so a visitor who lands
 * there is not left on a blank screen. Replaced page by page as the features land.
 */
const pages: Record<string, { title: string; lead: string }> = {
  '/p': { title: 'Pages', lead: 'Published pages from Soko creators.' },
  '/book': { title: 'Book a service', lead: 'Pick a time that suits you.' },
  '/account/create/invoice': { title: 'New invoice', lead: 'Bill a client and get paid online.' },
  '/account/withdraw': { title: 'Withdraw', lead: 'Send your earnings to M-Pesa, PayPal or your bank.' },
  '/account/transactions': { title: 'Transactions', lead: 'Sales, fees, refunds and payouts.' },
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
