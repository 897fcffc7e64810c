import type { AppServices } from '../../services'

/**
 * What bookings work with: the database, the settings, the log, mail and SMS (confirmations, changes and
 * reminders), the providers (refunds of a cancelled booking) and the terms.
 */
export type BookingServices = Pick<
  AppServices,
  'db' | 'config' | 'log' | 'mailer' | 'gateway' | 'sms' | 'terms'
>
