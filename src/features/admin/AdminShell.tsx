import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { usePageTitle } from '../../lib/title'

const SECTIONS = [
  { to: '/admin', label: 'Overview', exact: true },
  { to: '/admin/people', label: 'People' },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/payouts', label: 'Payouts' },
  { to: '/admin/reviews', label: 'Reviews' },
  { to: '/admin/messages', label: 'Messages' },
  { to: '/admin/settings', label: 'Settings' },
  { to: '/admin/audit', label: 'Audit log' },
] as const

/** Every admin page: its heading, the sections of the admin area, then the page. */
export function AdminShell({
  title,
  lead,
  children,
}: {
  title: string
  lead?: ReactNode
  children: ReactNode
}) {
  usePageTitle(title === 'Admin' ? 'Admin' : `${title} · Admin`)
  return (
    <section className="page admin" aria-labelledby="admin-heading">
      <h1 id="admin-heading">{title}</h1>
      <nav aria-label="Admin sections" className="chips admin-nav">
        {SECTIONS.map((s) => (
          <Link
            key={s.to}
            to={s.to}
            className="chip"
            activeOptions={{ exact: 'exact' in s, includeSearch: false }}
            activeProps={{ 'aria-current': 'page' }}
          >
            {s.label}
          </Link>
        ))}
      </nav>
      {lead ? <p className="lead">{lead}</p> : null}
      {children}
    </section>
  )
}
