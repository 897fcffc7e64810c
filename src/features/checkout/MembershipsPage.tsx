import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { OrderStatus } from '../../../contract/checkout.constants'
import type { MembershipView } from '../../../contract/memberships.contract'
import { ORDER_STATUS_TEXT } from '../../../contract/order-status'
import { FormMessage } from '../../components/Form'
import { formatDate } from '../../lib/dates'
import { translateCode } from '../../lib/i18n'
import { persisted } from '../../lib/persisted'
import { RpcError, rpc } from '../../lib/rpc'
import { usePageTitle } from '../../lib/title'
import { money } from '../catalog/money'
import { errorText, MembershipChanges } from './MembershipChanges'

const MEMBERSHIPS_KEY = ['memberships', 'mine'] as const

/**
 * A member's memberships: each tier and what it costs, where it stands (the next payment, when and by
 * what; a failed renewal and until when access lasts, with a way to pay now), the payments made, a change
 * of tier or a pause (MembershipChanges.tsx), and a way to cancel that keeps access to the end of the
 * period paid.
 */
export function MembershipsPage() {
  const { t } = useLingui()
  usePageTitle(t`Memberships`)
  const list = useQuery({
    queryKey: MEMBERSHIPS_KEY,
    queryFn: () => rpc('listMyMemberships', {}),
    meta: persisted,
  })
  return (
    <section className="page narrow" aria-labelledby="memberships-heading">
      <h1 id="memberships-heading">
        <Trans>Memberships</Trans>
      </h1>
      {list.isPending ? (
        <p role="status">
          <Trans>Loading your memberships…</Trans>
        </p>
      ) : list.isError ? (
        <FormMessage
          message={t`Your memberships could not be loaded: ${list.error instanceof RpcError ? list.error.message : t`check your connection`}`}
        />
      ) : list.data.memberships.length === 0 ? (
        <div className="empty">
          <p>
            <Trans>You are not a member of anything yet. Creators’ memberships are on their pages.</Trans>
          </p>
          <Link to="/explore" className="button secondary">
            <Trans>Explore</Trans>
          </Link>
        </div>
      ) : (
        <ul className="membership-list">
          {list.data.memberships.map((membership) => (
            <li key={membership.id}>
              <MembershipCard membership={membership} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

const periodText = (m: MembershipView) => {
  const price = money(m.price)
  return m.interval === 'month' ? t`${price} a month` : t`${price} a year`
}

function MembershipCard({ membership: m }: { membership: MembershipView }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const headingId = `membership-${m.id}`
  const cancel = useMutation({
    mutationFn: () => rpc('cancelMembership', { id: m.id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMBERSHIPS_KEY }),
  })
  const pay = useMutation({
    mutationFn: () => rpc('payMembershipNow', { id: m.id }),
    onSuccess: ({ next }) => {
      if (next.kind === 'redirect') location.assign(next.url)
    },
  })
  const until = formatDate(m.periodEnd)
  const price = periodText(m)
  const next = m.nextPayment
  return (
    <article className="card membership-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Link to="/$product" params={{ product: m.product.slug }}>
          {m.product.title}
        </Link>
      </h2>
      <p className="muted">
        <Trans>
          {m.tier.name} · {price} · by {m.seller.displayName}
        </Trans>
      </p>
      <p>
        <span className={`badge badge-${m.state}`}>{stateText(m.state)}</span>
      </p>
      {m.trialEndsAt && m.state === 'active' && next ? (
        <p>
          {m.paidWith
            ? t`Free trial until ${formatDate(m.trialEndsAt)}. Then ${money(next.amount)} is taken by ${m.paidWith}, unless you cancel before.`
            : t`Free trial until ${formatDate(m.trialEndsAt)}. Then ${money(next.amount)} is taken, unless you cancel before.`}
        </p>
      ) : m.state === 'active' && next ? (
        <p>
          {m.paidWith
            ? t`Next payment: ${money(next.amount)} on ${formatDate(next.at)}, by ${m.paidWith}.`
            : t`Next payment: ${money(next.amount)} on ${formatDate(next.at)}.`}
        </p>
      ) : null}
      {m.state === 'past_due' ? (
        <div className="notice" role="status">
          <p>
            {next
              ? t`Your last payment did not go through. We will try again on ${formatDate(next.at)}; your access stays open until ${formatDate(m.graceEndsAt ?? m.periodEnd)}.`
              : t`Your last payment did not go through: pay now to keep your membership.`}
          </p>
          <FormMessage message={pay.isError ? errorText(pay.error) : null} />
          <button type="button" className="button" aria-busy={pay.isPending} onClick={() => pay.mutate()}>
            {pay.isPending ? t`Opening the payment page…` : t`Pay ${money(m.price)} now`}
          </button>
        </div>
      ) : null}
      {m.state === 'cancelled' ? (
        <p>
          {m.trialEndsAt
            ? t`Cancelled during the free trial: your access lasts until ${until}. Nothing is charged.`
            : t`Cancelled: your access lasts until ${until}. Nothing more is charged.`}
        </p>
      ) : null}
      {m.state === 'ended' ? <p className="muted">{t`Ended. You can join again from its page.`}</p> : null}
      <MembershipChanges membership={m} listKey={MEMBERSHIPS_KEY} />
      {m.state !== 'ended' && m.state !== 'paused' ? (
        <p>
          <Link to="/account/memberships" search={{ posts: m.id }} className="button secondary">
            <Trans>Read members’ posts</Trans>
          </Link>
        </p>
      ) : null}
      {m.tier.perks ? (
        <details>
          <summary>
            <Trans>What members get</Trans>
          </summary>
          <p className="tier-perks">{m.tier.perks}</p>
        </details>
      ) : null}
      {m.history.length > 0 ? (
        <details>
          <summary>
            <Trans>Payments</Trans>
          </summary>
          <ul className="plain-list">
            {m.history.map((payment) => (
              <li key={payment.orderId}>
                <Link to="/sucess-payment" search={{ order: payment.orderId }}>
                  {payment.reference}
                </Link>{' '}
                · {formatDate(payment.at)} · {money(payment.amount)} ·{' '}
                {translateCode(
                  undefined,
                  undefined,
                  ORDER_STATUS_TEXT[payment.status as OrderStatus] ?? payment.status,
                )}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {m.state === 'active' || m.state === 'past_due' || m.state === 'paused' ? (
        confirming ? (
          <div className="confirm">
            <p>
              {m.state === 'active'
                ? t`Cancel? You keep access until ${until}, and nothing more is charged.`
                : m.state === 'paused'
                  ? t`Cancel? The membership ends now, and nothing more is charged.`
                  : t`Cancel? Your unpaid period is not charged, and the membership ends now.`}
            </p>
            <FormMessage message={cancel.isError ? errorText(cancel.error) : null} />
            <button
              type="button"
              className="button danger"
              aria-busy={cancel.isPending}
              onClick={() => cancel.mutate()}
            >
              <Trans>Yes, cancel it</Trans>
            </button>{' '}
            <button type="button" className="button secondary" onClick={() => setConfirming(false)}>
              <Trans>Keep it</Trans>
            </button>
          </div>
        ) : (
          <button type="button" className="link-button" onClick={() => setConfirming(true)}>
            <Trans>Cancel membership</Trans>
          </button>
        )
      ) : null}
    </article>
  )
}

function stateText(state: MembershipView['state']): string {
  switch (state) {
    case 'active':
      return t`Active`
    case 'past_due':
      return t`Payment due`
    case 'paused':
      return t`Paused`
    case 'cancelled':
      return t({ message: 'Cancelled', context: 'membership' })
    case 'ended':
      return t`Ended`
  }
}
