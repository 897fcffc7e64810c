import { DEFAULT_LANG, isLang, type Lang } from '../../contract/i18n'

/**
 * The language of a person's account (their `language` setting, English when they chose none): what Soko's
 * mails and texts to them are written in. Features reach it through server/features/settings.
 */
export function userLanguage(user: { settings: Record<string, unknown> }): Lang {
  const language = user.settings.language
  return isLang(language) ? language : DEFAULT_LANG
}
