import { sql } from 'drizzle-orm'
import { DEFAULT_LANG, type Lang } from '../../contract/i18n'
import type { DbOrTx } from '../db/client'
import { users } from '../db/schema'
import type { Config } from '../env'
import type { Logger } from '../lib/log'
import { userLanguage } from '../lib/user-language'
import type { Mailer } from './mailer'
import { compose } from './templates'

/** Everyone with the admin role, and ADMIN_EMAIL: the addresses Soko tells of what needs a person. */
export async function adminAddresses(db: DbOrTx, config: Pick<Config, 'adminEmail'>): Promise<string[]> {
  return (await adminRecipients(db, config)).map((admin) => admin.email)
}

/**
 * The admins' addresses with the language of each one's account; ADMIN_EMAIL, when it is no admin's
 * address, in English.
 */
export async function adminRecipients(
  db: DbOrTx,
  config: Pick<Config, 'adminEmail'>,
): Promise<{ email: string; lang: Lang }[]> {
  const rows = await db
    .select({ email: users.email, settings: users.settings })
    .from(users)
    .where(sql`'admin' = any(${users.roles})`)
  const addresses = new Map<string, { email: string; lang: Lang }>(
    rows.map((row) => [row.email.toLowerCase(), { email: row.email, lang: userLanguage(row) }]),
  )
  if (config.adminEmail) {
    const key = config.adminEmail.toLowerCase()
    addresses.set(key, { email: config.adminEmail, lang: addresses.get(key)?.lang ?? DEFAULT_LANG })
  }
  return [...addresses.values()]
}

/** An alert's words in one language. */
export interface AlertWords {
  subject: string
  paragraphs: string[]
  action?: { label: string; url: string }
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
  await alertAdminsIn(deps, () => ({ subject, paragraphs, ...(action ? { action } : {}) }))
}

/** alertAdmins with words written for each admin's language (`write` is called once per language). */
export async function alertAdminsIn(
  deps: { db: DbOrTx; config: Pick<Config, 'adminEmail' | 'publicUrl'>; mailer: Mailer; log: Logger },
  write: (lang: Lang) => AlertWords,
) {
  const subject = write(DEFAULT_LANG).subject
  let to: { email: string; lang: Lang }[] = []
  try {
    to = await adminRecipients(deps.db, deps.config)
  } catch (error) {
    deps.log.error('the admins could not be found to alert', { subject, error })
  }
  if (to.length === 0) deps.log.warn('an alert for admins, but there is no admin to mail', { subject })
  const written = new Map<Lang, AlertWords>()
  for (const { email, lang } of to)
    try {
      const words = written.get(lang) ?? write(lang)
      written.set(lang, words)
      await deps.mailer.send(compose(email, words.subject, words.paragraphs, words.action, lang))
    } catch (error) {
      deps.log.error('an alert for admins could not be mailed', { subject, error })
    }
}
