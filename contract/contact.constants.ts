/** Contact-form topics, without zod, so the page and the server share one list. */
export const CONTACT_TOPICS = [
  { value: 'selling', label: 'Selling on Soko' },
  { value: 'payments', label: 'Payments and payouts' },
  { value: 'purchase', label: 'Something I bought' },
  { value: 'account', label: 'My account' },
  { value: 'other', label: 'Something else' },
] as const

export type ContactTopic = (typeof CONTACT_TOPICS)[number]['value']

export const CONTACT_LIMITS = { name: 100, email: 254, message: { min: 10, max: 5000 } } as const

/**
 * How a server message sends someone to /contact-us: these words, which the app shows as a link to the
 * page (src/components/Form.tsx, FormMessage), and which read plainly anywhere else.
 */
export const CONTACT_PAGE = { words: 'the contact page', path: '/contact-us' } as const
