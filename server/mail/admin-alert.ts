import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client'
import { users } from '../db/schema'
import type { Config } from '../env'
import type { Logger } from '../lib/log'
import type { Mailer } from './mailer'
import { compose } from './templates'

/** Everyone with the admin role, and ADMIN_EMAIL: the addresses Soko tells of what needs a person. */
export async function adminAddresses(db: DbOrTx, config: Pick<Config, 'adminEmail'>): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(sql`'admin' = any(${users.roles})`)
  const addresses = new Map(rows.map((row) => [row.email.toLowerCase(), row.email]))
  if (config.adminEmail) addresses.set(config.adminEmail.toLowerCase(), config.adminEmail)
  return [...addresses.values()]
}

/**
 * Mails every admin about something a person must look at (money that does not add up, an account out of
 * credit). Never throws: a mail that cannot go is logged, and the caller's work goes on.
 */
export async function alertAdmins(
  deps: { db: DbOrTx; config: Pick<Config, 'adminEmail' | 'publicUrl'>; mailer: Mailer; log: Logger },
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
) {
  let to: string[] = []
  try {
    to = await adminAddresses(deps.db, deps.config)
  } catch (error) {
    deps.log.error('the admins could not be found to alert', { subject, error })
  }
  if (to.length === 0) deps.log.warn('an alert for admins, but there is no admin to mail', { subject })
  for (const address of to)
    try {
      await deps.mailer.send(compose(address, subject, paragraphs, action))
    } catch (error) {
      deps.log.error('an alert for admins could not be mailed', { subject, error })
    }
}
