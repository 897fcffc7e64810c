/** The contact form, and the admins' list of its messages. Offers its RPC handlers. */

export { contactHandlers } from './contact.handlers'
