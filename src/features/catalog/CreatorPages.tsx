import { Link } from '@tanstack/react-router'
import type { CreatorPage as CreatorData, CreatorsPage as CreatorsData } from '../../../contract/storefront'
import { usePageTitle } from '../../lib/title'
import { ProductGrid } from './ProductCards'

function Avatar({
  creator,
}: {
  creator: { displayName: string; avatar: { small: string; large: string } | null }
}) {
  return creator.avatar ? (
    <img
      className="avatar"
      src={creator.avatar.small}
      srcSet={`${creator.avatar.small} 96w, ${creator.avatar.large} 256w`}
      sizes="96px"
      width={96}
      height={96}
      alt=""
      loading="lazy"
    />
  ) : (
    <span className="avatar avatar-empty" aria-hidden="true">
      {creator.displayName.slice(0, 1).toUpperCase()}
    </span>
  )
}

export function CreatorsPage({ data, onPage }: { data: CreatorsData; onPage: (page: number) => void }) {
  usePageTitle('Creators')
  return (
    <section className="page" aria-labelledby="creators-heading">
      <h1 id="creators-heading">Creators</h1>
      {data.creators.length === 0 ? (
        <p className="empty-state">
          No storefronts yet. <Link to="/register">Open the first one</Link>.
        </p>
      ) : (
        <ul className="creator-list">
          {data.creators.map((creator) => (
            <li key={creator.handle} className="creator-card">
              <Avatar creator={creator} />
              <div>
                <Link to="/creators/$handle" params={{ handle: creator.handle }} className="creator-name">
                  {creator.displayName}
                </Link>
                <p className="muted">
                  {creator.productCount} {creator.productCount === 1 ? 'product' : 'products'} ·{' '}
                  {creator.country}
                </p>
                {creator.bio ? <p>{creator.bio}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {data.pageCount > 1 ? (
        <nav aria-label="Pages" className="pager">
          {data.page > 1 ? (
            <button type="button" className="button secondary" onClick={() => onPage(data.page - 1)}>
              Previous
            </button>
          ) : null}
          {data.page < data.pageCount ? (
            <button type="button" className="button secondary" onClick={() => onPage(data.page + 1)}>
              Next
            </button>
          ) : null}
        </nav>
      ) : null}
    </section>
  )
}

export function CreatorPage({ data }: { data: CreatorData }) {
  const { creator, products, rates } = data
  usePageTitle(creator.displayName)
  return (
    <section className="page" aria-labelledby="creator-heading">
      <header className="creator-header">
        <Avatar creator={creator} />
        <div>
          <h1 id="creator-heading">{creator.displayName}</h1>
          <p className="muted">
            @{creator.handle} · {creator.country} · on Soko since {new Date(creator.since).getFullYear()}
          </p>
        </div>
      </header>
      {creator.bio ? <p className="creator-bio">{creator.bio}</p> : null}
      {creator.links.length > 0 ? (
        <ul className="plain-list">
          {creator.links.map((link) => (
            <li key={link}>
              <a href={link} rel="noopener noreferrer nofollow" target="_blank">
                {link.replace(/^https?:\/\//, '')}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <h2>On sale</h2>
      {products.length === 0 ? (
        <p className="empty-state">Nothing on sale yet. Check back soon.</p>
      ) : (
        <ProductGrid products={products} rates={rates} />
      )}
    </section>
  )
}
