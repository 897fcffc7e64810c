import { createHash } from 'node:crypto'
import type { Db } from '../../db/client'
import type { Config } from '../../env'
import type { Logger } from '../../lib/log'
import type { Mailer } from '../../mail/mailer'
import type { Gateway } from '../../payments/gateway'
import type { Sms } from '../../sms/sms'
import type { TermsStore } from '../admin/terms'

/** What checkout's functions work with: the database, the settings, the log, mail, SMS and the providers. */
export interface CheckoutDeps {
  db: Db
  config: Config
  log: Logger
  mailer: Mailer
  gateway: Gateway
  sms: Sms
  /** The platform's fees, hold and payout figures in force (changed by admins at run time). */
  terms: TermsStore
}

/** An order's access key is kept as its SHA-256 only. */
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex')
