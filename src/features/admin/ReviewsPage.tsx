import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Field, FormMessage, SubmitButton, text, useSubmit } from '../../components/Form'
import { ListState } from '../../components/ListState'
import { formatDateTime } from '../../lib/dates'
import { rpc } from '../../lib/rpc'
import { AdminShell } from './AdminShell'
import { adminQueries } from './admin.queries'

/** /admin/reviews: sellers' identity details waiting for a decision (a first payout needs one). */
export function ReviewsPage() {
  const { t } = useLingui()
  return (
    <AdminShell title={t`Reviews`}>
      <Verifications />
    </AdminShell>
  )
}

function Verifications() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const list = useQuery(adminQueries.verifications())
  const [rejecting, setRejecting] = useState<string | null>(null)
  // What the last decision did, said once its card has left the list.
  const [decided, setDecided] = useState<string | null>(null)
  const review = useSubmit(async (data) => {
    const id = text(data, 'id')
    const decision = text(data, 'decision') as 'approve' | 'reject'
    setDecided(null)
    await rpc('reviewSellerVerification', {
      id,
      decision,
      ...(decision === 'reject' ? { reason: text(data, 'reason') } : {}),
    })
    setRejecting(null)
    const name = list.data?.verifications.find((v) => v.id === id)?.seller.displayName ?? ''
    setDecided(
      decision === 'approve'
        ? t`Approved: ${name} can withdraw now. They were told by e-mail.`
        : t`Rejected: ${name} was told by e-mail what to fix.`,
    )
    await queryClient.invalidateQueries({ queryKey: adminQueries.verifications().queryKey })
  })
  return (
    <section aria-labelledby="verifications-heading">
      <h2 id="verifications-heading">
        <Trans>Identity verifications to review</Trans>
      </h2>
      <FormMessage message={review.message} />
      <FormMessage message={decided} tone="ok" />
      <ListState list={list} what={t`verifications`} />
      {list.data?.verifications.length === 0 ? (
        <p className="muted">
          <Trans>Nothing waiting for review.</Trans>
        </p>
      ) : null}
      <ul className="cards">
        {list.data?.verifications.map((v) => {
          const name = v.seller.displayName
          const handle = v.seller.handle
          const email = v.seller.email
          const sent = formatDateTime(v.submittedAt)
          return (
            <li key={v.id} className="card">
              <p>
                <Trans>
                  <strong>{name}</strong> (@{handle}, {email}), sent {sent}
                </Trans>
              </p>
              <dl className="details">
                <dt>
                  <Trans>Legal name</Trans>
                </dt>
                <dd>{v.details.legalName}</dd>
                <dt>
                  <Trans>Born</Trans>
                </dt>
                <dd>{v.details.dateOfBirth}</dd>
                <dt>
                  <Trans>Document</Trans>
                </dt>
                <dd>
                  {v.details.documentKind} {v.details.documentNumber}
                </dd>
                <dt>
                  <Trans>Address</Trans>
                </dt>
                <dd>{v.details.address}</dd>
              </dl>
              <form onSubmit={review.onSubmit} className="form">
                <input type="hidden" name="id" value={v.id} />
                {rejecting === v.id ? (
                  <>
                    <input type="hidden" name="decision" value="reject" />
                    <Field
                      label={t`What should the seller fix?`}
                      name="reason"
                      required
                      errors={review.errors}
                    />
                    <div className="actions">
                      <SubmitButton busy={review.busy} busyText={t`Sending…`}>
                        <Trans>Reject with this reason</Trans>
                      </SubmitButton>
                      <button type="button" className="button secondary" onClick={() => setRejecting(null)}>
                        <Trans>Cancel</Trans>
                      </button>
                    </div>
                  </>
                ) : (
                  <div className="actions">
                    <input type="hidden" name="decision" value="approve" />
                    <SubmitButton busy={review.busy} busyText={t`Approving…`}>
                      <Trans>Approve</Trans>
                    </SubmitButton>
                    <button type="button" className="button secondary" onClick={() => setRejecting(v.id)}>
                      <Trans>Reject…</Trans>
                    </button>
                  </div>
                )}
              </form>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
