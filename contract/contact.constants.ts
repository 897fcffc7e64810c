import { CONTACT_TOPIC_LABELS as L } from './contact-topics'

/**
 * Contact-form topics, without zod, so the page and the server share one list. `label` is the English;
 * `labelId` names it in the catalogs (contact-topics.ts).
 */
export const CONTACT_TOPICS = [
  { value: 'selling', label: L.selling.message, labelId: L.selling.id },
  { value: 'payments', label: L.payments.message, labelId: L.payments.id },
  { value: 'purchase', label: L.purchase.message, labelId: L.purchase.id },
  { value: 'account', label: L.account.message, labelId: L.account.id },
  { value: 'other', label: L.other.message, labelId: L.other.id },
] as const

export type ContactTopic = (typeof CONTACT_TOPICS)[number]['value']

export const CONTACT_LIMITS = { name: 100, email: 254, message: { min: 10, max: 5000 } } as const
