import { type Browser, expect } from '@playwright/test'

const PHONE_VIEWPORT = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

/**
 * The tester's handset, on a phone of its own: the newest M-Pesa prompt to `phone` on the sandbox phone
 * shows `amount`, and is paid with the PIN typed. `only`: it is the number's one prompt (one payment asked).
 */
export async function payPromptOnHandset(
  browser: Browser,
  baseURL: string | undefined,
  phone: string,
  amount: string,
  opts: { only?: boolean } = {},
) {
  const handset = await browser.newContext({ ...PHONE_VIEWPORT, baseURL, serviceWorkers: 'block' })
  const page = await handset.newPage()
  await page.goto(`/sandbox/mpesa/phone?number=${phone}`)
  const prompt = page.locator('.prompt').first()
  await expect(prompt).toContainText(amount, { timeout: 15_000 })
  if (opts.only) await expect(page.locator('.prompt')).toHaveCount(1)
  await prompt.getByLabel('M-PESA PIN').click()
  await page.keyboard.type('1234')
  await prompt.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page.getByText(/Paid/).first()).toBeVisible()
  await handset.close()
}
