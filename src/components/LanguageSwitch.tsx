import { useLingui } from '@lingui/react/macro'
import type { MouseEvent } from 'react'
import { DEFAULT_LANG, LANG_NAMES, type Lang } from '../../contract/i18n'
import { currentLang, rememberLanguage } from '../lib/i18n'
import { rpc } from '../lib/rpc'
import { getSession } from '../lib/session'

/** How long the switch waits for the account to take the choice before the page changes anyway. */
const SAVE_WAIT_MS = 2000

/** This page's address in another language: `?lang=` set, the rest kept. */
function addressIn(lang: Lang): string {
  const url = new URL(location.href)
  url.searchParams.set('lang', lang)
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * The link to the page in the other language (English ⇄ Kiswahili), named in that language. A plain link
 * to `?lang=`, which the server answers in it and remembers (scripts off too); with scripts, the choice is
 * kept in this browser and, when signed in, in the account, so mail and texts follow it.
 */
export function LanguageSwitch({ short = false }: { short?: boolean }) {
  const { t } = useLingui()
  const next: Lang = currentLang() === DEFAULT_LANG ? 'sw' : DEFAULT_LANG
  const href = typeof location === 'undefined' ? `?lang=${next}` : addressIn(next)
  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    rememberLanguage(next)
    if (getSession().token) {
      const saving = rpc('updateSettings', { language: next }).catch((error: unknown) => {
        console.warn('The language could not be saved to the account', error)
      })
      await Promise.race([saving, new Promise((resolve) => setTimeout(resolve, SAVE_WAIT_MS))])
    }
    location.assign(addressIn(next))
  }
  return (
    <a
      href={href}
      hrefLang={next}
      lang={next}
      className="nav-link lang-switch"
      onClick={(event) => void onClick(event)}
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
