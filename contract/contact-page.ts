/**
 * How a server message sends someone to /contact-us: these words, which the app shows as a link to the
 * page (src/components/Form.tsx, FormMessage), and which read plainly anywhere else.
 */
export const CONTACT_PAGE = { words: 'the contact page', path: '/contact-us' } as const
