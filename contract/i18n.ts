/**
 * Soko's languages. English is the source; Kiswahili is chosen in the header or the footer, kept in the
 * `lang` cookie (pages) and the account's `language` setting, and guessed on a first visit from
 * Accept-Language (docs/swahili.md).
 */
export const LANGS = ['en', 'sw'] as const
export type Lang = (typeof LANGS)[number]

export const DEFAULT_LANG: Lang = 'en'

/** The cookie that carries the chosen language to the server, which writes pages in it. */
export const LANG_COOKIE = 'lang'

/** A year: the choice is a person's, not a session's. */
export const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value)
}

/** What each language calls itself, for the switch (never translated). */
export const LANG_NAMES: Record<Lang, string> = { en: 'English', sw: 'Kiswahili' }

/** A message a person reads, by a stable id, with its English; `/*i18n*\/` before the object marks it for extraction. */
export interface Message {
  id: string
  message: string
}

/** Values put into a message's `{placeholders}`. */
export type MessageParams = Record<string, string | number>

/**
 * The first of Accept-Language's languages that Soko speaks (`sw`, `sw-KE`, `sw-TZ` → Kiswahili), in the
 * header's order (its q-values are almost always in that order too); English when it names none.
 */
export function langFromAcceptLanguage(header: string | undefined): Lang {
  for (const part of (header ?? '').split(',').slice(0, 8)) {
    const primary = part.split(';')[0]?.trim().split('-')[0]?.toLowerCase()
    if (isLang(primary)) return primary
  }
  return DEFAULT_LANG
}

/**
 * The locale dates, numbers and money are written in for a language: Kiswahili as written in Kenya, or in
 * Tanzania when the request names that; English as the browser's Accept-Language asks (`fallback`).
 */
export function intlLocale(lang: Lang, acceptLanguage: string | undefined, fallback: string): string {
  if (lang === 'sw') return /\bsw-TZ\b/i.test(acceptLanguage ?? '') ? 'sw-TZ' : 'sw-KE'
  return fallback.toLowerCase().startsWith('sw') ? 'en-KE' : fallback
}

/** The English of a message with its `{placeholders}` filled: what the server says beside a code. */
export function englishOf(message: Message, params?: MessageParams): string {
  if (!params) return message.message
  return message.message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  )
}
