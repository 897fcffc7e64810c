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
    if (user && data.user) await storeUser({ ...user, settings: data.user })
  } catch (error) {
    console.error('Settings could not be fetched', error)
  }
}
