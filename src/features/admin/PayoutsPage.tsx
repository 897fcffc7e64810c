import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
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

const STATUSES: { value: NonNullable<PayoutsFilter['status']> | ''; label: MessageDescriptor }[] = [
  { value: '', label: msg`Any status` },
  { value: 'approval', label: msg`Waiting for approval` },
  { value: 'scheduled', label: msg`Scheduled` },
  { value: 'sending', label: msg`Sending` },
  { value: 'processing', label: msg`On its way` },
  { value: 'paid', label: msg`Paid` },
  { value: 'failed', label: msg`Failed` },
  { value: 'returned', label: msg`Returned` },
  { value: 'cancelled', label: msg`Cancelled` },
]

/** /admin/payouts: what waits for an admin, the bank file, every payout, and unmatched money. */
export function PayoutsPage() {
  const { t } = useLingui()
  return (
    <AdminShell title={t`Payouts`}>
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
  const count = bank.length
  return (
    <section aria-labelledby="bank-file-heading">
      <h2 id="bank-file-heading">
        <Trans>Bank file</Trans>
      </h2>
      <p className="muted">
        <Plural
          value={count}
          one="# bank transfer waiting: one file for the bank’s bulk upload. Mark each paid or failed above once the bank has acted."
          other="# bank transfers waiting: one file for the bank’s bulk upload. Mark each paid or failed above once the bank has acted."
        />
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
  const { t } = useLingui()
  const [filter, setFilter] = useState<PayoutsFilter>({ q: '' })
  const list = useInfiniteQuery(adminQueries.allPayouts(filter))
  const payouts = list.data?.pages.flatMap((p) => p.payouts) ?? []
  return (
    <section aria-labelledby="all-payouts-heading">
      <h2 id="all-payouts-heading">
        <Trans>All payouts</Trans>
      </h2>
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
            label={t`Seller`}
            name="q"
            type="search"
            defaultValue={filter.q}
            hint={t`E-mail, handle or name`}
          />
          <SelectField
            label={t`Status`}
            name="status"
            defaultValue={filter.status ?? ''}
            options={STATUSES.map((s) => ({ value: s.value, label: t(s.label) }))}
          />
          <SelectField
            label={t`Rail`}
            name="rail"
            defaultValue={filter.rail ?? ''}
            options={[
              { value: '', label: t`Any rail` },
              { value: 'mpesa', label: 'M-Pesa' },
              { value: 'paypal', label: 'PayPal' },
              { value: 'bank', label: t`Bank` },
            ]}
          />
          <button type="submit" className="button secondary">
            <Trans>Show</Trans>
          </button>
        </form>
      </search>
      <ListState list={list} what={t`payouts`} />
      {list.isSuccess && payouts.length === 0 ? (
        <p className="muted">
          <Trans>No payout matches.</Trans>
        </p>
      ) : null}
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
  const { t } = useLingui()
  const failed = payout.status === 'failed' || payout.status === 'returned'
  const status = STATUSES.find((s) => s.value === payout.status)?.label
  const destination = payout.destination
  const speed = payout.speed === 'instant' ? t`instant` : t`standard`
  const asked = formatDateTime(payout.createdAt)
  const receipt = payout.receipt
  return (
    <li className="card">
      <p>
        <PayoutAmount payout={payout} />{' '}
        <span className={`badge badge-${payout.status === 'returned' ? 'failed' : payout.status}`}>
          {status ? t(status) : payout.status}
        </span>
      </p>
      <p>
        <Trans>To {destination}</Trans>
      </p>
      <p className="muted">
        {payout.seller ? `${payout.seller.name} (${payout.seller.email}) · ` : ''}
        <Trans>
          {speed} · asked {asked}
        </Trans>
        {receipt ? t` · receipt ${receipt}` : ''}
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
  const { t } = useLingui()
  const currency = payout.currency
  const amount = formatMoney(payout.amount, payout.currency)
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const choices = useQuery({ ...adminQueries.retryDestinations(payout.id), enabled: open })
  const methods = choices.data?.destinations ?? []
  const own = methods.find((m) => m.own)
  const reason = choices.error?.message
  const retry = useSubmit(async (data) => {
    const answer = await rpc('retryPayout', { payoutId: payout.id, methodId: text(data, 'methodId') })
    setOpen(false)
    setDone(
      answer.payout.status === 'approval'
        ? t`Sent again: the new payout waits for approval above.`
        : t`Sent again as a new payout.`,
    )
    await queryClient.invalidateQueries({ queryKey: adminQueries.all() })
  })
  if (done) return <FormMessage message={done} tone="ok" />
  if (!open)
    return (
      <button type="button" className="button secondary" onClick={() => setOpen(true)}>
        <Trans>Send again…</Trans>
      </button>
    )
  return (
    <form onSubmit={retry.onSubmit} noValidate className="form">
      <FormMessage message={retry.message} />
      {choices.isPending ? (
        <p role="status">
          <Trans>Loading their destinations…</Trans>
        </p>
      ) : null}
      {choices.isError ? (
        <p role="alert">
          <Trans>Their destinations could not be loaded: {reason}</Trans>
        </p>
      ) : null}
      {choices.data && methods.length === 0 ? (
        <p className="notice">
          <Trans>
            None of their destinations can take {currency} now (a new one waits before it receives money). Ask
            them to add one on their Withdraw page.
          </Trans>
        </p>
      ) : null}
      {methods.length > 0 ? (
        <SelectField
          label={t`Send to`}
          name="methodId"
          defaultValue={own?.id ?? methods[0]?.id}
          options={methods.map((m) => {
            const label = m.label
            return { value: m.id, label: m.own ? t`${label} (as before)` : label }
          })}
          errors={retry.errors}
          hint={t`Their destinations that take ${currency} now. After they fixed where they are paid, choose the new one.`}
        />
      ) : null}
      <div className="actions">
        {methods.length > 0 ? (
          <SubmitButton busy={retry.busy} busyText={t`Sending…`}>
            <Trans>Send {amount} again</Trans>
          </SubmitButton>
        ) : null}
        <button type="button" className="button secondary" onClick={() => setOpen(false)}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  )
}
