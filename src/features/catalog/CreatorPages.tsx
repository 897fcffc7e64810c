import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { CSSProperties } from 'react'
import type { CreatorPage as CreatorData, CreatorsPage as CreatorsData } from '../../../contract/storefront'
import { Avatar } from '../../components/Avatar'
import { Icon } from '../../components/Icon'
import { Pager } from '../../components/Pager'
import { Share } from '../../components/Share'
import { countryName } from '../../lib/country'
import { storefrontHue } from '../../lib/storefront-hue'
import { usePageTitle } from '../../lib/title'
import { money } from './money'
import { ProductGrid } from './ProductCards'

export function CreatorsPage({ data, onPage }: { data: CreatorsData; onPage: (page: number) => void }) {
  const { t } = useLingui()
  usePageTitle(t`Creators`)
  return (
    <section className="page" aria-labelledby="creators-heading">
      <h1 id="creators-heading">
        <Trans>Creators</Trans>
      </h1>
      {data.creators.length === 0 ? (
        <p className="empty-state">
          <Trans>
            No storefronts yet. <Link to="/register">Open the first one</Link>.
          </Trans>
        </p>
      ) : (
        <ul className="creator-list">
          {data.creators.map((creator) => (
            <li key={creator.handle} className="creator-card">
              <Avatar name={creator.displayName} avatar={creator.avatar} lazy />
              <div>
                <Link to="/creators/$handle" params={{ handle: creator.handle }} className="creator-name">
                  {creator.displayName}
                </Link>
                <p className="muted">
                  {t`${plural(creator.productCount, { one: '# product', other: '# products' })}`} ·{' '}
                  {countryName(creator.country)}
                </p>
                {creator.bio ? <p>{creator.bio}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={data.page} pageCount={data.pageCount} onPage={onPage} />
    </section>
  )
}

export function CreatorPage({ data }: { data: CreatorData }) {
  const { t } = useLingui()
  const { creator, products, rates } = data
  usePageTitle(creator.displayName)
  const name = creator.displayName
  const year = new Date(creator.since).getFullYear()
  const count = products.length
  return (
    <section className="page storefront" aria-labelledby="creator-heading">
      <header className="storefront-head">
        <div
          className="storefront-banner"
          style={{ '--hue': storefrontHue(creator.handle) } as CSSProperties}
          aria-hidden="true"
        />
        <div className="storefront-id">
          <Avatar name={creator.displayName} avatar={creator.avatar} />
          <div>
            <h1 id="creator-heading">{creator.displayName}</h1>
            <p className="muted">
              @{creator.handle} · {countryName(creator.country)} · <Trans>on Soko since {year}</Trans>
            </p>
          </div>
        </div>
        {creator.bio ? <p className="storefront-bio">{creator.bio}</p> : null}
        {creator.links.length > 0 ? (
          <ul className="storefront-links">
            {creator.links.map((link) => (
              <li key={link}>
                <a href={link} rel="noopener noreferrer nofollow" target="_blank" className="chip">
                  <Icon name="link" size={16} /> {link.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <Share title={creator.displayName} text={t`${name} on Soko`} />
      </header>
      <h2 className="storefront-count">
        <Trans>
          On sale <span className="muted">({count})</span>
        </Trans>
      </h2>
      {products.length === 0 ? (
        <p className="empty-state">
          <Trans>Nothing on sale yet. Check back soon.</Trans>
        </p>
      ) : (
        <ProductGrid products={products} rates={rates} />
      )}
      {/* Pages kept offline from before bundles have none. */}
      <BundleList bundles={data.bundles ?? []} />
    </section>
  )
}

/**
 * The storefront's bundles: each with its parts, its price beside what they cost alone, and a link to buy
 * it. The bundle's page is the server's own form, so it is a plain link: it works with or without script.
 */
function BundleList({ bundles }: { bundles: NonNullable<CreatorData['bundles']> }) {
  const { t } = useLingui()
  if (bundles.length === 0) return null
  return (
    <>
      <h2 id="bundles-heading" className="storefront-count">
        <Trans>Bundles</Trans>
      </h2>
      <ul className="cards" aria-labelledby="bundles-heading">
        {bundles.map((bundle) => {
          const worth = money(bundle.worth)
          const saving = money(bundle.saving)
          return (
            <li key={bundle.id} className="card bundle-card">
              <h3>
                <a href={`/buy/bundles/${bundle.id}`}>{bundle.title}</a>
              </h3>
              <p className="muted">{bundle.parts.join(' + ')}</p>
              <p>
                <strong>{money(bundle.price)}</strong>{' '}
                <span className="muted">{t`instead of ${worth}: you save ${saving}`}</span>
              </p>
              {bundle.available ? null : <p className="muted">{t`Not available right now`}</p>}
            </li>
          )
        })}
      </ul>
    </>
  )
}
