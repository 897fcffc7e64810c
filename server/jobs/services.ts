import type { AppServices } from '../services'

/**
 * What the server's jobs work with: the database, the settings, the log, mail, SMS, the providers, the
 * terms, and file storage.
 */
export type JobServices = Pick<
  AppServices,
  'db' | 'config' | 'log' | 'mailer' | 'gateway' | 'sms' | 'terms' | 'storage'
>
