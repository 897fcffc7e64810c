import { currentLang } from './i18n'

const names = new Map<string, Intl.DisplayNames | null>()

/** The region names of a language, or null where the browser has none. */
function namesIn(lang: string): Intl.DisplayNames | null {
  if (!names.has(lang))
    try {
      names.set(lang, new Intl.DisplayNames([lang], { type: 'region' }))
    } catch {
      names.set(lang, null)
    }
  return names.get(lang) ?? null
}

/**
 * A country's name from its ISO code in the page's language ("KE" → "Kenya", "Kenya" in Kiswahili too;
 * "TZ" → "Tanzania"), the code itself where it cannot be named. The server renders in the page's language
 * as well, so both write the same words.
 */
export function countryName(code: string): string {
  try {
    return namesIn(currentLang())?.of(code) ?? code
  } catch {
    return code
  }
}
