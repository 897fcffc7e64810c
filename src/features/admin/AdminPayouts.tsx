import { Trans, useLingui } from '@lingui/react/macro'
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
  const { t } = useLingui()
  const destination = payout.destination
  const speed = payout.speed === 'instant' ? t`instant` : t`standard`
  const asked = formatDateTime(payout.createdAt)
  return (
    <>
      <p>
        <PayoutAmount payout={payout} />
      </p>
      <p>
        <Trans>To {destination}</Trans>
      </p>
      <p className="muted">
        {payout.seller ? `${payout.seller.name} (${payout.seller.email}) · ` : ''}
        <Trans>
          {speed} · asked {asked}
        </Trans>
      </p>
    </>
  )
}

/**
 * The payouts an admin acts on: a seller's first and large ones wait for approval; bank payouts wait for
 * the transfer to be made by hand and marked paid (with the bank's reference) or failed (with why).
 */
export function AdminPayouts() {
  const { t } = useLingui()
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
    const name = payout ? payoutName(payout) : t`the payout`
    // A bank payout waits for an admin's transfer below; a scheduled one for its run; the rest go now.
    const said =
      answer.payout.rail === 'bank'
        ? t`Approved ${name}: it waits below as a bank transfer to make.`
        : answer.payout.status === 'scheduled'
          ? t`Approved ${name}: it goes with the next run.`
          : t`Approved ${name}: it is on its way.`
    setDone({ list: 'approval', text: said })
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
    const name = payout ? payoutName(payout) : t`the payout`
    setDone({
      list: 'bank',
      text:
        marking.outcome === 'paid'
          ? t`Marked paid: ${name}.`
          : t`Marked failed: ${name} is back in their balance.`,
    })
    await refresh()
  })
  const reason = queue.error?.message
  return (
    <section aria-labelledby="admin-payouts-heading">
      <h2 id="admin-payouts-heading">
        <Trans>Payouts to act on</Trans>
      </h2>
      {queue.isPending ? (
        <p>
          <Trans>Loading…</Trans>
        </p>
      ) : null}
      {queue.isError ? (
        <p role="alert">
          <Trans>Could not load payouts: {reason}</Trans>
        </p>
      ) : null}
      <h3>
        <Trans>Waiting for approval</Trans>
      </h3>
      <Done said={done?.list === 'approval' ? done : null} />
      <FormMessage message={approve.message} />
      {queue.data?.approval.length === 0 ? (
        <p className="muted">
          <Trans>No payout is waiting for approval.</Trans>
        </p>
      ) : null}
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
                  const name = payoutName(payout)
                  setDone({
                    list: 'approval',
                    text: t`Rejected: ${name} is back in their balance, with your reason.`,
                  })
                  await refresh()
                }}
              />
            ) : (
              <form onSubmit={approve.onSubmit} className="inline-actions">
                <input type="hidden" name="id" value={payout.id} />
                <button type="submit" className="button" disabled={approve.busy}>
                  <Trans>Approve</Trans>
                </button>
                <button
                  type="button"
                  className="button secondary"
                  disabled={approve.busy}
                  onClick={() => setRejecting(payout.id)}
                >
                  <Trans>Reject…</Trans>
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
      <h3>
        <Trans>Bank transfers to make</Trans>
      </h3>
      <Done said={done?.list === 'bank' ? done : null} />
      <FormMessage message={mark.message} />
      {queue.data?.bank.length === 0 ? (
        <p className="muted">
          <Trans>No bank transfer is waiting.</Trans>
        </p>
      ) : null}
      <ul className="cards">
        {queue.data?.bank.map((payout) => (
          <li key={payout.id} className="card">
            <Summary payout={payout} />
            {marking?.id === payout.id ? (
              <form onSubmit={mark.onSubmit} noValidate>
                {marking.outcome === 'paid' ? (
                  <Field label={t`The bank's reference`} name="reference" errors={mark.errors} required />
                ) : (
                  <Field
                    label={t`Why it failed (the seller reads this)`}
                    name="reason"
                    errors={mark.errors}
                    required
                  />
                )}
                <SubmitButton busy={mark.busy} busyText={t`Saving…`}>
                  {marking.outcome === 'paid' ? t`Mark paid` : t`Mark failed`}
                </SubmitButton>{' '}
                <button type="button" className="link-button" onClick={() => setMarking(null)}>
                  <Trans>Back</Trans>
                </button>
              </form>
            ) : (
              <p className="inline-actions">
                <button
                  type="button"
                  className="button"
                  onClick={() => setMarking({ id: payout.id, outcome: 'paid' })}
                >
                  <Trans>Transfer made</Trans>
                </button>
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => setMarking({ id: payout.id, outcome: 'failed' })}
                >
                  <Trans>It failed</Trans>
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
