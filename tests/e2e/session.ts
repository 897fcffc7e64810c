import { expect, type Page } from '@playwright/test'

/** Signs in through /login and waits for the account page it leads to. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/account$/)
}

/** Signs in as a person does it: a tap on each field, the keys typed, then Sign in. */
export async function signInTyping(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('E-mail').click()
  await page.keyboard.type(email)
  await page.getByLabel('Password').click()
  await page.keyboard.type(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/account$/)
}
