import type { Db } from '../../db/client'
import type { Config } from '../../env'
import type { Logger } from '../../lib/log'
import type { Mailer } from '../../mail/mailer'
import type { Gateway } from '../../payments/gateway'
import type { Sms } from '../../sms/sms'

/** What payouts work with, from a request or from the job runner. */
export interface PayoutDeps {
  db: Db
  config: Config
  log: Logger
  mailer: Mailer
  gateway: Gateway
  sms: Sms
}
