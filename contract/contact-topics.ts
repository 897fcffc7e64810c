import type { Message } from './i18n'

/**
 * What each contact-form topic is called, by message id: the admins' messages page shows it in the page's
 * language (contract-seller.po). The marketing page writes its own Kiswahili topics
 * (src/features/marketing/content.sw.ts).
 */
export const CONTACT_TOPIC_LABELS = {
  selling: /*i18n*/ { id: 'contact.topic.selling', message: 'Selling on Soko' },
  payments: /*i18n*/ { id: 'contact.topic.payments', message: 'Payments and payouts' },
  purchase: /*i18n*/ { id: 'contact.topic.purchase', message: 'Something I bought' },
  account: /*i18n*/ { id: 'contact.topic.account', message: 'My account' },
  other: /*i18n*/ { id: 'contact.topic.other', message: 'Something else' },
} as const satisfies Record<string, Message>
