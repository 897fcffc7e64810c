import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { OfflineNote } from '../../components/OfflineNote'
import { usePageTitle } from '../../lib/title'
import { Balances } from './Balances'
import { Destinations } from './Destinations'
import { PayoutList } from './PayoutList'
import { payoutsQueries } from './payouts.queries'
import { ScheduleForm } from './ScheduleForm'
import { WithdrawForm } from './WithdrawForm'

const IDENTITY: Record<string, string> = {
  none: 'Before your first payout, confirm who you are: it protects your money and your buyers.',
  pending: 'Your identity details are being checked: you can withdraw once they are approved.',
  rejected: 'Your identity details were not approved: see why and send them again.',
}

/** /account/withdraw: balances, a withdrawal, the payouts made, where the money goes and the schedule. */
export function WithdrawPage() {
  usePageTitle('Withdraw')
  const balances = useQuery(payoutsQueries.balances())
  const methods = useQuery(payoutsQueries.methods())
  const failed = (balances.isError && !balances.data) || (methods.isError && !methods.data)
  return (
    <section className="page withdraw" aria-labelledby="withdraw-heading">
      <h1 id="withdraw-heading">Withdraw</h1>
      <OfflineNote
        updatedAt={Math.min(balances.dataUpdatedAt, methods.dataUpdatedAt)}
        failed={balances.isError || methods.isError}
      />
      {balances.isPending || methods.isPending ? <p role="status">Loading your balance…</p> : null}
      {failed ? (
        <p role="alert">
          Your balance could not be loaded. Check your connection.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              void balances.refetch()
              void methods.refetch()
            }}
          >
            Try again
          </button>
        </p>
      ) : null}
      {balances.data ? <Balances balances={balances.data.balances} /> : null}
      {methods.data && methods.data.identity !== 'approved' ? (
        <p className="notice">
          {IDENTITY[methods.data.identity]} <Link to="/account/verify">Confirm your identity</Link>
        </p>
      ) : null}
      {balances.data && methods.data && balances.data.balances.length > 0 ? (
        <WithdrawForm balances={balances.data.balances} methods={methods.data} />
      ) : null}
      <PayoutList />
      {methods.data ? <Destinations methods={methods.data} /> : null}
      {methods.data ? <ScheduleForm methods={methods.data} /> : null}
      <p className="muted">
        {methods.data?.figures.holdDays === 0
          ? 'Sales can be withdrawn as soon as they are paid.'
          : `Sales are held ${methods.data?.figures.holdDays ?? 7} days before they can be withdrawn, in case of a refund.`}{' '}
        <Link to="/account/transactions">See your transactions</Link>
      </p>
    </section>
  )
}
