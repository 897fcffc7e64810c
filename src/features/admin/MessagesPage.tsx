import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { CONTACT_TOPICS } from '../../../contract/contact.constants'
import { Field, text } from '../../components/Form'
import { formatDateTime } from '../../lib/dates'
import { translateCode } from '../../lib/i18n'
import { AdminShell } from './AdminShell'
import { adminQueries } from './admin.queries'
import { smsSummary } from './outbox-format'

/** A message's topic in the page's language; a topic the list does not know, as it is. */
function topicLabel(value: string): string {
  const topic = CONTACT_TOPICS.find((one) => one.value === value)
  return topic ? translateCode(topic.labelId, undefined, topic.label) : value
}

/** /admin/messages: what people wrote on the contact page, and the outbox of mail and SMS. */
export function MessagesPage() {
  const { t } = useLingui()
  return (
    <AdminShell title={t`Messages`}>
      <ContactMessages />
      <Outbox />
    </AdminShell>
  )
}

/** What people wrote on /contact-us, newest first; each was also mailed to the admins. */
function ContactMessages() {
  const list = useInfiniteQuery(adminQueries.contactMessages())
  const messages = list.data?.pages.flatMap((p) => p.messages) ?? []
  const reason = list.error?.message
  return (
    <section aria-labelledby="contact-messages-heading">
      <h2 id="contact-messages-heading">
        <Trans>Messages from the contact page</Trans>
      </h2>
      {list.isPending ? (
        <p>
          <Trans>Loading…</Trans>
        </p>
      ) : null}
      {list.isError ? (
        <p role="alert">
          <Trans>Could not load the messages: {reason}</Trans>
        </p>
      ) : null}
      {list.isSuccess && messages.length === 0 ? (
        <p className="muted">
          <Trans>No messages yet.</Trans>
        </p>
      ) : null}
      <ul className="cards">
        {messages.map((m) => {
          const email = m.email
          return (
            <li key={m.id} className="card">
              <details>
                <summary>
                  <span className="badge">{topicLabel(m.topic)}</span> {m.name} — {formatDateTime(m.sentAt)}
                </summary>
                <p className="message-text">{m.message}</p>
                <p>
                  <a href={`mailto:${m.email}`}>
                    <Trans>Answer {email}</Trans>
                  </a>
                </p>
              </details>
            </li>
          )
        })}
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
  const { t } = useLingui()
  if (!pages.hasNextPage) return null
  return (
    <button
      type="button"
      className="button secondary"
      onClick={() => pages.fetchNextPage()}
      disabled={pages.isFetchingNextPage}
    >
      {pages.isFetchingNextPage ? t`Loading…` : t`Older messages`}
    </button>
  )
}

function Outbox() {
  const { t } = useLingui()
  const [to, setTo] = useState('')
  const outbox = useInfiniteQuery(adminQueries.outbox(to))
  const messages = outbox.data?.pages.flatMap((p) => p.messages) ?? []
  const enabled = outbox.data?.pages[0]?.enabled ?? true
  const reason = outbox.error?.message
  return (
    <section aria-labelledby="outbox-heading">
      <h2 id="outbox-heading">
        <Trans>Outbox</Trans>
      </h2>
      <p className="muted">
        {enabled
          ? t`No SMTP server is set (SMTP_URL), so mail is kept here instead of being sent. SMS codes are kept here too.`
          : t`Mail goes out by SMTP; only SMS codes are kept here.`}
      </p>
      <form
        className="form form-inline"
        onSubmit={(e) => {
          e.preventDefault()
          setTo(text(new FormData(e.currentTarget), 'to'))
        }}
      >
        <Field
          label={t({ message: 'To', context: 'recipient' })}
          name="to"
          type="search"
          placeholder={t`e-mail or phone`}
        />
        <button type="submit" className="button secondary">
          <Trans>Filter</Trans>
        </button>
      </form>
      {outbox.isPending ? (
        <p>
          <Trans>Loading…</Trans>
        </p>
      ) : null}
      {outbox.isError ? (
        <p role="alert">
          <Trans>Could not load the outbox: {reason}</Trans>
        </p>
      ) : null}
      {outbox.isSuccess && messages.length === 0 ? (
        <p className="muted">
          <Trans>No messages.</Trans>
        </p>
      ) : null}
      <ul className="cards">
        {messages.map((m) => {
          const subject = m.subject || smsSummary(m.text)
          const to = m.to
          const sent = formatDateTime(m.sentAt)
          return (
            <li key={m.id} className="card">
              <details>
                <summary>
                  <span className="badge">{m.kind === 'sms' ? 'SMS' : t`Mail`}</span>{' '}
                  <Trans>
                    {subject} — to {to}, {sent}
                  </Trans>
                </summary>
                <pre className="message-text">{m.text}</pre>
              </details>
            </li>
          )
        })}
      </ul>
      <OlderButton pages={outbox} />
    </section>
  )
}
