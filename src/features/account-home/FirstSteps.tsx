import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Icon } from '../../components/Icon'
import { Share } from '../../components/Share'
import type { SellerHome } from './account-home.queries'
import { countText } from './home-format'

/** A storefront's address to share: on the site's canonical origin, as the share row of a page uses. */
function storefrontUrl(handle: string): string {
  const path = `/creators/${encodeURIComponent(handle)}`
  if (typeof document === 'undefined') return path
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href
  return new URL(path, canonical || location.href).href
}

function Step({ done, children }: { done: boolean; children: ReactNode }) {
  return (
    <li className="home-step" data-done={done}>
      {done ? (
        <span className="badge badge-paid">
          <Icon name="check" size={14} /> Done
        </span>
      ) : null}
      {children}
    </li>
  )
}

/**
 * A new seller's first steps, each saying what to do next until it is done: a product on sale, somewhere to
 * be paid, and the storefront's link in front of buyers (done at the first sale).
 */
export function FirstSteps({ home }: { home: SellerHome }) {
  const { setup, storefront } = home
  return (
    <section className="card home-start" aria-labelledby="home-start-heading">
      <h2 id="home-start-heading">Get your storefront going</h2>
      <ol className="home-steps">
        <Step done={setup.products > 0}>
          {setup.products > 0 ? (
            <p>{countText(setup.products, 'product')} on sale.</p>
          ) : (
            <>
              <Link to="/account/new-product">Add your first product</Link>
              <p className="muted">A download, a service to book, merch or event tickets: a few minutes.</p>
            </>
          )}
        </Step>
        <Step done={setup.destinations > 0}>
          {setup.destinations > 0 ? (
            <p>You have somewhere to be paid.</p>
          ) : (
            <>
              <Link to="/account/withdraw">Add a payout destination</Link>
              <p className="muted">Where your money goes: M-Pesa, PayPal or a bank account.</p>
            </>
          )}
        </Step>
        <Step done={setup.sold}>
          {setup.sold ? (
            <p>Your first sale is in. Keep sharing your storefront.</p>
          ) : (
            <>
              <Link to="/creators/$handle" params={{ handle: storefront.handle }}>
                Share your storefront
              </Link>
              <p className="muted">Send its link to the people who follow your work: sales show here.</p>
              <Share
                title={storefront.displayName}
                text={`${storefront.displayName} on Soko`}
                url={storefrontUrl(storefront.handle)}
              />
            </>
          )}
        </Step>
      </ol>
    </section>
  )
}
