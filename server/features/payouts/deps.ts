import type { AppServices } from '../../services'

/**
 * What payouts work with, from a request or from the job runner: the database, the settings, the log,
 * mail, SMS, the providers and the terms.
 */
export type PayoutServices = Pick<
  AppServices,
  'db' | 'config' | 'log' | 'mailer' | 'gateway' | 'sms' | 'terms'
>
