import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { usePageTitle } from '../../../lib/title'

const CHOICES = [
  {
    to: '/account/create/product',
    search: { kind: 'digital' },
    title: msg`Digital product`,
    text: msg`Presets, e-books, beats, templates, courses: files people download.`,
  },
  {
    to: '/account/create/service',
    search: {},
    title: msg`Service`,
    text: msg`Sessions people book in your free hours: calls, shoots, lessons.`,
  },
  {
    to: '/account/create/merch',
    search: {},
    title: msg`Merch`,
    text: msg`Things you ship or hand over: T-shirts, prints, books, with sizes and colours.`,
  },
  {
    to: '/account/create/product',
    search: { kind: 'event' },
    title: msg`Event`,
    text: msg`Tickets for a date, online or at a venue, with capacity and sale windows.`,
  },
  {
    to: '/account/create/product',
    search: { kind: 'membership' },
    title: msg`Membership`,
    text: msg`Members pay every month or year for your posts, files and perks, in tiers you set.`,
  },
] as const

/** The first step of selling something: what kind of thing it is. */
export function NewProductPage() {
  const { t } = useLingui()
  usePageTitle(t`What will you sell?`)
  return (
    <section className="page narrow" aria-labelledby="new-heading">
      <h1 id="new-heading">
        <Trans>What will you sell?</Trans>
      </h1>
      <ul className="link-grid kind-choices">
        {CHOICES.map((choice) => (
          <li key={choice.title.id}>
            <Link to={choice.to} search={choice.search as never} className="card">
              <strong>{t(choice.title)}</strong>
              <span className="muted">{t(choice.text)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
