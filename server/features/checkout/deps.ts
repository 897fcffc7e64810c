import { createHash } from 'node:crypto'
import type { AppServices } from '../../services'

/** What checkout's functions work with: the database, the settings, the log, mail, SMS, the providers and the terms. */
export type CheckoutServices = Pick<
  AppServices,
  'db' | 'config' | 'log' | 'mailer' | 'gateway' | 'sms' | 'terms'
>

/** An order's access key is kept as its SHA-256 only. */
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex')
