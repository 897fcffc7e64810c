import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { PayoutView } from '../../../contract/payouts.contract'
import { Field, FormMessage, SubmitButton, text, useSubmit } from '../../components/Form'
import { formatDateTime } from '../../lib/dates'
import { rpc } from '../../lib/rpc'
import { adminQueries } from './admin.queries'
import { PayoutAmount, payoutName } from './PayoutAmount'
import { RejectPayout } from './RejectPayout'

/** A payout in the queue: whose, how much, where, and when it was asked. */
function Summary({ payout }: { payout: PayoutView }) {
  return (
    <>
      <p>
        <PayoutAmount payout={payout} />
      </p>
      <p>To {payout.destination}</p>
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
  // What the last decision did, said where the card that went was: { which list, words }.
  const [done, setDone] = useState<{ list: 'approval' | 'bank'; text: string } | null>(null)
  // Everything the admin area shows may have moved: the queue, the list of every payout, the overview.
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminQueries.all() })
  const [rejecting, setRejecting] = useState<string | null>(null)
  const find = (id: string) =>
    [...(queue.data?.approval ?? []), ...(queue.data?.bank ?? [])].find((p) => p.id === id)
  const approve = useSubmit(async (data) => {
    const id = text(data, 'id')
    const payout = find(id)
    setDone(null)
    const answer = await rpc('reviewPayout', { payoutId: id, approve: true })
    const name = payout ? payoutName(payout) : 'the payout'
    // A bank payout waits for an admin's transfer below; a scheduled one for its run; the rest go now.
    const next =
      answer.payout.rail === 'bank'
        ? 'it waits below as a bank transfer to make.'
        : answer.payout.status === 'scheduled'
          ? 'it goes with the next run.'
          : 'it is on its way.'
    setDone({ list: 'approval', text: `Approved ${name}: ${next}` })
    await refresh()
  })
  const mark = useSubmit(async (data) => {
    if (!marking) return
    const payout = find(marking.id)
    setDone(null)
    await rpc('markBankPayout', {
      payoutId: marking.id,
      outcome: marking.outcome,
      ...(marking.outcome === 'paid'
        ? { reference: text(data, 'reference') }
        : { reason: text(data, 'reason') }),
    })
    setMarking(null)
    setDone({
      list: 'bank',
      text:
        marking.outcome === 'paid'
          ? `Marked paid: ${payout ? payoutName(payout) : 'the payout'}.`
          : `Marked failed: ${payout ? payoutName(payout) : 'the payout'} is back in their balance.`,
    })
    await refresh()
  })
  return (
    <section aria-labelledby="admin-payouts-heading">
      <h2 id="admin-payouts-heading">Payouts to act on</h2>
      {queue.isPending ? <p>Loading…</p> : null}
      {queue.isError ? <p role="alert">Could not load payouts: {queue.error.message}</p> : null}
      <h3>Waiting for approval</h3>
      <Done said={done?.list === 'approval' ? done : null} />
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
                  setDone({
                    list: 'approval',
                    text: `Rejected: ${payoutName(payout)} is back in their balance, with your reason.`,
                  })
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
      <Done said={done?.list === 'bank' ? done : null} />
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

/**
 * What an admin's decision did. The card they acted on leaves the list, so the message takes the focus:
 * the keyboard and a screen reader stay where the admin was, and the page scrolls to it.
 */
function Done({ said }: { said: { text: string } | null }) {
  const line = useRef<HTMLParagraphElement>(null)
  // Each decision is a new object: the same words twice (two alike payouts) still take the focus.
  useEffect(() => {
    if (said) line.current?.focus()
  }, [said])
  if (!said) return null
  return (
    <p ref={line} className="form-message form-message-ok" role="status" tabIndex={-1}>
      {said.text}
    </p>
  )
}
