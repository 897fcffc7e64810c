import type { BrowserContext, Page, Request } from '@playwright/test'
import sharp from 'sharp'
import { expect, test } from './fixtures'
import { lastLink } from './outbox'
import { signIn } from './session'

const soko = () => {
  const url = process.env.SOKO_E2E_URL
  if (!url) throw new Error('SOKO_E2E_URL is not set: run through playwright.config.ts')
  return url
}
const password = 'a-long-walk-to-lamu'
let n = 0
const uniqueEmail = (who: string) => `${who}.${Date.now()}.${++n}@example.com`

async function signUp(page: Page, email: string, name = 'Amina Hassan') {
  await page.goto('/signup')
  await page.getByLabel('Your name').fill(name)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/verify-email$/)
}

async function authCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'auth_token')
}

test('sign up, open the confirmation mail from the outbox, and the e-mail is confirmed', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('amina')
  const before = Date.now() / 1000
  await signUp(page, email)
  await expect(page.getByText(`We sent a link to ${email}`)).toBeVisible()

  const cookie = await authCookie(context)
  expect(cookie?.path).toBe('/')
  expect(cookie?.sameSite).toBe('Lax')
  // max-age 2332800 s (27 days), give or take the seconds this test took.
  expect(Math.abs((cookie?.expires ?? 0) - before - 2332800)).toBeLessThan(60)

  const { token } = await lastLink(soko(), email, '/verify/account/')
  await page.goto(`/verify/account/${token}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your e-mail is confirmed')
  await page.goto('/verify-email')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your e-mail is confirmed')

  // The link works once.
  await page.goto(`/verify/account/${token}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link is invalid or has expired')
})

test('a malformed confirmation link says it is invalid or expired and how to get a new one', async ({
  page,
}) => {
  await page.goto('/verify/account/bad')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link is invalid or has expired')
  await expect(page.getByRole('alert')).toHaveText(/works once, for 24 hours\. Ask for a new one/)
  await expect(page.getByText('Some fields need attention')).toHaveCount(0)
  await page.getByRole('link', { name: 'Send me a new link' }).click()
  await expect(page).toHaveURL(/\/verify-email$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e-mail')
})

test('a signed-out visitor is sent to /login and comes back after signing in', async ({ page }) => {
  const email = uniqueEmail('returning')
  await signUp(page, email)
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }),
  ).toBeVisible()

  await page.goto('/account/settings')
  await expect(page).toHaveURL(/\/login\?redirect=/)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toContainText('do not match an account')
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/account\/settings$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings')
})

test('sign out everywhere in one browser sends the other to /login on its next request', async ({
  browser,
}) => {
  const email = uniqueEmail('two.devices')
  const phone = await browser.newContext()
  const laptop = await browser.newContext()
  try {
    const a = await phone.newPage()
    await signUp(a, email)
    const b = await laptop.newPage()
    await signIn(b, email, password)

    await a.goto('/account/settings')
    await a.getByRole('button', { name: 'Sign out everywhere' }).click()
    await expect(a).toHaveURL(/\/login$/)
    expect(await authCookie(phone)).toBeUndefined()

    // The laptop still holds its token; the server no longer accepts it (600), so the app signs out, and
    // sends them to sign in with the way back to the page they opened.
    expect(await authCookie(laptop)).toBeDefined()
    await b.goto('/account/settings')
    await expect(b).toHaveURL(/\/login\?redirect=%2Faccount%2Fsettings$/)
    expect(await authCookie(laptop)).toBeUndefined()
    const stored = await b.evaluate(
      () =>
        new Promise<unknown>((resolve, reject) => {
          const open = indexedDB.open('keyval-store')
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const get = open.result.transaction('keyval').objectStore('keyval').get('auth_token')
            get.onsuccess = () => resolve(get.result ?? null)
          }
        }),
    )
    expect(stored).toBeNull()
  } finally {
    await phone.close()
    await laptop.close()
  }
})

test('reset a forgotten password through the mailed link', async ({ page }) => {
  const email = uniqueEmail('forgetful')
  await signUp(page, email)
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('button', { name: 'Sign out' }).click()

  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  // The sign-in page has an E-mail field too: wait until the reset page has replaced it.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password')
  await page.getByLabel('E-mail').click()
  await page.keyboard.type(email)
  await page.getByRole('button', { name: 'Send me a link' }).click()
  await expect(page.getByRole('status')).toContainText(`If ${email} has a Soko account`)

  const { token } = await lastLink(soko(), email, '/reset/')
  await page.goto(`/reset/${token}`)
  await page.getByLabel('New password', { exact: true }).fill('qwerty123')
  await page.getByLabel('New password again').fill('qwerty123')
  await page.getByRole('button', { name: 'Save my new password' }).click()
  await expect(page.locator('.field-error').first()).toContainText(/common/i)

  const fresh = 'tides-turn-at-malindi'
  await page.getByLabel('New password', { exact: true }).fill(fresh)
  await page.getByLabel('New password again').fill(fresh)
  await page.getByRole('button', { name: 'Save my new password' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your password is changed')
  await signIn(page, email, fresh)

  await page.goto(`/reset/${token}`)
  await page.getByLabel('New password', { exact: true }).fill('yet-another-password')
  await page.getByLabel('New password again').fill('yet-another-password')
  await page.getByRole('button', { name: 'Save my new password' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link no longer works')
})

test('register as a seller: account, storefront and M-Pesa payouts in one form', async ({ page }) => {
  const email = uniqueEmail('seller')
  const handle = `studio-${Date.now().toString(36)}`
  await page.goto('/register')
  await page.getByLabel('Your name').fill('Otieno Baraka')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByLabel('Storefront name').fill('Baraka Beats')
  await page.getByLabel('Handle').fill('login')
  await page.getByLabel('Country').selectOption('KE')
  await page.getByLabel('M-Pesa number').fill('020 1234 567')
  await page.getByRole('button', { name: 'Open my storefront' }).click()

  // The account was made; the storefront fields say what to fix, and the account fields are gone.
  await expect(page.getByText('That phone number is not an M-Pesa number')).toBeVisible()
  await expect(page.getByLabel('E-mail')).toHaveCount(0)
  await page.getByLabel('Storefront name').fill('Baraka Beats')
  await page.getByLabel('Handle').fill(handle)
  await page.getByLabel('M-Pesa number').fill('0712 345 678')
  await page.getByRole('button', { name: 'Open my storefront' }).click()
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('link', { name: 'Add a product' })).toBeVisible()

  await page.goto('/account/settings/profile')
  await expect(page.getByLabel('Handle')).toHaveValue(handle)
  // docs/product.md (Calls): every API request carries the token; the storage host (here the disk store's /files/) never.
  // Headers are read as each request goes out; the listener is removed before the page moves on, so
  // no read outlives the test.
  const sent: Promise<{ method: string; path: string; authorization: string | undefined }>[] = []
  const record = (request: Request) => {
    const url = new URL(request.url())
    if (url.pathname === '/' || url.pathname.startsWith('/files/'))
      sent.push(
        request.allHeaders().then((headers) => ({
          method: request.method(),
          path: url.pathname,
          authorization: headers.authorization,
        })),
      )
  }
  page.on('request', record)
  const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#b45309' } })
    .jpeg()
    .toBuffer()
  await page
    .getByLabel('Add a photo')
    .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: picture })
  const avatar = page.getByRole('img', { name: "Otieno Baraka's profile" })
  await expect(avatar).toHaveAttribute('srcset', /-96\.webp 96w, .*-256\.webp 256w/)
  // The picture itself arrived (not only its address): its width once the browser has loaded it.
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThanOrEqual(96)
  page.off('request', record)
  const requests = await Promise.all(sent)
  const token = (await authCookie(page.context()))?.value
  const rpcCalls = requests.filter((r) => r.method === 'POST' && r.path === '/')
  const upload = requests.find((r) => r.method === 'PUT' && r.path.startsWith('/files/'))
  expect(rpcCalls.length).toBeGreaterThanOrEqual(2)
  for (const call of rpcCalls) expect(call.authorization).toBe(`Bearer ${token}`)
  expect(upload).toBeDefined()
  expect(upload?.authorization).toBeUndefined()
  // Payouts (the M-Pesa number is confirmed with a code there) live on the withdraw page.
  await page.goto('/account/settings')
  await page.getByRole('link', { name: 'Withdraw page' }).click()
  await expect(page).toHaveURL(/\/account\/withdraw$/)
})
