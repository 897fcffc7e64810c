/**
 * Bookings of services: listing services with their free times, and the buyers' and sellers' changes and
 * cancellations. Offers its RPC handlers and the work of the reminders job.
 */

export { bookingsHandlers } from './bookings.handlers'
export { sendDueBookingReminders } from './reminders'
