import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import type { PayoutStatus } from '../../../contract/payouts.constants'
import type { PayoutView } from '../../../contract/payouts.contract'
import { errorState, FormMessage } from '../../components/Form'
import { LoadMore } from '../../components/LoadMore'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { rpc } from '../../lib/rpc'
import { transactionsQueries } from '../transactions/transactions.queries'
import { payoutsQueries } from './payouts.queries'
import { payoutStatusText } from './withdraw-model'

const BADGE: Record<PayoutStatus, string> = {
  approval: 'badge-pending',
  scheduled: 'badge-pending',
  sending: 'badge-pending',
  processing: 'badge-pending',
  paid: 'badge-paid',
  failed: 'badge-failed',
  returned: 'badge-failed',
  cancelled: 'badge-cancelled',
}

/** The seller's payouts, newest first, each with its status, its timeline and, while it can, Cancel. */
export function PayoutList() {
  const { t } = useLingui()
  const list = useInfiniteQuery(payoutsQueries.list())
  const shown = list.data?.pages.flatMap((page) => page.payouts) ?? []
  return (
    <section aria-labelledby="payouts-heading" id="payouts">
      <h2 id="payouts-heading">
        <Trans>Your payouts</Trans>
      </h2>
      {list.isPending ? <p role="status">{t`Loading your payouts…`}</p> : null}
      {list.isError && !list.data ? (
        <p role="alert">
          <Trans>Your payouts could not be loaded.</Trans>{' '}
          <button type="button" className="link-button" onClick={() => void list.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : null}
      {list.isSuccess && shown.length === 0 ? <p className="muted">{t`No payouts yet.`}</p> : null}
      <ul className="cards">
        {shown.map((payout) => (
          <PayoutCard key={payout.id} payout={payout} />
        ))}
      </ul>
      <LoadMore list={list} />
    </section>
  )
}

function PayoutCard({ payout }: { payout: PayoutView }) {
  const { t } = useLingui()
  const status = payoutStatusText(payout.status)
  const queryClient = useQueryClient()
  const cancel = useMutation({
    mutationFn: () => rpc('cancelPayout', { payoutId: payout.id }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: transactionsQueries.all() }),
  })
  const money = (amount: number) => formatMoney(amount, payout.currency)
  return (
    <li className="card payout" aria-label={t`Payout of ${money(payout.arrives)}, ${status}`}>
      <p className="payout-head">
        <strong>{money(payout.arrives)}</strong>
        <span className={`badge ${BADGE[payout.status]}`}>{status}</span>
      </p>
      <p className="muted">
        {t`To ${payout.destination}`} · {payout.speed === 'instant' ? t`instant` : t`standard`}
        {payout.fee ? ` · ${t`fee ${money(payout.fee)}`}` : ''} · {formatDateTime(payout.createdAt)}
      </p>
      {payout.receipt ? <p>{t`Receipt ${payout.receipt}`}</p> : null}
      {payout.failure ? (
        <div
          className={
            payout.status === 'failed' || payout.status === 'returned' ? 'notice notice-error' : 'notice'
          }
        >
          <p>
            <strong>{payout.failure.title}</strong>
          </p>
          <p>{payout.failure.text}</p>
        </div>
      ) : null}
      <div className="payout-actions">
        <details>
          <summary>
            <Trans>What happened</Trans>
          </summary>
          <ol className="timeline">
            {payout.timeline.map((step) => (
              <li key={`${step.at}${step.text}`}>
                <time dateTime={step.at}>{formatDateTime(step.at)}</time> {step.text}
              </li>
            ))}
          </ol>
        </details>
        {payout.cancellable ? (
          <button
            type="button"
            className="button secondary button-small"
            disabled={cancel.isPending}
            aria-busy={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            <Trans>
              Cancel<span className="visually-hidden"> this payout</span>
            </Trans>
          </button>
        ) : null}
      </div>
      {cancel.isError ? <FormMessage message={errorState(cancel.error).message} /> : null}
    </li>
  )
}
