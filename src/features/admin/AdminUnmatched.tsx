import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Field, FormMessage, SubmitButton, text, useSubmit } from '../../components/Form'
import { ListState } from '../../components/ListState'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { rpc } from '../../lib/rpc'
import { adminQueries } from './admin.queries'

/**
 * Money that arrived naming nothing Soko knows (a Paybill account number mistyped): it sits in Soko's
 * provider account until an admin finds whose it is — gives it back, or applies it by hand — and says so.
 */
export function AdminUnmatched() {
  const { t } = useLingui()
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
      <h2 id="admin-unmatched-heading">
        <Trans>Payments that matched nothing</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Paybill payments whose account number names no order or invoice. The money is in Soko’s M-Pesa
          account: find the payer (by their number and the receipt), give it back or apply it, then note how.
        </Trans>
      </p>
      <div className="actions">
        <button
          type="button"
          className="button secondary"
          aria-pressed={!resolved}
          onClick={() => setResolved(false)}
        >
          <Trans>Waiting</Trans>
        </button>
        <button
          type="button"
          className="button secondary"
          aria-pressed={resolved}
          onClick={() => setResolved(true)}
        >
          <Trans>Settled</Trans>
        </button>
      </div>
      <ListState list={list} what={t`payments`} />
      {list.isSuccess && payments.length === 0 ? (
        <p className="muted">
          {resolved ? t`None settled yet.` : t`Nothing waiting: every payment found its order or invoice.`}
        </p>
      ) : null}
      <ul className="cards">
        {payments.map((p) => {
          const amount = formatMoney(p.amount.amount, p.amount.currency)
          const provider = p.provider === 'mpesa' ? 'M-Pesa' : p.provider
          const reference = p.reference
          const receipt = p.receipt
          const payer = p.payer
          const settled = p.resolvedAt ? formatDateTime(p.resolvedAt) : ''
          const note = p.note
          return (
            <li key={p.id} className="card">
              <p>
                <Trans>
                  <strong>{amount}</strong> by {provider} for account <code>{reference}</code>
                </Trans>
              </p>
              <p className="muted">
                {receipt ? t`Receipt ${receipt} · ` : ''}
                {payer ? t`from ${payer} · ` : ''}
                {formatDateTime(p.receivedAt)}
              </p>
              {p.resolvedAt ? (
                <p>
                  <Trans>
                    Settled {settled}: {note}
                  </Trans>
                </p>
              ) : settling === p.id ? (
                <form onSubmit={settle.onSubmit} noValidate>
                  <FormMessage message={settle.message} />
                  <Field
                    name="note"
                    label={t`How was it settled?`}
                    hint={t`e.g. Given back by B2C, receipt …; or applied to invoice INV-0012`}
                    errors={settle.errors}
                    required
                  />
                  <div className="actions">
                    <SubmitButton busy={settle.busy} busyText={t`Saving…`}>
                      <Trans>Mark settled</Trans>
                    </SubmitButton>
                    <button type="button" className="button secondary" onClick={() => setSettling(null)}>
                      <Trans>Cancel</Trans>
                    </button>
                  </div>
                </form>
              ) : (
                <button type="button" className="button secondary" onClick={() => setSettling(p.id)}>
                  <Trans>Mark settled…</Trans>
                </button>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
