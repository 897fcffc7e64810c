import { z } from 'zod'
import { email, personName } from './accounts.contract'
import { challengeToken } from './challenge'
import { CONTACT_LIMITS, CONTACT_TOPICS, type ContactTopic } from './contact.constants'
import { defineSubject } from './rpc'

const topic = z.enum(CONTACT_TOPICS.map((t) => t.value) as [ContactTopic, ...ContactTopic[]], {
  error: () => 'Choose what your message is about',
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
        .string({ error: 'Write your message' })
        .trim()
        .min(CONTACT_LIMITS.message.min, `Write at least ${CONTACT_LIMITS.message.min} characters`)
        .max(CONTACT_LIMITS.message.max, `Keep it under ${CONTACT_LIMITS.message.max} characters`),
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
