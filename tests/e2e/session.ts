import { type BrowserContext, expect, type Page } from '@playwright/test'
import { rendered } from './rendered'

/** Where a sign-in with no ?redirect= leads: an admin's /admin, anyone else's /account. */
const HOME = /\/(account|admin)$/

/** Signs in through /login and waits for the page it leads to (/account, or /admin for an admin). */
export async function signIn(page: Page, email: string, password: string, lands: RegExp = HOME) {
  await page.goto('/login')
  await rendered(page)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(lands)
}

/** Signs in as a person does it: a tap on each field, the keys typed, then Sign in. */
export async function signInTyping(page: Page, email: string, password: string, lands: RegExp = HOME) {
  await page.goto('/login')
  await rendered(page)
  await page.getByLabel('E-mail').click()
  await page.keyboard.type(email)
  await page.getByLabel('Password').click()
  await page.keyboard.type(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(lands)
}

/**
 * Lets this browser read a language without saving it as the account's: the app saves a browser's choice to
 * the account, and other tests use the demo accounts in English at the same time. The save is answered as
 * done; everything else goes to Soko.
 */
export async function keepAccountLanguage(context: BrowserContext) {
  await context.route(
    (url) => url.pathname === '/',
    async (route) => {
      const call = route.request().method() === 'POST' ? route.request().postDataJSON() : null
      if (call?.subject === 'updateSettings' && 'language' in call)
        await route.fulfill({ json: { statusCode: 200, message: 'OK', data: {} } })
      else await route.fallback()
    },
  )
}
