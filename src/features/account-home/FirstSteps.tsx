import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Icon } from '../../components/Icon'
import { Share } from '../../components/Share'
import type { SellerHome } from './account-home.queries'

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
          <Icon name="check" size={14} /> <Trans>Done</Trans>
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
  const { t } = useLingui()
  const { setup, storefront } = home
  const name = storefront.displayName
  const products = setup.products
  return (
    <section className="card home-start" aria-labelledby="home-start-heading">
      <h2 id="home-start-heading">
        <Trans>Get your storefront going</Trans>
      </h2>
      <ol className="home-steps">
        <Step done={setup.products > 0}>
          {setup.products > 0 ? (
            <p>
              <Plural value={products} one="# product on sale." other="# products on sale." />
            </p>
          ) : (
            <>
              <Link to="/account/new-product">
                <Trans>Add your first product</Trans>
              </Link>
              <p className="muted">
                <Trans>A download, a service to book, merch or event tickets: a few minutes.</Trans>
              </p>
            </>
          )}
        </Step>
        <Step done={setup.destinations > 0}>
          {setup.destinations > 0 ? (
            <p>
              <Trans>You have somewhere to be paid.</Trans>
            </p>
          ) : (
            <>
              <Link to="/account/withdraw">
                <Trans>Add a payout destination</Trans>
              </Link>
              <p className="muted">
                <Trans>Where your money goes: M-Pesa, PayPal or a bank account.</Trans>
              </p>
            </>
          )}
        </Step>
        <Step done={setup.sold}>
          {setup.sold ? (
            <p>
              <Trans>Your first sale is in. Keep sharing your storefront.</Trans>
            </p>
          ) : (
            <>
              <Link to="/creators/$handle" params={{ handle: storefront.handle }}>
                <Trans>Share your storefront</Trans>
              </Link>
              <p className="muted">
                <Trans>Send its link to the people who follow your work: sales show here.</Trans>
              </p>
              <Share
                title={storefront.displayName}
                text={t`${name} on Soko`}
                url={storefrontUrl(storefront.handle)}
              />
            </>
          )}
        </Step>
      </ol>
    </section>
  )
}
