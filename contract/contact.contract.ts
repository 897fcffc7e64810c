import { z } from 'zod'
import { email, personName } from './accounts.contract'
import { challengeToken } from './challenge'
import { CONTACT_LIMITS, CONTACT_TOPICS, type ContactTopic } from './contact.constants'
import { defineSubject } from './rpc'
import { say } from './say'

const topic = z.enum(CONTACT_TOPICS.map((t) => t.value) as [ContactTopic, ...ContactTopic[]], {
  error: () =>
    say(/*i18n*/ { id: 'contact.chooseWhatMessageAbout', message: 'Choose what your message is about' }),
})

export const contactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  topic,
  message: z.string(),
  /** Set when the sender was signed in. */
  userId: z.string().nullable(),
  sentAt: z.string(),
})

export const CONTACT_PAGE_SIZE = 50

export const contactContract = {
  sendContactMessage: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary: 'Stores a message from the contact page and mails it to the admins.',
    input: z.strictObject({
      name: personName,
      email,
      topic,
      message: z
        .string({ error: say(/*i18n*/ { id: 'contact.writeMessage', message: 'Write your message' }) })
        .trim()
        .min(
          CONTACT_LIMITS.message.min,
          say(/*i18n*/ { id: 'contact.messageTooShort', message: 'Write at least 10 characters' }),
        )
        .max(
          CONTACT_LIMITS.message.max,
          say(/*i18n*/ { id: 'contact.messageTooLong', message: 'Keep it under 5000 characters' }),
        ),
      challengeToken,
    }),
    output: z.object({ id: z.string() }),
  }),
  listContactMessages: defineSubject({
    kind: 'query',
    access: 'admin',
    summary: 'Messages from the contact page, newest first, a page at a time.',
    input: z.strictObject({ before: z.uuid().optional() }),
    output: z.object({ messages: z.array(contactMessage), next: z.string().nullable() }),
  }),
}
