import { randomBytes, randomInt } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { request as apiRequest, type Browser, type Page } from '@playwright/test'
import sharp from 'sharp'
import { DEMO_SELLER, newBuyer } from './demo'
import { expect, test } from './fixtures'
import { lastSmsCode, readOutbox } from './outbox'
import { rendered } from './rendered'
import { rpc } from './seller'
import { signInTyping } from './session'
import { typeInto } from './typing'
import { startWorkerServer, type WorkerServer } from './worker-server'

/**
 * Memberships on phones, typed, on a server of this spec's own (its clock moves a month): a buyer joins by
 * card from the membership's page and reads its members' post; a second joins with a card whose bank asks
 * to confirm every payment; a third cancels and keeps reading; a fourth joins by PayPal, approving its
 * subscription; a fifth changes tier, undoes it and pauses. The sandbox clock moves a month: the first's
 * renewal is charged by itself, the fourth's taken by PayPal (its webhook renews it), both in the seller's
 * books; the second's is declined, and the member pays it from the mailed link, confirming with the bank;
 * the third's membership has ended; the fifth's is paused, its posts closed, nothing charged. The first,
 * whose phone is confirmed and e-mail is not, was texted the posts' link, which opens them.
 */

const run = randomBytes(3).toString('hex')
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const TITLE = `Poetry circle ${run}`
const POST = `New stanzas ${run}`
/** The steady member's phone, confirmed (their e-mail is not). */
const STEADY_PHONE = `0798${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
/** A post with a picture and a file, and the words the seller types for the picture. */
const PICTURE_POST = `The proof ${run}`
const PICTURE_WORDS = 'A red proof sheet on the press'
const SHEET = Buffer.from(`%PDF-1.7\nProof sheet ${run}\n%%EOF\n`)
/** The file the seller gives the Reader tier. */
const NOTES = Buffer.from(`%PDF-1.7\nReading notes ${run}\n%%EOF\n`)

let soko: WorkerServer
let productId = ''
const members: Record<
  'steady' | 'confirm' | 'leaving' | 'paypal' | 'pauser' | 'trier',
  { email: string; password: string; token: string }
> = {} as never

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ geo }) => {
  soko = await startWorkerServer(geo.url)
  const request = await apiRequest.newContext({ baseURL: soko.url })
  const seller = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
  const { product } = await rpc<{ product: { id: string } }>(
    request,
    'createProduct',
    {
      kind: 'membership',
      title: TITLE,
      description: '<p>Poems before anyone else.</p>',
      price: { amount: 500_00, currency: 'KES' },
      details: {
        tiers: [
          {
            name: 'Reader',
            perks: 'A new poem every week',
            prices: [
              { interval: 'month', price: { amount: 500_00, currency: 'KES' } },
              { interval: 'year', price: { amount: 5_000_00, currency: 'KES' } },
            ],
          },
          {
            name: 'Listener',
            perks: 'Every poem read aloud',
            prices: [{ interval: 'month', price: { amount: 300_00, currency: 'KES' } }],
            trialDays: 7,
          },
        ],
        pausing: true,
      },
    },
    seller,
  )
  productId = product.id
  await rpc(request, 'publishProduct', { id: product.id }, seller)
  await rpc(
    request,
    'saveMembershipPost',
    {
      productId: product.id,
      title: POST,
      body: '<p>Three new stanzas, <strong>read aloud</strong>.</p>',
      publish: true,
    },
    seller,
  )
  for (const who of ['steady', 'confirm', 'leaving', 'paypal', 'pauser', 'trier'] as const)
    members[who] = await newBuyer(request, `member-${who}`)
  // The steady member confirms their phone, not their e-mail: new posts reach them by text too.
  await rpc(request, 'requestPhoneCode', { phone: STEADY_PHONE }, members.steady.token)
  let code = ''
  await expect
    .poll(async () => {
      code = await lastSmsCode(soko.url, `254${STEADY_PHONE.slice(1)}`).catch(() => '')
      return code
    })
    .toMatch(/^\d{6}$/)
  await rpc(request, 'verifyPhone', { phone: STEADY_PHONE, code }, members.steady.token)
  await request.dispose()
})

test.afterAll(async () => {
  await soko?.stop()
})

/** A member's phone, signed in with their session. */
async function phoneOf(browser: Browser, who: keyof typeof members) {
  const context = await browser.newContext({ ...PHONE, baseURL: soko.url, serviceWorkers: 'block' })
  await context.addCookies([{ name: 'auth_token', value: members[who].token, url: soko.url }])
  return { context, page: await context.newPage() }
}

/** The demo seller's phone, signed in by typing. */
async function sellerPhone(browser: Browser) {
  const context = await browser.newContext({ ...PHONE, baseURL: soko.url, serviceWorkers: 'block' })
  const page = await context.newPage()
  await signInTyping(page, DEMO_SELLER.email, DEMO_SELLER.password)
  return { context, page }
}

/** The membership's page, its Reader tier once the app has taken its form over. */
async function readerTier(page: Page) {
  await page.goto(`/${TITLE.toLowerCase().replace(/\s+/g, '-')}`)
  await rendered(page)
  // The tiers' code comes after the page's: until it has taken their form over, Join opens the server's
  // join page (as it does without script).
  await page.waitForFunction(() => {
    const form = document.querySelector('.tier-form')
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactFiber$'))
  })
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Reader' }) })
}

/** From the membership's page: the monthly price as it comes, Join, the card typed on the card page. */
async function joinByCard(page: Page, card: string) {
  const tier = await readerTier(page)
  await expect(tier.getByRole('radio', { name: 'KES 500.00 a month' })).toBeChecked()
  await tier.getByRole('button', { name: 'Join Reader' }).click()
  await typeInto(page.getByLabel('Card number'), card)
  await typeInto(page.getByLabel(/MM\/YY/), '12/40')
  await typeInto(page.getByLabel('CVC'), '123')
  await page.getByRole('button', { name: /^Pay/ }).click()
}

test('a buyer joins by card from the membership’s page and reads the members’ post', async ({ browser }) => {
  test.setTimeout(90_000)
  const { context, page } = await phoneOf(browser, 'steady')
  await joinByCard(page, '4242 4242 4242 4242')
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 20_000 })
  await page.goto('/account/memberships')
  const card = page.getByRole('article', { name: TITLE })
  await expect(card).toContainText('Active')
  await expect(card).toContainText('by Visa ending 4242')
  await card.getByRole('link', { name: 'Read members’ posts' }).click()
  await expect(page.getByRole('heading', { name: POST })).toBeVisible()
  await expect(page.getByText('read aloud')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('member-posts.png'), fullPage: true })
  await context.close()
})

test('the seller gives Readers a file in the editor; the member finds it in their downloads', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const { context, page: editor } = await sellerPhone(browser)
  await editor.goto(`/account/create/product?kind=membership&id=${productId}`)
  // Reader's tier, the first: no files yet to tick.
  const readerFiles = editor.getByRole('group', { name: 'Files in members’ library' }).first()
  await expect(
    readerFiles.getByText('Upload files under “Files for members”, save, then tick those this tier gets.'),
  ).toBeVisible()
  await editor
    .getByLabel('Add files')
    .setInputFiles({ name: 'reading-notes.pdf', mimeType: 'application/pdf', buffer: NOTES })
  const box = readerFiles.getByRole('checkbox', { name: 'reading-notes.pdf' })
  await expect(box).toBeVisible({ timeout: 20_000 })
  await box.click()
  await editor.getByRole('button', { name: 'Save changes' }).click()
  await expect(editor.getByText(/^Published: it is on sale at/)).toBeVisible()
  await editor.screenshot({ path: test.info().outputPath('tier-files-editor.png'), fullPage: true })
  await context.close()

  const member = await phoneOf(browser, 'steady')
  await member.page.goto('/downloads')
  const circle = member.page.getByRole('region', { name: TITLE })
  await expect(circle).toContainText('reading-notes.pdf')
  await member.page.screenshot({ path: test.info().outputPath('member-downloads.png'), fullPage: true })
  const downloading = member.page.waitForEvent('download')
  await circle.getByRole('button', { name: 'Download reading-notes.pdf' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('reading-notes.pdf')
  expect(await readFile((await download.path()) ?? '')).toEqual(NOTES)
  await member.context.close()
})

test('the seller writes a post with a picture and a file; the member sees the picture and downloads the file', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const { context, page: editor } = await sellerPhone(browser)
  await editor.goto('/account/members')
  await rendered(editor)
  await editor.getByLabel('Membership', { exact: true }).selectOption({ label: TITLE })
  const posts = editor.getByRole('region', { name: 'Posts for members' })
  await typeInto(posts.getByLabel('Title'), PICTURE_POST)
  await posts.getByRole('textbox', { name: 'What members read' }).click()
  await editor.keyboard.type('The page as it was printed.')
  await posts.getByLabel('Add pictures to the post').setInputFiles({
    name: 'proof.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 800, height: 500, channels: 3, background: '#c0562b' } })
      .png()
      .toBuffer(),
  })
  await typeInto(posts.getByLabel('What picture 1 shows'), PICTURE_WORDS)
  await posts
    .getByLabel('Add files to the post')
    .setInputFiles({ name: 'proof-sheet.pdf', mimeType: 'application/pdf', buffer: SHEET })
  await expect(posts.getByRole('listitem').filter({ hasText: 'proof-sheet.pdf' })).toBeVisible({
    timeout: 20_000,
  })
  await posts.getByRole('button', { name: 'Publish and mail members' }).click()
  await expect(posts.getByText('Published: members read it now')).toBeVisible()
  await context.close()

  const member = await phoneOf(browser, 'steady')
  await member.page.goto('/account/memberships')
  await member.page.getByRole('link', { name: 'Read members’ posts' }).click()
  const post = member.page.getByRole('article', { name: PICTURE_POST })
  const picture = post.getByRole('img', { name: PICTURE_WORDS })
  await expect(picture).toBeVisible()
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await member.page.screenshot({ path: test.info().outputPath('member-post-media.png'), fullPage: true })
  const downloading = member.page.waitForEvent('download')
  await post.getByRole('button', { name: 'Download proof-sheet.pdf' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('proof-sheet.pdf')
  expect(await readFile((await download.path()) ?? '')).toEqual(SHEET)
  await member.context.close()
})

test('a card whose bank asks every time is confirmed on joining', async ({ browser }) => {
  test.setTimeout(90_000)
  const { context, page } = await phoneOf(browser, 'confirm')
  await joinByCard(page, '4000 0027 6000 3184')
  await page.getByRole('button', { name: 'Complete authentication' }).click()
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 20_000 })
  await context.close()
})

test('a buyer joins by PayPal, approving the subscription on PayPal’s page', async ({ browser }) => {
  test.setTimeout(90_000)
  const { context, page } = await phoneOf(browser, 'paypal')
  const tier = await readerTier(page)
  await tier.getByRole('radio', { name: 'PayPal' }).check()
  await page.screenshot({ path: test.info().outputPath('join-paypal.png'), fullPage: true })
  await tier.getByRole('button', { name: 'Join Reader' }).click()
  await expect(page.getByRole('heading', { name: 'Subscribe with PayPal (sandbox)' })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('paypal-subscribe.png'), fullPage: true })
  await page.getByRole('button', { name: 'Agree and subscribe' }).click()
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 20_000 })
  await page.goto('/account/memberships')
  const card = page.getByRole('article', { name: TITLE })
  await expect(card).toContainText('Active')
  await expect(card).toContainText(', by PayPal.')
  await context.close()
})

test('a member changes to yearly from the next period, keeps their tier after all, and pauses', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const { context, page } = await phoneOf(browser, 'pauser')
  await joinByCard(page, '4242 4242 4242 4242')
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 20_000 })
  await page.goto('/account/memberships')
  const card = page.getByRole('article', { name: TITLE })
  await card.getByText('Change tier', { exact: true }).first().click()
  await card.getByRole('radio', { name: 'Reader: KES 5,000.00 a year' }).check()
  await card.getByRole('button', { name: 'Change tier' }).click()
  await expect(card).toContainText('Reader, KES 5,000.00 a year.')
  await expect(card).toContainText('Next payment: KES 5,000.00')
  await card.getByRole('button', { name: 'Keep my tier' }).click()
  await expect(card).not.toContainText('a year.')
  await card.getByText('Pause', { exact: true }).click()
  await card.getByRole('radio', { name: '2 months' }).check()
  await card.getByRole('button', { name: 'Pause the membership' }).click()
  await expect(card).toContainText('Paused from')
  await expect(card).toContainText('nothing is charged meanwhile')
  await page.screenshot({ path: test.info().outputPath('membership-paused.png'), fullPage: true })
  await context.close()
})

test('a new member starts a free trial by card, which takes nothing, and cancels it before it ends', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const { context, page } = await phoneOf(browser, 'trier')
  await readerTier(page)
  const tier = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Listener' }) })
  await expect(tier).toContainText('Free for the first 7 days: nothing is taken until the trial ends')
  await tier.getByRole('button', { name: 'Join Listener' }).click()
  // Stripe's page in setup mode: the card is saved, nothing is charged.
  await expect(page.getByRole('heading', { name: 'Save a card (sandbox)' })).toBeVisible()
  await expect(page.getByText('Nothing is charged now')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('trial-card-page.png'), fullPage: true })
  await typeInto(page.getByLabel('Card number'), '4242 4242 4242 4242')
  await typeInto(page.getByLabel(/MM\/YY/), '12/40')
  await typeInto(page.getByLabel('CVC'), '123')
  await page.getByRole('button', { name: 'Save card' }).click()
  await expect(page.getByText('Listener · monthly · 7-day free trial')).toBeVisible({ timeout: 20_000 })
  await page.goto('/account/memberships')
  const card = page.getByRole('article', { name: TITLE })
  await expect(card).toContainText(/Free trial until .+\. Then KES.300\.00 is taken by Visa ending 4242/)
  await page.screenshot({ path: test.info().outputPath('trial-member.png'), fullPage: true })
  await card.getByRole('button', { name: 'Cancel membership' }).click()
  await card.getByRole('button', { name: 'Yes, cancel it' }).click()
  await expect(card).toContainText('Cancelled during the free trial')
  await expect(card).not.toContainText('Next payment')
  await context.close()
})

test('a member who cancels keeps reading until the period ends', async ({ browser }) => {
  test.setTimeout(90_000)
  const { context, page } = await phoneOf(browser, 'leaving')
  await joinByCard(page, '4242 4242 4242 4242')
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 20_000 })
  await page.goto('/account/memberships')
  const card = page.getByRole('article', { name: TITLE })
  await card.getByRole('button', { name: 'Cancel membership' }).click()
  await card.getByRole('button', { name: 'Yes, cancel it' }).click()
  await expect(card).toContainText('Cancelled: your access lasts until')
  await expect(card).not.toContainText('Next payment')
  await card.getByRole('link', { name: 'Read members’ posts' }).click()
  await expect(page.getByRole('heading', { name: POST })).toBeVisible()
  await context.close()
})

test('without script, a buyer joins from the same page: the server’s join page, then the card page', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const context = await browser.newContext({ ...PHONE, baseURL: soko.url, javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`/${TITLE.toLowerCase().replace(/\s+/g, '-')}`)
  await page.getByRole('button', { name: 'Join Reader' }).click()
  await expect(page.getByRole('heading', { name: `Join ${TITLE}` })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Reader: KES 500.00 a month' })).toBeChecked()
  await typeInto(page.getByLabel('E-mail'), `no-script-${run}@example.com`)
  await page.getByRole('button', { name: 'Continue to pay' }).click()
  await typeInto(page.getByLabel('Card number'), '4242 4242 4242 4242')
  await typeInto(page.getByLabel(/MM\/YY/), '12/40')
  await typeInto(page.getByLabel('CVC'), '123')
  await page.getByRole('button', { name: /^Pay/ }).click()
  await expect(page.getByText(/paid/i).first()).toBeVisible({ timeout: 20_000 })
  await page.screenshot({ path: test.info().outputPath('no-script-joined.png'), fullPage: true })
  await context.close()
})

test('a month on, the renewal is in the seller’s books; the declined one is paid from the mailed link', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const context = await browser.newContext({ ...PHONE, baseURL: soko.url, serviceWorkers: 'block' })
  const clock = await context.newPage()
  await clock.goto('/sandbox/clock')
  await typeInto(clock.getByLabel('Move forward by (hours)'), String(32 * 24))
  await clock.getByRole('button', { name: 'Move the clock' }).click()
  await expect(clock.locator('#offset')).toHaveText("768 hours ahead of the machine's clock")

  // The memberships job runs every minute: the bank's refusal is mailed to the member with a way to pay.
  const confirm = members.confirm.email
  await expect
    .poll(async () => (await readOutbox(soko.url, 'mail', confirm)).map((m) => m.subject), {
      timeout: 120_000,
    })
    .toContain(`Your ${TITLE} payment did not go through`)
  const mail = (await readOutbox(soko.url, 'mail', confirm)).findLast((m) =>
    m.subject.includes('did not go through'),
  )
  expect(mail?.text).toContain('your bank asks you to confirm this payment yourself.')
  const link = mail?.text.match(/https?:\/\/\S+\/account\/memberships/)?.[0]
  expect(link).toBeTruthy()

  // The steady member, whose e-mail is not confirmed, was texted the posts' link; it opens them.
  const handset = await context.newPage()
  await handset.goto(`/sandbox/mpesa/phone?number=${STEADY_PHONE}`)
  const text = handset.locator('.sms').filter({ hasText: `Soko: a new post for members of "${TITLE}"` })
  await expect(text.first()).toBeVisible({ timeout: 20_000 })
  const postsLink = (await text.first().innerText()).match(/https?:\/\/\S+/)?.[0] ?? ''
  expect(postsLink).toContain('/account/memberships?posts=')
  // A month on, their session has run out: they sign in, and land on the posts.
  const steadyPhone = await browser.newContext({ ...PHONE, baseURL: soko.url, serviceWorkers: 'block' })
  const reader = await steadyPhone.newPage()
  await signInTyping(reader, members.steady.email, members.steady.password)
  await reader.goto(postsLink)
  await expect(reader.getByRole('heading', { name: PICTURE_POST })).toBeVisible()
  await steadyPhone.close()

  // The seller, on their phone, finds the steady member's two payments in their books.
  const seller = await context.newPage()
  await signInTyping(seller, DEMO_SELLER.email, DEMO_SELLER.password)
  await seller.goto('/account/transactions')
  await rendered(seller)
  const sales = seller
    .getByRole('region', { name: 'Movements' })
    .getByRole('listitem')
    .filter({ hasText: 'Sale ·' })
    .filter({ hasText: TITLE })
  // Six joins, the renewals of the two whose cards pay by themselves, and the one PayPal took (its
  // webhook renewed it; the cancelled one's is not due, the paused one's is not charged).
  // PayPal bills on its own minute (the sandbox's job): the books are read again until its sale is in.
  await expect
    .poll(
      async () => {
        await seller.reload()
        await rendered(seller)
        return sales.count()
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(9)
  await seller.screenshot({ path: test.info().outputPath('seller-books.png'), fullPage: true })

  // The member follows the mailed link, signs in again (a month has passed), and pays with the bank's OK.
  await context.close()
  const memberPhone = await browser.newContext({ ...PHONE, baseURL: soko.url, serviceWorkers: 'block' })
  await memberPhone.addCookies([{ name: 'auth_token', value: members.confirm.token, url: soko.url }])
  const member = await memberPhone.newPage()
  await member.goto(new URL(link ?? '').pathname)
  // Its session ended with the month: the link asks for a sign-in, then goes where it led.
  await expect(member).toHaveURL(/\/login\?redirect=/, { timeout: 15_000 })
  await rendered(member)
  await member.getByLabel('E-mail').click()
  await member.keyboard.type(confirm)
  await member.getByLabel('Password').click()
  await member.keyboard.type(members.confirm.password)
  await member.getByRole('button', { name: 'Sign in' }).click()
  await expect(member).toHaveURL(/\/account\/memberships/)
  const card = member.getByRole('article', { name: TITLE })
  await expect(card).toContainText('Payment due')
  await expect(card).toContainText('Your last payment did not go through')
  await member.screenshot({ path: test.info().outputPath('payment-due.png'), fullPage: true })
  await card.getByRole('button', { name: 'Pay KES 500.00 now' }).click()
  await typeInto(member.getByLabel('Card number'), '4000 0027 6000 3184')
  await typeInto(member.getByLabel(/MM\/YY/), '12/40')
  await typeInto(member.getByLabel('CVC'), '123')
  await member.getByRole('button', { name: /^Pay/ }).click()
  await member.getByRole('button', { name: 'Complete authentication' }).click()
  await expect(member.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 20_000 })
  await member.goto('/account/memberships')
  await expect(member.getByRole('article', { name: TITLE })).toContainText('Active')
  await memberPhone.close()

  // The member who cancelled: the period is over, and so is the membership.
  const leaving = await browser.newContext({ ...PHONE, baseURL: soko.url, serviceWorkers: 'block' })
  const page = await leaving.newPage()
  await signInTyping(page, members.leaving.email, members.leaving.password)
  await page.goto('/account/memberships')
  const ended = page.getByRole('article', { name: TITLE })
  await expect(ended).toContainText('Ended', { timeout: 15_000 })
  await expect(ended.getByRole('link', { name: 'Read members’ posts' })).toHaveCount(0)
  await leaving.close()

  // The member who paused: paused until two months on, its posts closed meanwhile.
  const pauser = await browser.newContext({ ...PHONE, baseURL: soko.url, serviceWorkers: 'block' })
  const paused = await pauser.newPage()
  await signInTyping(paused, members.pauser.email, members.pauser.password)
  await paused.goto('/account/memberships')
  const pausedCard = paused.getByRole('article', { name: TITLE })
  await expect(pausedCard).toContainText('Paused until', { timeout: 15_000 })
  await expect(pausedCard.getByRole('link', { name: 'Read members’ posts' })).toHaveCount(0)
  await paused.screenshot({ path: test.info().outputPath('membership-paused-month-on.png'), fullPage: true })
  await pauser.close()
})
