import type { Locator, Page } from '@playwright/test'
import { DEMO_SELLER, demoProducts, newBuyer } from './demo'
import { expect, test } from './fixtures'
import { rendered } from './rendered'
import { rpc } from './seller'

/**
 * Two journeys with the keyboard alone, as someone who cannot use a pointer: from the home page to signed
 * in, and buying a demo product by card through the card sandbox. After the first page.goto, the tests
 * only press keys and type; they look at the page (what has focus, what it says) but never click or fill.
 */

test.use({ serviceWorkers: 'block' })

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it never does. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    if (await target.evaluate((el) => el === document.activeElement)) return
  }
  throw new Error(`${max} presses of Tab never reached ${target}`)
}

/** Moves through a radio group with the arrow keys (its checked one has the focus) until `target` is checked. */
async function arrowTo(page: Page, target: Locator, max = 6) {
  for (let i = 0; i < max && !(await target.isChecked()); i++) await page.keyboard.press('ArrowDown')
  await expect(target).toBeChecked()
  await expect(target).toBeFocused()
}

test('signs in from the home page with the keyboard alone', async ({ page, request }) => {
  const buyer = await newBuyer(request, 'keyboard')
  await page.goto('/')
  await rendered(page)
  // The first stop is the way past the header.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/login$/)
  await rendered(page)

  await tabTo(page, page.getByLabel('E-mail'))
  await page.keyboard.type(buyer.email)
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Password')).toBeFocused()
  await page.keyboard.type(buyer.password)
  // Enter in a field sends the form, as a person expects.
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/account$/)
  // Signed in: the account menu, opened from the keyboard, ends with Sign out.
  const menuButton = page.getByRole('button', { name: 'Account menu' })
  await tabTo(page, menuButton)
  await page.keyboard.press('Enter')
  await page.keyboard.press('End')
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }),
  ).toBeFocused()
})

test('buys a demo product by card through the card sandbox with the keyboard alone', async ({
  page,
  request,
}) => {
  const sellerToken = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
  const product = (await demoProducts(request, sellerToken)).find((p) => p.kind === 'digital')
  if (!product) throw new Error('the demo data has no digital product')
  await page.goto(`/${product.slug}`)
  await rendered(page)

  await tabTo(page, page.getByRole('button', { name: 'Buy now' }))
  await page.keyboard.press('Enter')
  // The checkout opens in place of the button and takes the focus.
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeFocused()
  await tabTo(page, page.getByLabel('E-mail'))
  await page.keyboard.type('keyboard.buyer@example.com')
  // Visitors from Kenya start on M-Pesa: the arrow keys move the choice to Card.
  const card = page.getByRole('radio', { name: 'Card', exact: true })
  await tabTo(page, page.getByRole('radio', { checked: true }))
  await arrowTo(page, card)
  const pay = page.getByRole('button', { name: /^Pay KES \d/ })
  await expect(pay).toBeVisible()
  await tabTo(page, pay)
  await page.keyboard.press('Enter')

  // The card sandbox: the test card that pays; its expiry and CVC come filled in.
  await expect(page).toHaveURL(/\/sandbox\/stripe\/pay\//)
  await tabTo(page, page.getByLabel('Card number'))
  await page.keyboard.type('4242 4242 4242 4242')
  await tabTo(page, page.getByRole('button', { name: /^Pay KES/ }))
  await page.keyboard.press('Enter')

  await expect(page).toHaveURL(/\/sucess-payment\?order=/)
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible({
    timeout: 15_000,
  })
  // The way to the files is reachable from the keyboard too.
  await tabTo(page, page.getByRole('button', { name: /^Download / }).first())
})
