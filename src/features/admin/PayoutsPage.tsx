import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { PayoutView } from '../../../contract/payouts.contract'
import { ExportCsv } from '../../components/ExportCsv'
import { Field, FormMessage, SelectField, SubmitButton, text, useSubmit } from '../../components/Form'
import { ListState } from '../../components/ListState'
import { LoadMore } from '../../components/LoadMore'
import { fileStamp, formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { rpc } from '../../lib/rpc'
import { AdminPayouts } from './AdminPayouts'
import { AdminShell } from './AdminShell'
import { AdminUnmatched } from './AdminUnmatched'
import { adminQueries } from './admin.queries'
import type { PayoutsFilter } from './admin-search'
import { bankCsv } from './bank-csv'
import { PayoutAmount } from './PayoutAmount'

const STATUSES: { value: NonNullable<PayoutsFilter['status']> | ''; label: string }[] = [
  { value: '', label: 'Any status' },
  { value: 'approval', label: 'Waiting for approval' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'sending', label: 'Sending' },
  { value: 'processing', label: 'On its way' },
  { value: 'paid', label: 'Paid' },
  { value: 'failed', label: 'Failed' },
  { value: 'returned', label: 'Returned' },
  { value: 'cancelled', label: 'Cancelled' },
]

/** /admin/payouts: what waits for an admin, the bank file, every payout, and unmatched money. */
export function PayoutsPage() {
  return (
    <AdminShell title="Payouts">
      <AdminPayouts />
      <BankFile />
      <AllPayouts />
      <AdminUnmatched />
    </AdminShell>
  )
}

function BankFile() {
  const queue = useQuery(adminQueries.payouts())
  const bank = queue.data?.bank ?? []
  // Nothing to upload: the queue above already says no bank transfer is waiting.
  if (bank.length === 0) return null
  return (
    <section aria-labelledby="bank-file-heading">
      <h2 id="bank-file-heading">Bank file</h2>
      <p className="muted">
        {bank.length} bank transfer{bank.length === 1 ? '' : 's'} waiting: one file for the bank’s bulk
        upload. Mark each paid or failed above once the bank has acted.
      </p>
      <ExportCsv
        make={async () => ({
          text: bankCsv(bank),
          name: `soko-bank-transfers-${fileStamp(new Date())}.csv`,
          rows: bank.length,
        })}
      />
    </section>
  )
}

function AllPayouts() {
  const [filter, setFilter] = useState<PayoutsFilter>({ q: '' })
  const list = useInfiniteQuery(adminQueries.allPayouts(filter))
  const payouts = list.data?.pages.flatMap((p) => p.payouts) ?? []
  return (
    <section aria-labelledby="all-payouts-heading">
      <h2 id="all-payouts-heading">All payouts</h2>
      <search>
        <form
          className="transactions-filters"
          onSubmit={(e) => {
            e.preventDefault()
            const data = new FormData(e.currentTarget)
            const status = text(data, 'status') as PayoutsFilter['status'] | ''
            const rail = text(data, 'rail') as PayoutsFilter['rail'] | ''
            setFilter({ q: text(data, 'q'), ...(status ? { status } : {}), ...(rail ? { rail } : {}) })
          }}
        >
          <Field
            label="Seller"
            name="q"
            type="search"
            defaultValue={filter.q}
            hint="E-mail, handle or name"
          />
          <SelectField label="Status" name="status" defaultValue={filter.status ?? ''} options={STATUSES} />
          <SelectField
            label="Rail"
            name="rail"
            defaultValue={filter.rail ?? ''}
            options={[
              { value: '', label: 'Any rail' },
              { value: 'mpesa', label: 'M-Pesa' },
              { value: 'paypal', label: 'PayPal' },
              { value: 'bank', label: 'Bank' },
            ]}
          />
          <button type="submit" className="button secondary">
            Show
          </button>
        </form>
      </search>
      <ListState list={list} what="payouts" />
      {list.isSuccess && payouts.length === 0 ? <p className="muted">No payout matches.</p> : null}
      <ul className="cards">
        {payouts.map((p) => (
          <PayoutCard key={p.id} payout={p} />
        ))}
      </ul>
      <LoadMore list={list} />
    </section>
  )
}

function PayoutCard({ payout }: { payout: PayoutView }) {
  const failed = payout.status === 'failed' || payout.status === 'returned'
  return (
    <li className="card">
      <p>
        <PayoutAmount payout={payout} />{' '}
        <span className={`badge badge-${payout.status === 'returned' ? 'failed' : payout.status}`}>
          {STATUSES.find((s) => s.value === payout.status)?.label ?? payout.status}
        </span>
      </p>
      <p>To {payout.destination}</p>
      <p className="muted">
        {payout.seller ? `${payout.seller.name} (${payout.seller.email}) · ` : ''}
        {payout.speed} · asked {formatDateTime(payout.createdAt)}
        {payout.receipt ? ` · receipt ${payout.receipt}` : ''}
      </p>
      {payout.failure ? (
        <p>
          {payout.failure.title}: {payout.failure.text}
        </p>
      ) : null}
      {failed && payout.seller ? <Retry payout={payout} /> : null}
    </li>
  )
}

/** A failed payout sent again, to a destination the seller has now. */
function Retry({ payout }: { payout: PayoutView }) {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const choices = useQuery({ ...adminQueries.retryDestinations(payout.id), enabled: open })
  const methods = choices.data?.destinations ?? []
  const own = methods.find((m) => m.own)
  const retry = useSubmit(async (data) => {
    const answer = await rpc('retryPayout', { payoutId: payout.id, methodId: text(data, 'methodId') })
    setOpen(false)
    setDone(
      answer.payout.status === 'approval'
        ? 'Sent again: the new payout waits for approval above.'
        : 'Sent again as a new payout.',
    )
    await queryClient.invalidateQueries({ queryKey: adminQueries.all() })
  })
  if (done) return <FormMessage message={done} tone="ok" />
  if (!open)
    return (
      <button type="button" className="button secondary" onClick={() => setOpen(true)}>
        Send again…
      </button>
    )
  return (
    <form onSubmit={retry.onSubmit} noValidate className="form">
      <FormMessage message={retry.message} />
      {choices.isPending ? <p role="status">Loading their destinations…</p> : null}
      {choices.isError ? (
        <p role="alert">Their destinations could not be loaded: {choices.error.message}</p>
      ) : null}
      {choices.data && methods.length === 0 ? (
        <p className="notice">
          None of their destinations can take {payout.currency} now (a new one waits before it receives
          money). Ask them to add one on their Withdraw page.
        </p>
      ) : null}
      {methods.length > 0 ? (
        <SelectField
          label="Send to"
          name="methodId"
          defaultValue={own?.id ?? methods[0]?.id}
          options={methods.map((m) => ({ value: m.id, label: m.own ? `${m.label} (as before)` : m.label }))}
          errors={retry.errors}
          hint={`Their destinations that take ${payout.currency} now. After they fixed where they are paid, choose the new one.`}
        />
      ) : null}
      <div className="actions">
        {methods.length > 0 ? (
          <SubmitButton busy={retry.busy} busyText="Sending…">
            Send {formatMoney(payout.amount, payout.currency)} again
          </SubmitButton>
        ) : null}
        <button type="button" className="button secondary" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  )
}
