import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { CONTACT_TOPICS } from '../../../contract/contact.constants'
import { currencies, currencyCodes } from '../../../contract/currencies'
import { Field, FormMessage, SelectField, SubmitButton, text, useSubmit } from '../../components/Form'
import { formatDate, formatDateTime } from '../../lib/dates'
import { rpc } from '../../lib/rpc'
import { usePageTitle } from '../../lib/title'
import { AdminPayouts } from './AdminPayouts'
import { AdminUnmatched } from './AdminUnmatched'
import { adminQueries } from './admin.queries'

export function AdminPage() {
  usePageTitle('Admin')
  return (
    <section className="page" aria-labelledby="admin-heading">
      <h1 id="admin-heading">Admin</h1>
      <p className="lead">Platform administration: people, verifications, payouts and messages.</p>
      <Verifications />
      <AdminPayouts />
      <AdminUnmatched />
      <ContactMessages />
      <Invite />
      <Rates />
      <Outbox />
    </section>
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

/** The exchange rates behind approximate prices in a visitor's currency (sales charge the seller's own). */
function Rates() {
  const queryClient = useQueryClient()
  const rates = useQuery(adminQueries.rates())
  const [saved, setSaved] = useState<string | null>(null)
  const form = useSubmit(async (data) => {
    setSaved(null)
    const perUsd = Object.fromEntries(
      currencyCodes
        .filter((code) => code !== 'USD' && text(data, code) !== '')
        .map((code) => [code, Number(text(data, code).replace(',', '.'))]),
    )
    await rpc('setRates', { perUsd })
    await queryClient.invalidateQueries({ queryKey: adminQueries.rates().queryKey })
    setSaved('Rates saved. Pages show them within a minute.')
  })
  return (
    <section aria-labelledby="rates-heading">
      <h2 id="rates-heading">Exchange rates</h2>
      <p className="muted">
        What one US dollar buys. Used only for approximate prices; buyers pay in the seller's currency.
        {rates.data?.updatedAt ? ` Last changed ${formatDateTime(rates.data.updatedAt)}.` : ''}
      </p>
      {rates.isPending ? <p>Loading…</p> : null}
      {rates.data ? (
        <form onSubmit={form.onSubmit} noValidate className="form" key={rates.data.updatedAt ?? 'none'}>
          <FormMessage message={form.message} />
          <FormMessage message={saved} tone="ok" />
          {currencyCodes
            .filter((code) => code !== 'USD')
            .map((code) => (
              <Field
                key={code}
                label={`${code} (${currencies[code].name})`}
                name={code}
                inputMode="decimal"
                defaultValue={String(rates.data.perUsd[code] ?? '')}
                errors={form.errors}
                errorKeys={[`perUsd.${code}`]}
              />
            ))}
          <SubmitButton busy={form.busy} busyText="Saving…">
            Save rates
          </SubmitButton>
        </form>
      ) : null}
    </section>
  )
}

function Invite() {
  const [sent, setSent] = useState<string | null>(null)
  const form = useSubmit(async (data) => {
    const answer = await rpc('createInvite', {
      email: text(data, 'email'),
      role: text(data, 'role') as 'customer' | 'admin',
    })
    setSent(`Invitation sent to ${answer.sentTo}; it works until ${formatDate(answer.expiresAt)}.`)
  })
  return (
    <section aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      <form onSubmit={form.onSubmit} noValidate className="form">
        <FormMessage message={form.message} />
        <FormMessage message={sent} tone="ok" />
        <Field label="E-mail" name="email" type="email" required errors={form.errors} />
        <SelectField
          label="As"
          name="role"
          options={[
            { value: 'customer', label: 'Customer' },
            { value: 'admin', label: 'Admin' },
          ]}
          errors={form.errors}
        />
        <SubmitButton busy={form.busy} busyText="Sending…">
          Send invitation
        </SubmitButton>
      </form>
    </section>
  )
}

/** What people wrote on /contact-us, newest first; each was also mailed to the admins. */
function ContactMessages() {
  const list = useInfiniteQuery(adminQueries.contactMessages())
  const messages = list.data?.pages.flatMap((p) => p.messages) ?? []
  return (
    <section aria-labelledby="contact-messages-heading">
      <h2 id="contact-messages-heading">Messages from the contact page</h2>
      {list.isPending ? <p>Loading…</p> : null}
      {list.isError ? <p role="alert">Could not load the messages: {list.error.message}</p> : null}
      {list.isSuccess && messages.length === 0 ? <p className="muted">No messages yet.</p> : null}
      <ul className="cards">
        {messages.map((m) => (
          <li key={m.id} className="card">
            <details>
              <summary>
                <span className="badge">
                  {CONTACT_TOPICS.find((t) => t.value === m.topic)?.label ?? m.topic}
                </span>{' '}
                {m.name} — {formatDateTime(m.sentAt)}
              </summary>
              <p className="message-text">{m.message}</p>
              <p>
                <a href={`mailto:${m.email}`}>Answer {m.email}</a>
              </p>
            </details>
          </li>
        ))}
      </ul>
      <OlderButton pages={list} />
    </section>
  )
}

/** The next page of a newest-first list, while there is one. */
function OlderButton({
  pages,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }
}) {
  if (!pages.hasNextPage) return null
  return (
    <button
      type="button"
      className="button secondary"
      onClick={() => pages.fetchNextPage()}
      disabled={pages.isFetchingNextPage}
    >
      {pages.isFetchingNextPage ? 'Loading…' : 'Older messages'}
    </button>
  )
}

function Outbox() {
  const [to, setTo] = useState('')
  const outbox = useInfiniteQuery(adminQueries.outbox(to))
  const messages = outbox.data?.pages.flatMap((p) => p.messages) ?? []
  const enabled = outbox.data?.pages[0]?.enabled ?? true
  return (
    <section aria-labelledby="outbox-heading">
      <h2 id="outbox-heading">Outbox</h2>
      <p className="muted">
        {enabled
          ? 'No SMTP server is set (SMTP_URL), so mail is kept here instead of being sent. SMS codes are kept here too.'
          : 'Mail goes out by SMTP; only SMS codes are kept here.'}
      </p>
      <form
        className="form form-inline"
        onSubmit={(e) => {
          e.preventDefault()
          setTo(text(new FormData(e.currentTarget), 'to'))
        }}
      >
        <Field label="To" name="to" type="search" placeholder="e-mail or phone" />
        <button type="submit" className="button secondary">
          Filter
        </button>
      </form>
      {outbox.isPending ? <p>Loading…</p> : null}
      {outbox.isError ? <p role="alert">Could not load the outbox: {outbox.error.message}</p> : null}
      {outbox.isSuccess && messages.length === 0 ? <p className="muted">No messages.</p> : null}
      <ul className="cards">
        {messages.map((m) => (
          <li key={m.id} className="card">
            <details>
              <summary>
                <span className="badge">{m.kind === 'sms' ? 'SMS' : 'Mail'}</span>{' '}
                {m.subject || m.text.slice(0, 60)} — to {m.to}, {formatDateTime(m.sentAt)}
              </summary>
              <pre className="message-text">{m.text}</pre>
            </details>
          </li>
        ))}
      </ul>
      <OlderButton pages={outbox} />
    </section>
  )
}
