/**
 * Settings: the platform's public settings with the terms in force, and each person's own. Offers its RPC
 * handlers and a person's settings with the defaults filled in.
 */

export { settingsHandlers } from './settings.handlers'
export { resolveUserSettings, userLanguage, userLanguageOf } from './settings.service'
