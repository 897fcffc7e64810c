import { type CurrencyCode, currencies } from '../../contract/currencies'
import { DEFAULT_LANG, type Lang } from '../../contract/i18n'
import { currentLang } from './i18n'

const names = new Map<string, Intl.DisplayNames | null>()

/** The currency names of a language, or null where the browser has none. */
function namesIn(lang: string): Intl.DisplayNames | null {
  if (!names.has(lang))
    try {
      names.set(lang, new Intl.DisplayNames([lang], { type: 'currency' }))
    } catch {
      names.set(lang, null)
    }
  return names.get(lang) ?? null
}

/**
 * A currency's name in the page's language: in English the contract's own ("Kenyan shilling"), in
 * another language the browser's (`Intl.DisplayNames`: "Shilingi ya Kenya"); the English name where the
 * browser cannot name it.
 */
export function currencyName(code: CurrencyCode, lang: Lang = currentLang()): string {
  const english = currencies[code].name
  if (lang === DEFAULT_LANG) return english
  try {
    const named = namesIn(lang)?.of(code)
    return named && named !== code ? named : english
  } catch {
    return english
  }
}
