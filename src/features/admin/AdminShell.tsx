import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { usePageTitle } from '../../lib/title'

const SECTIONS = [
  { to: '/admin', label: msg`Overview`, exact: true },
  { to: '/admin/people', label: msg`People` },
  { to: '/admin/products', label: msg`Products` },
  { to: '/admin/orders', label: msg`Orders` },
  { to: '/admin/payouts', label: msg`Payouts` },
  { to: '/admin/reviews', label: msg`Reviews` },
  { to: '/admin/messages', label: msg`Messages` },
  { to: '/admin/settings', label: msg`Settings` },
  { to: '/admin/audit', label: msg`Audit log` },
] as const

/** Every admin page: its heading (`title`, already translated), the sections of the admin area, then the page. */
export function AdminShell({
  title,
  lead,
  children,
}: {
  title: string
  lead?: ReactNode
  children: ReactNode
}) {
  const { t } = useLingui()
  const admin = t`Admin`
  usePageTitle(title === admin ? admin : t`${title} · Admin`)
  return (
    <section className="page admin" aria-labelledby="admin-heading">
      <h1 id="admin-heading">{title}</h1>
      <nav aria-label={t`Admin sections`} className="chips admin-nav">
        {SECTIONS.map((s) => (
          <Link
            key={s.to}
            to={s.to}
            className="chip"
            activeOptions={{ exact: 'exact' in s, includeSearch: false }}
            activeProps={{ 'aria-current': 'page' }}
          >
            {t(s.label)}
          </Link>
        ))}
      </nav>
      {lead ? <p className="lead">{lead}</p> : null}
      {children}
    </section>
  )
}
