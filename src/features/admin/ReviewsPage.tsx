import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Field, FormMessage, SubmitButton, text, useSubmit } from '../../components/Form'
import { formatDateTime } from '../../lib/dates'
import { rpc } from '../../lib/rpc'
import { AdminShell } from './AdminShell'
import { adminQueries } from './admin.queries'

/** /admin/reviews: sellers' identity details waiting for a decision (a first payout needs one). */
export function ReviewsPage() {
  return (
    <AdminShell title="Reviews">
      <Verifications />
    </AdminShell>
  )
}

function Verifications() {
  const queryClient = useQueryClient()
  const list = useQuery(adminQueries.verifications())
  const [rejecting, setRejecting] = useState<string | null>(null)
  const review = useSubmit(async (data) => {
    const id = text(data, 'id')
    const decision = text(data, 'decision') as 'approve' | 'reject'
    await rpc('reviewSellerVerification', {
      id,
      decision,
      ...(decision === 'reject' ? { reason: text(data, 'reason') } : {}),
    })
    setRejecting(null)
    await queryClient.invalidateQueries({ queryKey: adminQueries.verifications().queryKey })
  })
  return (
    <section aria-labelledby="verifications-heading">
      <h2 id="verifications-heading">Identity verifications to review</h2>
      <FormMessage message={review.message} />
      {list.isPending ? <p>Loading…</p> : null}
      {list.isError ? <p role="alert">Could not load verifications: {list.error.message}</p> : null}
      {list.data?.verifications.length === 0 ? <p className="muted">Nothing waiting for review.</p> : null}
      <ul className="cards">
        {list.data?.verifications.map((v) => (
          <li key={v.id} className="card">
            <p>
              <strong>{v.seller.displayName}</strong> (@{v.seller.handle}, {v.seller.email}), sent{' '}
              {formatDateTime(v.submittedAt)}
            </p>
            <dl className="details">
              <dt>Legal name</dt>
              <dd>{v.details.legalName}</dd>
              <dt>Born</dt>
              <dd>{v.details.dateOfBirth}</dd>
              <dt>Document</dt>
              <dd>
                {v.details.documentKind} {v.details.documentNumber}
              </dd>
              <dt>Address</dt>
              <dd>{v.details.address}</dd>
            </dl>
            <form onSubmit={review.onSubmit} className="form">
              <input type="hidden" name="id" value={v.id} />
              {rejecting === v.id ? (
                <>
                  <input type="hidden" name="decision" value="reject" />
                  <Field label="What should the seller fix?" name="reason" required errors={review.errors} />
                  <div className="actions">
                    <SubmitButton busy={review.busy} busyText="Sending…">
                      Reject with this reason
                    </SubmitButton>
                    <button type="button" className="button secondary" onClick={() => setRejecting(null)}>
                      Cancel
                    </button>
                  </div>
                </>
              ) : (
                <div className="actions">
                  <input type="hidden" name="decision" value="approve" />
                  <SubmitButton busy={review.busy} busyText="Approving…">
                    Approve
                  </SubmitButton>
                  <button type="button" className="button secondary" onClick={() => setRejecting(v.id)}>
                    Reject…
                  </button>
                </div>
              )}
            </form>
          </li>
        ))}
      </ul>
    </section>
  )
}
