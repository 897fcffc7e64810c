import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { CONTACT_LIMITS, type ContactTopic } from '../../../contract/contact.constants'
import { BotChallenge } from '../../components/BotChallenge'
import {
  Field,
  FormMessage,
  SelectField,
  SubmitButton,
  TextAreaField,
  text,
  useSubmit,
} from '../../components/Form'
import { rpc } from '../../lib/rpc'
import { useSession } from '../../lib/session'
import { usePageTitle } from '../../lib/title'
import { Items } from './Items'
import type { ContactPayload } from './types'

export function ContactPage({ data }: { data: ContactPayload }) {
  const { t } = useLingui()
  usePageTitle(t`Contact us`)
  const { user } = useSession()
  const [sent, setSent] = useState(false)
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
            <Trans>
              <strong>Thank you — your message is with us.</strong> We will answer by e-mail.
            </Trans>
          </p>
          <button type="button" className="button secondary" onClick={() => setSent(false)}>
            <Trans>Write another message</Trans>
          </button>
        </div>
      ) : (
        <form onSubmit={form.onSubmit} noValidate className="form narrow" aria-label={t`Write to us`}>
          <FormMessage message={form.message} />
          <Field
            label={t`Your name`}
            name="name"
            autoComplete="name"
            required
            defaultValue={user?.name}
            errors={form.errors}
          />
          <Field
            label={t`E-mail`}
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={user?.email}
            errors={form.errors}
            hint={t`We answer to this address.`}
          />
          <SelectField label={t`About`} name="topic" options={data.topics} errors={form.errors} />
          <TextAreaField
            label={t`Message`}
            name="message"
            rows={6}
            required
            minLength={CONTACT_LIMITS.message.min}
            maxLength={CONTACT_LIMITS.message.max}
            errors={form.errors}
          />
          <BotChallenge busy={form.busy} errors={form.errors} />
          <SubmitButton busy={form.busy} busyText={t`Sending…`}>
            <Trans>Send message</Trans>
          </SubmitButton>
        </form>
      )}
      <h2>
        <Trans>So we can help quickly</Trans>
      </h2>
      <Items items={data.tips} className="points" />
    </section>
  )
}
