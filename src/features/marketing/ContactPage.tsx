import { useId, useState } from 'react'
import type { ContactTopic } from '../../../contract/contact.constants'
import { CONTACT_LIMITS } from '../../../contract/contact.constants'
import { BotChallenge } from '../../components/BotChallenge'
import {
  Field,
  FieldNotes,
  FormMessage,
  SelectField,
  SubmitButton,
  text,
  useSubmit,
} from '../../components/Form'
import { rpc } from '../../lib/rpc'
import { useSession } from '../../lib/session'
import { usePageTitle } from '../../lib/title'
import type { ContactPayload } from './types'

export function ContactPage({ data }: { data: ContactPayload }) {
  usePageTitle('Contact us')
  const { user } = useSession()
  const [sent, setSent] = useState(false)
  const messageId = useId()
  const form = useSubmit(async (values) => {
    await rpc('sendContactMessage', {
      name: text(values, 'name'),
      email: text(values, 'email'),
      topic: text(values, 'topic') as ContactTopic,
      message: text(values, 'message'),
      challengeToken: text(values, 'challengeToken') || undefined,
    })
    setSent(true)
  })
  return (
    <section className="page" aria-labelledby="contact-heading">
      <h1 id="contact-heading">{data.heading}</h1>
      <p className="lead">{data.lead}</p>
      <p>{data.responseTime}</p>
      {sent ? (
        <div className="notice" role="status">
          <p>
            <strong>Thank you — your message is with us.</strong> We will answer by e-mail.
          </p>
          <button type="button" className="button secondary" onClick={() => setSent(false)}>
            Write another message
          </button>
        </div>
      ) : (
        <form onSubmit={form.onSubmit} noValidate className="form narrow" aria-label="Write to us">
          <FormMessage message={form.message} />
          <Field
            label="Your name"
            name="name"
            autoComplete="name"
            required
            defaultValue={user?.name}
            errors={form.errors}
          />
          <Field
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={user?.email}
            errors={form.errors}
            hint="We answer to this address."
          />
          <SelectField label="About" name="topic" options={data.topics} errors={form.errors} />
          <div className="field">
            <label htmlFor={messageId}>Message</label>
            <textarea
              id={messageId}
              name="message"
              rows={6}
              required
              minLength={CONTACT_LIMITS.message.min}
              maxLength={CONTACT_LIMITS.message.max}
              aria-invalid={form.errors.message ? true : undefined}
              aria-describedby={form.errors.message ? `${messageId}-error` : undefined}
            />
            <FieldNotes id={messageId} error={form.errors.message} />
          </div>
          <BotChallenge busy={form.busy} errors={form.errors} />
          <SubmitButton busy={form.busy} busyText="Sending…">
            Send message
          </SubmitButton>
        </form>
      )}
      <h2>So we can help quickly</h2>
      <ul className="points">
        {data.tips.map((tip) => (
          <li key={tip.title}>
            <h3>{tip.title}</h3>
            <p>{tip.text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
