import type { BrowserContext, Page } from '@playwright/test'
import { expect } from './fixtures'

/** A seller's steps on /account/withdraw, typed and tapped as a person does. */

/** Types into the field with this label, as a person does: a tap, then the keys. */
export async function typeInto(page: Page, label: string | RegExp, value: string) {
  await page.getByLabel(label).click()
  await page.keyboard.type(value)
}

/** What the code's SMS says after the code, in the account's language. */
const CODE_WORDS = { en: 'is your Soko code', sw: 'ni msimbo wako wa Soko' }

/** The code the SMS sandbox delivered to `phone`, read on the sandbox phone in a tab of its own. */
export async function codeOnPhone(context: BrowserContext, phone: string, lang: 'en' | 'sw' = 'en') {
  const handset = await context.newPage()
  await handset.goto(`/sandbox/mpesa/phone?number=${phone}`)
  const sms = handset.locator('.sms', { hasText: CODE_WORDS[lang] }).first()
  await expect(sms).toBeVisible({ timeout: 20_000 })
  const code = new RegExp(`(\\d{6}) ${CODE_WORDS[lang]}`).exec((await sms.textContent()) ?? '')?.[1]
  await handset.close()
  if (!code) throw new Error('no code in the SMS')
  return code
}

/** Adds an M-Pesa destination on the withdraw page: the number, the code from the SMS, Add. */
export async function addMpesa(page: Page, context: BrowserContext, phone: string) {
  await page.getByText('Add a destination').click()
  await page.getByRole('radio', { name: 'M-Pesa', exact: true }).check()
  await typeInto(page, 'M-Pesa number', phone)
  await page.getByRole('button', { name: 'Send the code' }).click()
  await expect(page.getByLabel('Code from the SMS')).toBeVisible()
  await typeInto(page, 'Code from the SMS', await codeOnPhone(context, phone))
  await page.getByRole('button', { name: 'Add this destination' }).click()
  await expect(page.getByText(/^Added M-Pesa/)).toBeVisible()
}

/**
 * Withdraws as a person does: KES, the amount typed, the destination, instant; the quote under the form;
 * Continue; the confirmation sheet saying what arrives, where and when; Confirm.
 */
export async function withdraw(page: Page, amount: string, destination: RegExp) {
  const form = page.locator('.withdraw-form')
  // After a withdrawal the form shows what happened: the next one starts again.
  const again = form.getByRole('button', { name: 'Make another withdrawal' })
  if (await again.count()) await again.click()
  const kes = form.getByRole('radio', { name: /^KES/ })
  if (await kes.count()) await kes.check()
  await form.getByLabel('Amount (KES)').click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(amount)
  await form.getByRole('radio', { name: destination }).check()
  await form.getByRole('radio', { name: /^Instant/ }).check()
  await expect(form.getByRole('status').filter({ hasText: 'You receive' })).toContainText(
    /at M-Pesa .* within a few minutes/,
  )
  await form.getByRole('button', { name: 'Continue' }).click()
  await expect(form.getByRole('heading', { name: 'Check and confirm' })).toBeFocused()
  const facts = form.locator('.confirm-facts')
  await expect(facts).toContainText(/M-Pesa/)
  await expect(facts).toContainText(/within a few minutes/i)
  await form.getByRole('button', { name: 'Confirm' }).click()
}

/** The available KES on the withdraw page, as a number; `label` is that line's words in the page's language. */
export const available = async (page: Page, label = 'Available in KES') =>
  Number(
    (
      (await page.locator('.balance-list li', { hasText: label }).locator('.balance-amount').textContent()) ??
      ''
    ).replace(/[^\d.]/g, ''),
  )
