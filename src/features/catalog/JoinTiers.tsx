import { Trans, useLingui } from '@lingui/react/macro'
import type { PublicProduct } from '../../../contract/storefront'
import { money } from './money'

type Membership = Extract<PublicProduct, { kind: 'membership' }>

/**
 * A membership's tiers on its page: what members of each get and its prices, and a Join button that opens
 * the membership's join page (`/join/{slug}`, the server's own, with or without script), where the period,
 * the currency and, signed out, the e-mail are chosen, and how renewals are charged is said, before the
 * card page. A plain form and few words: every product page's first load carries this code.
 */
export default function JoinTiers({ product }: { product: Membership }) {
  const { t } = useLingui()
  return (
    <section className="join-tiers" aria-labelledby="tiers-heading">
      <h2 id="tiers-heading">
        <Trans>Choose a tier</Trans>
      </h2>
      <ul className="tier-list">
        {product.details.tiers.map((tier) => (
          <li key={tier.id} className="card tier-card">
            <h3>{tier.name}</h3>
            {tier.perks ? <p className="tier-perks">{tier.perks}</p> : null}
            <ul className="tier-prices">
              {tier.prices.map((p) => (
                <li key={`${p.interval}:${p.price.currency}`}>
                  {p.interval === 'month' ? t`${money(p.price)} a month` : t`${money(p.price)} a year`}
                </li>
              ))}
            </ul>
            {tier.left === 0 ? (
              <p className="badge badge-sold-out">{t`Full`}</p>
            ) : (
              <form method="get" action={`/join/${encodeURIComponent(product.slug)}`}>
                <input type="hidden" name="tier" value={tier.id} />
                <button type="submit" className="button">
                  {t`Join ${tier.name}`}
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
