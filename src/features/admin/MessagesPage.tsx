import { useInfiniteQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { CONTACT_TOPICS } from '../../../contract/contact.constants'
import { Field, text } from '../../components/Form'
import { formatDateTime } from '../../lib/dates'
import { AdminShell } from './AdminShell'
import { adminQueries } from './admin.queries'
import { smsSummary } from './outbox-format'

/** /admin/messages: what people wrote on the contact page, and the outbox of mail and SMS. */
export function MessagesPage() {
  return (
    <AdminShell title="Messages">
      <ContactMessages />
      <Outbox />
    </AdminShell>
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
                {m.subject || smsSummary(m.text)} — to {m.to}, {formatDateTime(m.sentAt)}
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
