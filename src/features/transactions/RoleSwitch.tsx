import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Role } from './useTransactions'

/** A seller reads their earnings here, and can switch to what they themselves bought. */
export function RoleSwitch({ role }: { role: Role }) {
  const { t } = useLingui()
  return (
    <nav aria-label={t`Whose transactions`} className="chips">
      <RoleLink whose="seller" current={role}>
        <Trans>Your sales</Trans>
      </RoleLink>
      <RoleLink whose="buyer" current={role}>
        <Trans>Your purchases</Trans>
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
