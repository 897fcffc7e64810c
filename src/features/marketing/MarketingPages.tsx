import { Link } from '@tanstack/react-router'
import { Icon } from '../../components/Icon'
import { formatMoney } from '../../lib/money'
import { usePageTitle } from '../../lib/title'
import { ProductGrid, ProductShelf } from '../catalog/ProductCards'
import { Items } from './Items'
import type { FeaturesPayload, HomePayload, PricingPayload } from './types'

const ARROW = 'M5 12h14m-6-6 6 6-6 6'

export function HomePage({ data }: { data: HomePayload }) {
  usePageTitle()
  const { featured = [], recent = [], rates } = data
  return (
    <>
      <section className="hero" aria-labelledby="home-heading">
        <h1 id="home-heading">{data.heading}</h1>
        <p className="lead">{data.lead}</p>
        <p className="actions">
          <Link to="/register" className="button">
            Start selling
          </Link>
          <Link to="/explore" className="button secondary">
            Explore products
          </Link>
        </p>
        <p className="hero-pay">
          <Icon name="shield" size={18} /> Pay with M-Pesa, card or PayPal
        </p>
      </section>
      {rates && featured.length > 0 ? (
        <ProductShelf
          id="featured-heading"
          title="Featured"
          more={
            <Link to="/explore" search={{ sort: 'popular' }} className="shelf-more">
              Popular on Soko <Icon d={ARROW} size={16} />
            </Link>
          }
        >
          <ProductGrid products={featured} rates={rates} eager={0} />
        </ProductShelf>
      ) : null}
      {rates && recent.length > 0 ? (
        <ProductShelf
          id="recent-heading"
          title="New on Soko"
          more={
            <Link to="/explore" className="shelf-more">
              See everything <Icon d={ARROW} size={16} />
            </Link>
          }
        >
          <ProductGrid products={recent} rates={rates} eager={0} />
        </ProductShelf>
      ) : null}
      <section className="band" aria-labelledby="why-heading">
        <h2 id="why-heading" className="visually-hidden">
          Why Soko
        </h2>
        <Items items={data.points} className="points" />
      </section>
      <section aria-labelledby="how-heading">
        <h2 id="how-heading">How it works</h2>
        <ol className="steps">
          {data.steps.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <p className="actions">
          <Link to="/features" className="button secondary">
            All features
          </Link>
          <Link to="/pricing" className="button secondary">
            Pricing
          </Link>
        </p>
      </section>
    </>
  )
}

export function FeaturesPage({ data }: { data: FeaturesPayload }) {
  usePageTitle('Features')
  return (
    <section className="page" aria-labelledby="features-heading">
      <h1 id="features-heading">{data.heading}</h1>
      <p className="lead">{data.lead}</p>
      {data.groups.map((group) => (
        <section key={group.title} aria-label={group.title}>
          <h2>{group.title}</h2>
          <Items items={group.items} className="points" />
        </section>
      ))}
      <p className="actions">
        <Link to="/register" className="button">
          Open your storefront
        </Link>
      </p>
    </section>
  )
}

export function PricingPage({ data }: { data: PricingPayload }) {
  usePageTitle('Pricing')
  return (
    <section className="page" aria-labelledby="pricing-heading">
      <h1 id="pricing-heading">{data.heading}</h1>
      <p className="lead">{data.lead}</p>
      <div className="card plan">
        <h2>
          <span className="plan-fee">{data.feeText}</span> per sale
        </h2>
        <ul className="checklist">
          {data.includes.map((line) => (
            <li key={line}>
              <Icon name="check" /> {line}
            </li>
          ))}
        </ul>
        <Link to="/register" className="button">
          Start selling
        </Link>
      </div>
      <h2>What you receive</h2>
      <table className="table table-stack">
        <caption className="visually-hidden">Examples of a sale, Soko's fee and what you receive</caption>
        <thead>
          <tr>
            <th scope="col">Sale</th>
            <th scope="col">Soko's fee</th>
            <th scope="col">You receive</th>
          </tr>
        </thead>
        <tbody>
          {data.examples.map((row) => (
            <tr key={`${row.currency}${row.sale}`}>
              <th scope="row">{formatMoney(row.sale, row.currency, 'en')}</th>
              <td data-label="Soko's fee">{row.fee}</td>
              <td data-label="You receive">{row.net}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Questions</h2>
      <dl className="faq">
        {data.faq.map((entry) => (
          <div key={entry.question}>
            <dt>{entry.question}</dt>
            <dd>{entry.answer}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
