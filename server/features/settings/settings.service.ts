import { eq } from 'drizzle-orm'
import { DEFAULT_LANG, type Lang } from '../../../contract/i18n'
import type { UserSettings } from '../../../contract/settings.contract'
import { userSettings as userSettingsSchema } from '../../../contract/settings.contract'
import type { DbOrTx } from '../../db/client'
import { users } from '../../db/schema'
import type { UserRow } from '../../lib/caller'
import { userLanguage } from '../../lib/user-language'

const defaults: UserSettings = {
  currency: 'KES',
  language: 'en',
  timeZone: 'Africa/Nairobi',
  emailNotifications: true,
  smsReceipts: true,
  smsPayouts: true,
  smsReminders: true,
  smsPosts: true,
  recoverCheckouts: true,
  recoverBySms: true,
  payoutSchedule: 'weekly',
}

/** A person's settings: what they chose, with the platform defaults for anything they have not. */
export function resolveUserSettings(user: Pick<UserRow, 'settings'>): UserSettings {
  const merged = { ...defaults, ...user.settings }
  const parsed = userSettingsSchema.safeParse(merged)
  return parsed.success ? parsed.data : defaults
}

export { userLanguage }

/** The account language of a person by id; English for someone Soko cannot find. */
export async function userLanguageOf(db: DbOrTx, userId: string): Promise<Lang> {
  const [row] = await db.select({ settings: users.settings }).from(users).where(eq(users.id, userId))
  return row ? userLanguage(row) : DEFAULT_LANG
}
