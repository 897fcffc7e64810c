import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { OfflineNote } from '../../components/OfflineNote'
import { usePageTitle } from '../../lib/title'
import { Balances } from './Balances'
import { Destinations } from './Destinations'
import { PayoutList } from './PayoutList'
import { payoutsQueries } from './payouts.queries'
import { ScheduleForm } from './ScheduleForm'
import { WithdrawForm } from './WithdrawForm'

const IDENTITY: Record<string, MessageDescriptor> = {
  none: msg`Before your first payout, confirm who you are: it protects your money and your buyers.`,
  pending: msg`Your identity details are being checked: you can withdraw once they are approved.`,
  rejected: msg`Your identity details were not approved: see why and send them again.`,
}

/**
 * /account/withdraw: the withdrawal first (the balance, then how much and where, then a confirmation),
 * then the latest payouts, where the money goes and the schedule, each a section the links at the top
 * reach: under the withdrawal on a phone, beside it on a wide screen.
 */
export function WithdrawPage() {
  const { t } = useLingui()
  usePageTitle(t`Withdraw`)
  const balances = useQuery(payoutsQueries.balances())
  const methods = useQuery(payoutsQueries.methods())
  // The withdrawal opens the form that adds a destination when none takes the currency.
  const [adding, setAdding] = useState(false)
  const failed = (balances.isError && !balances.data) || (methods.isError && !methods.data)
  const holdDays = methods.data?.figures.holdDays ?? 7
  return (
    <section className="page withdraw" aria-labelledby="withdraw-heading">
      <h1 id="withdraw-heading">
        <Trans>Withdraw</Trans>
      </h1>
      <nav aria-label={t`On this page`} className="chips page-sections">
        <Link className="chip" to="/account/withdraw" hash="payouts">
          <Trans>Payouts</Trans>
        </Link>
        <Link className="chip" to="/account/withdraw" hash="destinations">
          <Trans>Destinations</Trans>
        </Link>
        <Link className="chip" to="/account/withdraw" hash="schedule">
          <Trans>Schedule</Trans>
        </Link>
      </nav>
      <OfflineNote
        updatedAt={Math.min(balances.dataUpdatedAt, methods.dataUpdatedAt)}
        failed={balances.isError || methods.isError}
      />
      {balances.isPending || methods.isPending ? <p role="status">{t`Loading your balance…`}</p> : null}
      {failed ? (
        <p role="alert">
          <Trans>Your balance could not be loaded. Check your connection.</Trans>{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              void balances.refetch()
              void methods.refetch()
            }}
          >
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : null}
      <div className="withdraw-layout">
        <div>
          {balances.data ? <Balances balances={balances.data.balances} /> : null}
          {methods.data && methods.data.identity !== 'approved' ? (
            <p className="notice">
              {IDENTITY[methods.data.identity]
                ? t(IDENTITY[methods.data.identity] as MessageDescriptor)
                : null}{' '}
              <Link to="/account/verify">
                <Trans>Confirm your identity</Trans>
              </Link>
            </p>
          ) : null}
          {balances.data && methods.data && balances.data.balances.length > 0 ? (
            <WithdrawForm
              balances={balances.data.balances}
              methods={methods.data}
              onAddDestination={() => {
                setAdding(true)
                // Once open, the keyboard is where the form starts.
                requestAnimationFrame(() =>
                  document
                    .querySelector<HTMLElement>('#add-destination summary')
                    ?.focus({ preventScroll: true }),
                )
              }}
            />
          ) : null}
        </div>
        <div>
          <PayoutList />
          {methods.data ? <Destinations methods={methods.data} adding={adding} onAdding={setAdding} /> : null}
          {methods.data ? <ScheduleForm methods={methods.data} /> : null}
          <p className="muted">
            {holdDays === 0
              ? t`Sales can be withdrawn as soon as they are paid.`
              : t`${plural(holdDays, {
                  one: 'Sales are held # day before they can be withdrawn, in case of a refund.',
                  other: 'Sales are held # days before they can be withdrawn, in case of a refund.',
                })}`}{' '}
            <Link to="/account/transactions">
              <Trans>See your transactions</Trans>
            </Link>
          </p>
        </div>
      </div>
    </section>
  )
}
