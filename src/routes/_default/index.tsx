import { createFileRoute, Link } from '@tanstack/react-router'

export const Route = createFileRoute('/_default/')({ component: Home })

const points = [
  {
    title: 'Sell anything you make',
    text: 'Presets, templates, music, courses, coaching sessions, T-shirts and event tickets — one storefront.',
  },
  {
    title: 'Get paid the way your buyers pay',
    text: 'Card, PayPal and M-Pesa at checkout. Withdraw instantly to M-Pesa or on a schedule.',
  },
  {
    title: 'Made for phones and slow networks',
    text: 'Install Soko on your home screen. Downloads resume where they stopped; your sales open offline.',
  },
]

function Home() {
  return (
    <>
      <section className="hero">
        <h1>Sell digital products &amp; get paid anywhere</h1>
        <p className="lead">
          Soko is the marketplace for creatives and freelancers in East Africa and beyond: sell, invoice
          clients and take payments by card, PayPal and M-Pesa.
        </p>
        <p className="actions">
          <Link to="/register" className="button">
            Start selling
          </Link>
          <Link to="/explore" className="button secondary">
            Explore products
          </Link>
        </p>
      </section>
      <ul className="points">
        {points.map((point) => (
          <li key={point.title}>
            <h2>{point.title}</h2>
            <p>{point.text}</p>
          </li>
        ))}
      </ul>
    </>
  )
}
