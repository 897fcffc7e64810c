import { Link } from '@tanstack/react-router'
import type { CreatorPage as CreatorData, CreatorsPage as CreatorsData } from '../../../contract/storefront'
import { Avatar } from '../../components/Avatar'
import { Pager } from '../../components/Pager'
import { usePageTitle } from '../../lib/title'
import { ProductGrid } from './ProductCards'

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
              <Avatar name={creator.displayName} avatar={creator.avatar} lazy />
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
      <Pager page={data.page} pageCount={data.pageCount} onPage={onPage} />
    </section>
  )
}

export function CreatorPage({ data }: { data: CreatorData }) {
  const { creator, products, rates } = data
  usePageTitle(creator.displayName)
  return (
    <section className="page" aria-labelledby="creator-heading">
      <header className="creator-header">
        <Avatar name={creator.displayName} avatar={creator.avatar} lazy />
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
