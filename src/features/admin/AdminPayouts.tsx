import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { PayoutView } from '../../../contract/payouts.contract'
import { Field, FormMessage, SubmitButton, text, useSubmit } from '../../components/Form'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { rpc } from '../../lib/rpc'
import { adminQueries } from './admin.queries'
import { RejectPayout } from './RejectPayout'

/** A payout in the queue: whose, how much, where, and when it was asked. */
function Summary({ payout }: { payout: PayoutView }) {
  return (
    <>
      <p>
        <strong>{formatMoney(payout.arrives, payout.currency)}</strong> to {payout.destination}
      </p>
      <p className="muted">
        {payout.seller ? `${payout.seller.name} (${payout.seller.email}) · ` : ''}
        {payout.speed} · asked {formatDateTime(payout.createdAt)}
      </p>
    </>
  )
}

/**
 * The payouts an admin acts on: a seller's first and large ones wait for approval; bank payouts wait for
 * the transfer to be made by hand and marked paid (with the bank's reference) or failed (with why).
 */
export function AdminPayouts() {
  const queryClient = useQueryClient()
  const queue = useQuery(adminQueries.payouts())
  const [marking, setMarking] = useState<{ id: string; outcome: 'paid' | 'failed' } | null>(null)
  // Everything the admin area shows may have moved: the queue, the list of every payout, the overview.
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminQueries.all() })
  const [rejecting, setRejecting] = useState<string | null>(null)
  const approve = useSubmit(async (data) => {
    await rpc('reviewPayout', { payoutId: text(data, 'id'), approve: true })
    await refresh()
  })
  const mark = useSubmit(async (data) => {
    if (!marking) return
    await rpc('markBankPayout', {
      payoutId: marking.id,
      outcome: marking.outcome,
      ...(marking.outcome === 'paid'
        ? { reference: text(data, 'reference') }
        : { reason: text(data, 'reason') }),
    })
    setMarking(null)
    await refresh()
  })
  return (
    <section aria-labelledby="admin-payouts-heading">
      <h2 id="admin-payouts-heading">Payouts to act on</h2>
      {queue.isPending ? <p>Loading…</p> : null}
      {queue.isError ? <p role="alert">Could not load payouts: {queue.error.message}</p> : null}
      <h3>Waiting for approval</h3>
      <FormMessage message={approve.message} />
      {queue.data?.approval.length === 0 ? <p className="muted">No payout is waiting for approval.</p> : null}
      <ul className="cards">
        {queue.data?.approval.map((payout) => (
          <li key={payout.id} className="card">
            <Summary payout={payout} />
            {rejecting === payout.id ? (
              <RejectPayout
                payout={payout}
                onCancel={() => setRejecting(null)}
                onDone={async () => {
                  setRejecting(null)
                  await refresh()
                }}
              />
            ) : (
              <form onSubmit={approve.onSubmit} className="inline-actions">
                <input type="hidden" name="id" value={payout.id} />
                <button type="submit" className="button" disabled={approve.busy}>
                  Approve
                </button>
                <button
                  type="button"
                  className="button secondary"
                  disabled={approve.busy}
                  onClick={() => setRejecting(payout.id)}
                >
                  Reject…
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
      <h3>Bank transfers to make</h3>
      <FormMessage message={mark.message} />
      {queue.data?.bank.length === 0 ? <p className="muted">No bank transfer is waiting.</p> : null}
      <ul className="cards">
        {queue.data?.bank.map((payout) => (
          <li key={payout.id} className="card">
            <Summary payout={payout} />
            {marking?.id === payout.id ? (
              <form onSubmit={mark.onSubmit} noValidate>
                {marking.outcome === 'paid' ? (
                  <Field label="The bank's reference" name="reference" errors={mark.errors} required />
                ) : (
                  <Field
                    label="Why it failed (the seller reads this)"
                    name="reason"
                    errors={mark.errors}
                    required
                  />
                )}
                <SubmitButton busy={mark.busy} busyText="Saving…">
                  {marking.outcome === 'paid' ? 'Mark paid' : 'Mark failed'}
                </SubmitButton>{' '}
                <button type="button" className="link-button" onClick={() => setMarking(null)}>
                  Back
                </button>
              </form>
            ) : (
              <p className="inline-actions">
                <button
                  type="button"
                  className="button"
                  onClick={() => setMarking({ id: payout.id, outcome: 'paid' })}
                >
                  Transfer made
                </button>
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => setMarking({ id: payout.id, outcome: 'failed' })}
                >
                  It failed
                </button>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
