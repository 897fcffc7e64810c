import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { rendered } from './rendered'
import { signIn } from './session'

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
test.use(PHONE)

/** Presses Tab until the element is focused, as a keyboard user gets there; fails after `max` presses. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, max = 20) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error(`Tab never reached ${target}`)
}

/** Nothing on the page is wider than the screen: no sideways scrolling, the header included. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    header: document.querySelector('header')?.scrollWidth ?? 0,
    screen: window.innerWidth,
  }))
  expect(widths.page).toBeLessThanOrEqual(widths.screen)
  expect(widths.header).toBeLessThanOrEqual(widths.screen)
}

test('the account menu works from the keyboard on a phone: open, arrows, Tab, Escape, sign out', async ({
  page,
}) => {
  await signIn(page, 'wanjiru@soko.test', 'soko-demo-2026')
  await page.goto('/')
  const menuButton = page.getByRole('button', { name: 'Account menu' })
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  await expectNoSidewaysScroll(page)

  // Enter opens it and puts the focus on its first item; the arrows, Home and End move through it.
  await tabTo(page, menuButton)
  await page.keyboard.press('Enter')
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: /Wanjiru Kamau/ })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(nav.getByRole('link', { name: 'Purchases' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(nav.getByRole('link', { name: 'Memberships' })).toBeFocused()
  await page.keyboard.press('End')
  await expect(nav.getByRole('button', { name: 'Sign out' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(nav.getByRole('link', { name: /Wanjiru Kamau/ })).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(nav.getByRole('button', { name: 'Sign out' })).toBeFocused()
  await page.keyboard.press('Home')
  // Tab goes through it in order too.
  await page.keyboard.press('Tab')
  await expect(nav.getByRole('link', { name: 'Purchases' })).toBeFocused()
  for (const name of [
    'Memberships',
    'Downloads',
    'Bookings',
    'Customers',
    'Members',
    'Invoices',
    'Your products',
    'Discount codes',
    'Withdraw',
    'Developers',
    'Settings',
  ]) {
    await page.keyboard.press('Tab')
    await expect(nav.getByRole('link', { name, exact: true })).toBeFocused()
  }

  // Escape closes it and gives the focus back to the button.
  await page.keyboard.press('Escape')
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  await expect(menuButton).toBeFocused()
  await expect(nav.getByRole('link', { name: 'Purchases' })).toHaveCount(0)

  // A tap outside closes it; an item opens its page and closes the menu.
  await menuButton.click()
  await page.getByRole('heading', { name: 'How it works' }).click()
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  await menuButton.click()
  await nav.getByRole('link', { name: 'Customers' }).click()
  await expect(page).toHaveURL(/\/account\/customers$/)
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customers')

  // ArrowUp opens it on its last item, Sign out; Enter signs out.
  await menuButton.focus()
  await page.keyboard.press('ArrowUp')
  await expect(nav.getByRole('button', { name: 'Sign out' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/$/)
  await expect(nav.getByRole('link', { name: 'Sign in' })).toBeVisible()
  await expect(menuButton).toHaveCount(0)
})

test('signed out, the header shows Sign in and a search that leads to /explore', async ({ page }) => {
  await page.goto('/pricing')
  await expectNoSidewaysScroll(page)
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Sign in' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Explore' })).toBeVisible()
  const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' })
  await search.fill('kanga')
  await search.press('Enter')
  await expect(page).toHaveURL(/\/explore\?q=kanga$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Explore')
  // /explore has its own search: the header's steps aside.
  await expect(page.getByRole('banner').getByRole('searchbox')).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page')
})

test('every page has the footer with the marketing links, and they work', async ({ page }) => {
  for (const path of ['/', '/explore', '/login', '/no/such/page']) {
    await page.goto(path)
    const footer = page.getByRole('contentinfo')
    for (const name of ['Explore', 'Creators', 'Open a storefront', 'Pricing', 'Features', 'Contact us'])
      await expect(footer.getByRole('link', { name, exact: true }), `${path}: ${name}`).toBeVisible()
  }
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  await footer.getByRole('link', { name: 'Features', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Features')
  await footer.getByRole('link', { name: 'Contact us', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us')
  await footer.getByRole('link', { name: 'Open a storefront', exact: true }).click()
  await expect(page).toHaveURL(/\/register$/)
})

/** Chromium offers installation as it would to a visitor who qualifies (the event a real prompt sends). */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
    })
    window.dispatchEvent(event)
  })
}

test('a visitor offered installation sees it float at the bottom of a phone, moving nothing, never over the logo', async ({
  page,
}) => {
  await page.goto('/')
  await rendered(page)
  const top = async () => (await page.locator('main').boundingBox())?.y
  const before = await top()
  await offerInstall(page)
  const line = page.getByText('Soko works offline from your home screen.')
  await expect(line).toBeVisible()
  // The offer comes whenever the browser decides: the page under it stays where it was.
  expect(await top()).toBe(before)
  const box = await line.boundingBox()
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(844 - 100)
  await expect(line.getByRole('button', { name: 'Install Soko' })).toBeVisible()
  // The header row keeps its three things apart: the logo, the links and "Sign in" do not overlap.
  const [brand, links, signIn] = await Promise.all(
    [page.locator('.brand'), page.locator('.nav-links'), page.locator('.main-nav > .button')].map(
      async (element) => (await element.boundingBox()) ?? { x: 0, width: 0 },
    ),
  )
  expect(brand?.x ?? 0).toBeGreaterThanOrEqual(0)
  expect((brand?.x ?? 0) + (brand?.width ?? 0)).toBeLessThanOrEqual(links?.x ?? 0)
  expect((links?.x ?? 0) + (links?.width ?? 0)).toBeLessThanOrEqual(signIn?.x ?? 0)
  await expectNoSidewaysScroll(page)
  await line.getByRole('button', { name: 'Not now' }).click()
  await expect(line).toBeHidden()
  // Put away, it stays away on the next visit.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await offerInstall(page)
  // The offer was taken (a wide window shows it in the header), but the phone's line stays put away.
  await page.setViewportSize({ width: 1024, height: 768 })
  await expect(page.getByRole('banner').getByRole('button', { name: 'Install Soko' })).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(line).toBeHidden()
})

test('on a desktop the install offer sits in the header instead', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/')
  await offerInstall(page)
  await expect(page.getByRole('banner').getByRole('button', { name: 'Install Soko' })).toBeVisible()
  await expect(page.getByText('Soko works offline from your home screen.')).toBeHidden()
})
