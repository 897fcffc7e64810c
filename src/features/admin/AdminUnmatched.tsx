import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Field, FormMessage, SubmitButton, text, useSubmit } from '../../components/Form'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { rpc } from '../../lib/rpc'
import { adminQueries } from './admin.queries'

/**
 * Money that arrived naming nothing Soko knows (a Paybill account number mistyped): it sits in Soko's
 * provider account until an admin finds whose it is — gives it back, or applies it by hand — and says so.
 */
export function AdminUnmatched() {
  const queryClient = useQueryClient()
  const [resolved, setResolved] = useState(false)
  const list = useQuery(adminQueries.unmatched(resolved))
  const [settling, setSettling] = useState<string | null>(null)
  const settle = useSubmit(async (data) => {
    if (!settling) return
    await rpc('resolveUnmatchedPayment', { id: settling, note: text(data, 'note') })
    setSettling(null)
    await queryClient.invalidateQueries({ queryKey: [...adminQueries.all(), 'unmatched'] })
  })
  const payments = list.data?.payments ?? []
  return (
    <section aria-labelledby="admin-unmatched-heading">
      <h2 id="admin-unmatched-heading">Payments that matched nothing</h2>
      <p className="muted">
        Paybill payments whose account number names no order or invoice. The money is in Soko’s M-Pesa
        account: find the payer (by their number and the receipt), give it back or apply it, then note how.
      </p>
      <div className="actions">
        <button
          type="button"
          className="button secondary"
          aria-pressed={!resolved}
          onClick={() => setResolved(false)}
        >
          Waiting
        </button>
        <button
          type="button"
          className="button secondary"
          aria-pressed={resolved}
          onClick={() => setResolved(true)}
        >
          Settled
        </button>
      </div>
      {list.isPending ? <p>Loading…</p> : null}
      {list.isError ? <p role="alert">Could not load payments: {list.error.message}</p> : null}
      {list.isSuccess && payments.length === 0 ? (
        <p className="muted">
          {resolved ? 'None settled yet.' : 'Nothing waiting: every payment found its order or invoice.'}
        </p>
      ) : null}
      <ul className="cards">
        {payments.map((p) => (
          <li key={p.id} className="card">
            <p>
              <strong>{formatMoney(p.amount.amount, p.amount.currency)}</strong> by{' '}
              {p.provider === 'mpesa' ? 'M-Pesa' : p.provider} for account <code>{p.reference}</code>
            </p>
            <p className="muted">
              {p.receipt ? `Receipt ${p.receipt} · ` : ''}
              {p.payer ? `from ${p.payer} · ` : ''}
              {formatDateTime(p.receivedAt)}
            </p>
            {p.resolvedAt ? (
              <p>
                Settled {formatDateTime(p.resolvedAt)}: {p.note}
              </p>
            ) : settling === p.id ? (
              <form onSubmit={settle.onSubmit} noValidate>
                <FormMessage message={settle.message} />
                <Field
                  name="note"
                  label="How was it settled?"
                  hint="e.g. Given back by B2C, receipt …; or applied to invoice INV-0012"
                  errors={settle.errors}
                  required
                />
                <div className="actions">
                  <SubmitButton busy={settle.busy} busyText="Saving…">
                    Mark settled
                  </SubmitButton>
                  <button type="button" className="button secondary" onClick={() => setSettling(null)}>
                    Cancel
                  </button>
                </div>
              </form>
            ) : (
              <button type="button" className="button secondary" onClick={() => setSettling(p.id)}>
                Mark settled…
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
