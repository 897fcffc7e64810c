import { DEFAULT_LANG, isLang } from '../../contract/i18n'
import { chosenLanguage, currentLang, rememberLanguage } from './i18n'
import { rpc } from './rpc'
import { getSession, storeUser } from './session'

/**
 * docs/product.md (Calls): getSettings after sign-in and at start when signed in. A statusCode above 200 changes
 * nothing (rpc rejects then); otherwise the answer's settings replace the stored user's. Failures are only
 * logged.
 */
export async function refreshSettings(): Promise<void> {
  try {
    const data = await rpc('getSettings', {})
    const { user } = getSession()
    if (user && data.user) {
      await storeUser({ ...user, settings: data.user })
      followAccountLanguage(data.user.language)
    }
  } catch (error) {
    console.error('Settings could not be fetched', error)
  }
}

/**
 * The language chosen in this browser is saved to the account, so mail and texts follow it; a browser that
 * never chose one takes the account's when it is not the default (every account starts in English, which
 * says nothing of the person), and the page is loaded again in it.
 */
function followAccountLanguage(account: string) {
  const chosen = chosenLanguage()
  if (chosen && chosen !== account)
    void rpc('updateSettings', { language: chosen }).catch((error: unknown) => {
      console.warn('The language could not be saved to the account', error)
    })
  else if (!chosen && isLang(account) && account !== DEFAULT_LANG && account !== currentLang()) {
    rememberLanguage(account)
    location.reload()
  }
}
