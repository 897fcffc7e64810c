import type { UserSettings } from '../../../contract/settings.contract'
import { userSettings as userSettingsSchema } from '../../../contract/settings.contract'
import type { UserRow } from '../../lib/caller'

const defaults: UserSettings = {
  currency: 'KES',
  language: 'en',
  timeZone: 'Africa/Nairobi',
  emailNotifications: true,
  smsReceipts: true,
  smsPayouts: true,
  smsReminders: true,
  payoutSchedule: 'weekly',
}

/** A person's settings: what they chose, with the platform defaults for anything they have not. */
export function resolveUserSettings(user: UserRow): UserSettings {
  const merged = { ...defaults, ...user.settings }
  const parsed = userSettingsSchema.safeParse(merged)
  return parsed.success ? parsed.data : defaults
}
