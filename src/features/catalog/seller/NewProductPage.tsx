import { Link } from '@tanstack/react-router'
import { usePageTitle } from '../../../lib/title'

const CHOICES = [
  {
    to: '/account/create/product',
    search: { kind: 'digital' },
    title: 'Digital product',
    text: 'Presets, e-books, beats, templates, courses: files people download.',
  },
  {
    to: '/account/create/service',
    search: {},
    title: 'Service',
    text: 'Sessions people book in your free hours: calls, shoots, lessons.',
  },
  {
    to: '/account/create/merch',
    search: {},
    title: 'Merch',
    text: 'Things you ship or hand over: T-shirts, prints, books, with sizes and colours.',
  },
  {
    to: '/account/create/product',
    search: { kind: 'event' },
    title: 'Event',
    text: 'Tickets for a date, online or at a venue, with capacity and sale windows.',
  },
] as const

/** The first step of selling something: what kind of thing it is. */
export function NewProductPage() {
  usePageTitle('What will you sell?')
  return (
    <section className="page narrow" aria-labelledby="new-heading">
      <h1 id="new-heading">What will you sell?</h1>
      <ul className="link-grid kind-choices">
        {CHOICES.map((choice) => (
          <li key={choice.title}>
            <Link to={choice.to} search={choice.search as never} className="card">
              <strong>{choice.title}</strong>
              <span className="muted">{choice.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
