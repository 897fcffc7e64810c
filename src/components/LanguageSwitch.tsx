import { useLingui } from '@lingui/react/macro'
import type { MouseEvent } from 'react'
import { DEFAULT_LANG, LANG_NAMES, type Lang } from '../../contract/i18n'
import { currentLang, rememberLanguage } from '../lib/i18n'

/**
 * The link to the page in the other language (English ⇄ Kiswahili), named in that language. A plain link
 * to `?lang=`, which the server answers in it and remembers (scripts off too). With scripts, the choice is
 * kept in this browser at once (a page the service worker answers offline follows it too) and the rest of
 * the address kept; the next start saves it to a signed-in account (src/lib/settings.ts).
 */
export function LanguageSwitch({ short = false }: { short?: boolean }) {
  const { t } = useLingui()
  const next: Lang = currentLang() === DEFAULT_LANG ? 'sw' : DEFAULT_LANG
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    rememberLanguage(next)
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    const url = new URL(location.href)
    url.searchParams.set('lang', next)
    location.assign(url.href)
  }
  return (
    <a
      href={`?lang=${next}`}
      hrefLang={next}
      lang={next}
      className="nav-link lang-switch"
      onClick={onClick}
      title={t`Change the language`}
    >
      {short ? (
        <>
          <span aria-hidden="true">{next.toUpperCase()}</span>
          <span className="visually-hidden">{LANG_NAMES[next]}</span>
        </>
      ) : (
        LANG_NAMES[next]
      )}
    </a>
  )
}
