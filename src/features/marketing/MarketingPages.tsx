import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Icon } from '../../components/Icon'
import { formatMoney } from '../../lib/money'
import { usePageTitle } from '../../lib/title'
import { ProductGrid, ProductShelf } from '../catalog/ProductCards'
import { Items } from './Items'
import type { FeaturesPayload, HomePayload, PricingPayload } from './types'

const ARROW = 'M5 12h14m-6-6 6 6-6 6'

export function HomePage({ data }: { data: HomePayload }) {
  const { t } = useLingui()
  usePageTitle()
  const { featured = [], recent = [], rates } = data
  return (
    <>
      <section className="hero" aria-labelledby="home-heading">
        <h1 id="home-heading">{data.heading}</h1>
        <p className="lead">{data.lead}</p>
        <p className="actions">
          <Link to="/register" className="button">
            <Trans>Start selling</Trans>
          </Link>
          <Link to="/explore" className="button secondary">
            <Trans>Explore products</Trans>
          </Link>
        </p>
        <p className="hero-pay">
          <Icon name="shield" size={18} /> <Trans>Pay with M-Pesa, card or PayPal</Trans>
        </p>
      </section>
      {rates && featured.length > 0 ? (
        <ProductShelf
          id="featured-heading"
          title={t`Featured`}
          more={
            <Link to="/explore" search={{ sort: 'popular' }} className="shelf-more">
              <Trans>Popular on Soko</Trans> <Icon d={ARROW} size={16} />
            </Link>
          }
        >
          <ProductGrid products={featured} rates={rates} eager={0} />
        </ProductShelf>
      ) : null}
      {rates && recent.length > 0 ? (
        <ProductShelf
          id="recent-heading"
          title={t`New on Soko`}
          more={
            <Link to="/explore" className="shelf-more">
              <Trans>See everything</Trans> <Icon d={ARROW} size={16} />
            </Link>
          }
        >
          <ProductGrid products={recent} rates={rates} eager={0} />
        </ProductShelf>
      ) : null}
      <section className="band" aria-labelledby="why-heading">
        <h2 id="why-heading" className="visually-hidden">
          <Trans>Why Soko</Trans>
        </h2>
        <Items items={data.points} className="points" />
      </section>
      <section aria-labelledby="how-heading">
        <h2 id="how-heading">
          <Trans>How it works</Trans>
        </h2>
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
            <Trans>All features</Trans>
          </Link>
          <Link to="/pricing" className="button secondary">
            <Trans>Pricing</Trans>
          </Link>
        </p>
      </section>
    </>
  )
}

export function FeaturesPage({ data }: { data: FeaturesPayload }) {
  const { t } = useLingui()
  usePageTitle(t`Features`)
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
          <Trans>Open your storefront</Trans>
        </Link>
      </p>
    </section>
  )
}

export function PricingPage({ data }: { data: PricingPayload }) {
  const { t } = useLingui()
  usePageTitle(t`Pricing`)
  return (
    <section className="page" aria-labelledby="pricing-heading">
      <h1 id="pricing-heading">{data.heading}</h1>
      <p className="lead">{data.lead}</p>
      <div className="card plan">
        <h2>
          <Trans>
            <span className="plan-fee">{data.feeText}</span> per sale
          </Trans>
        </h2>
        <ul className="checklist">
          {data.includes.map((line) => (
            <li key={line}>
              <Icon name="check" /> {line}
            </li>
          ))}
        </ul>
        <Link to="/register" className="button">
          <Trans>Start selling</Trans>
        </Link>
      </div>
      <h2>
        <Trans>What you receive</Trans>
      </h2>
      <table className="table table-stack">
        <caption className="visually-hidden">
          <Trans>Examples of a sale, Soko's fee and what you receive</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Sale</Trans>
            </th>
            <th scope="col">
              <Trans>Soko's fee</Trans>
            </th>
            <th scope="col">
              <Trans>You receive</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.examples.map((row) => (
            <tr key={`${row.currency}${row.sale}`}>
              <th scope="row">{formatMoney(row.sale, row.currency, 'en')}</th>
              <td data-label={t`Soko's fee`}>{row.fee}</td>
              <td data-label={t`You receive`}>{row.net}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>
        <Trans>Questions</Trans>
      </h2>
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
