import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Role } from './useTransactions'

/** A seller reads their earnings here, and can switch to what they themselves bought. */
export function RoleSwitch({ role }: { role: Role }) {
  return (
    <nav aria-label="Whose transactions" className="chips">
      <RoleLink whose="seller" current={role}>
        Your sales
      </RoleLink>
      <RoleLink whose="buyer" current={role}>
        Your purchases
      </RoleLink>
    </nav>
  )
}

function RoleLink({ whose, current, children }: { whose: Role; current: Role; children: ReactNode }) {
  return (
    <Link
      to="/account/transactions"
      search={{ as: whose }}
      className="chip"
      data-status={whose === current ? 'active' : undefined}
      aria-current={whose === current ? 'page' : undefined}
    >
      {children}
    </Link>
  )
}
