/**
 * Event tickets for sellers: attendees, check-ins at the door and messages to ticket holders. Offers its RPC
 * handlers.
 */

export { ticketsHandlers } from './tickets.handlers'
