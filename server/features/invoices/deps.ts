import type { AppServices } from '../../services'

/**
 * What invoices work with, from a request, a provider's hook or the job runner: the database, the
 * settings, the log, mail, SMS (reminders), the providers (pay links, charges, refunds of an excess) and
 * the terms.
 */
export type InvoiceServices = Pick<
  AppServices,
  'db' | 'config' | 'log' | 'mailer' | 'gateway' | 'sms' | 'terms'
>
