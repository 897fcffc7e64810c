import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, test } from './fixtures'
import { rendered } from './rendered'
import { signIn } from './session'

const SELLER = { email: 'wanjiru@soko.test', password: 'soko-demo-2026' }
const run = randomBytes(3).toString('hex')
const MiB = 1024 * 1024

/** A photo a phone might take, made here so the test needs no fixture files. */
async function photo(colour: { r: number; g: number; b: number }) {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer()
}

/** Records every value the upload progress bars take, from inside the page. */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = []
    ;(window as unknown as { progressSeen: number[] }).progressSeen = seen
    const timer = setInterval(() => {
      for (const bar of document.querySelectorAll('progress'))
        if (bar.max > 0) seen.push(Math.round((bar.value / bar.max) * 100))
    }, 20)
    ;(window as unknown as { stopWatching: () => void }).stopWatching = () => clearInterval(timer)
  })
}

async function publish(page: Page, button = 'Publish') {
  await page.getByRole('button', { name: button, exact: true }).click()
  const published = page.getByText(/^Published: it is on sale at \//)
  await expect(published).toBeVisible({ timeout: 60_000 })
  return ((await published.textContent()) ?? '').replace(/^.* at \//, '').replace(/\.$/, '')
}

async function rpc(request: APIRequestContext, subject: string, input: object, token?: string) {
  const res = await request.post('/', {
    data: { subject, ...input },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  return {
    status: res.status(),
    body: (await res.json()) as { data: unknown; message: string },
  }
}

test.describe.configure({ mode: 'serial' })

const slugs: Record<string, string> = {}

test('a seller creates and publishes one product of each kind, uploading a 5 MB file with a moving progress bar', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  await signIn(page, SELLER.email, SELLER.password)

  // Digital: a 5 MB file and a cover, sent over a slowed upload link so the bar has time to move.
  await page.goto('/account/new-product')
  await page.getByRole('link', { name: /Digital product/ }).click()
  await expect(page.getByRole('heading', { name: 'New digital product' })).toBeVisible()
  await page.getByLabel('Title').fill(`Field recordings ${run}`)
  await page.getByRole('textbox', { name: 'Description' }).fill(`Rain on tin roofs in Kisumu, batch ${run}.`)
  await page.getByLabel('Price', { exact: true }).fill('750')
  // Errors first: an empty title is refused on its own field.
  await page.getByLabel('Title').fill('')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByText('Give it a title')).toBeVisible()
  await page.getByLabel('Title').fill(`Field recordings ${run}`)

  const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(5 * MiB - 9)])
  await page
    .getByLabel('Add files')
    .setInputFiles({ name: 'field-recordings.pdf', mimeType: 'application/pdf', buffer: file })
  await page.getByLabel('Add photos').setInputFiles({
    name: 'cover.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo({ r: 30, g: 110, b: 90 }),
  })
  await expect(page.getByText('Uploads start when you save the draft.')).toHaveCount(2)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: 8 * MiB,
    uploadThroughput: 2 * MiB,
  })
  await watchProgress(page)
  slugs.digital = await publish(page)
  await page.evaluate(() => (window as unknown as { stopWatching: () => void }).stopWatching())
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  await cdp.detach()
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen)
  const between = [...new Set(seen.filter((p) => p > 0 && p < 100))]
  expect(between.length, `progress values seen: ${[...new Set(seen)].join(', ')}`).toBeGreaterThanOrEqual(3)
  await expect(page.getByText('field-recordings.pdf')).toBeVisible()
  await expect(page.getByText('(5.0 MB)')).toBeVisible()

  // Service.
  await page.goto('/account/new-product')
  await page.getByRole('link', { name: /Service/ }).click()
  await page.getByLabel('Title').fill(`Mix review ${run}`)
  await page.getByLabel('Price', { exact: true }).fill('2500')
  await page.getByLabel('Length of a session (minutes)').fill('45')
  await page.getByLabel('Meeting link').fill('https://meet.example.com/mix-review')
  slugs.service = await publish(page)

  // Merch: one variant with stock, and a photo.
  await page.goto('/account/new-product')
  await page.getByRole('link', { name: /Merch/ }).click()
  await page.getByLabel('Title').fill(`Kikoi tote ${run}`)
  await page.getByLabel('Price', { exact: true }).fill('1800')
  await page.getByLabel('Size').fill('One size')
  await page.getByLabel('Colour').fill('Indigo')
  await page.getByLabel('In stock').fill('-2')
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(page.getByText('Stock cannot be negative')).toBeVisible()
  await page.getByLabel('In stock').fill('12')
  await page.getByLabel('Add photos').setInputFiles({
    name: 'tote.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo({ r: 40, g: 60, b: 160 }),
  })
  // With no way to reach the buyer, it stays a draft and says what is missing.
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(page.getByText('Add a shipping zone or a pickup address, so buyers can get it')).toBeVisible()
  await page.getByLabel('Buyers can pick up').check()
  await page.getByLabel('Pickup address').pressSequentially('Kilimani studio, Nairobi')
  // Saved as a draft by the first try, it now offers to save and publish.
  slugs.merch = await publish(page, 'Save and publish')

  // Event: created from /account/create/product with kind event.
  await page.goto('/account/new-product')
  await page.getByRole('link', { name: /Event/ }).click()
  await expect(page.getByRole('heading', { name: 'New event' })).toBeVisible()
  await page.getByLabel('Title').fill(`Listening night ${run}`)
  await page.getByLabel('At a place').check()
  await page.getByLabel('Address', { exact: true }).fill('Kenya National Theatre, Nairobi')
  const start = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10)
  await page.getByLabel('Starts').fill(`${start}T19:00`)
  await page.getByLabel('Price (0 for free)').fill('500')
  await page.getByLabel('How many').fill('80')
  slugs.event = await publish(page)

  // All four are on the seller's list, on sale.
  await page.goto('/account/products/services')
  for (const title of [
    `Field recordings ${run}`,
    `Mix review ${run}`,
    `Kikoi tote ${run}`,
    `Listening night ${run}`,
  ])
    await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible()
})

test('a signed-out visitor finds the product through /explore search and opens its page', async ({
  page,
}) => {
  // On sale, as the first test left it: its page answers (said here, not as an empty search, if not).
  const own = await page.request.get(`/${slugs.digital}/_payload.json`)
  expect(own.status(), `/${slugs.digital} is on sale`).toBe(200)
  await page.goto('/explore')
  await rendered(page)
  await page.getByLabel('Search').fill(`recordings ${run}`)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/q=recordings/)
  await expect(page.getByRole('status').filter({ hasText: '1 result' })).toBeVisible()
  await page.getByRole('link', { name: `Field recordings ${run}` }).click()
  await expect(page).toHaveURL(new RegExp(`/${slugs.digital}$`))
  await expect(page.getByRole('heading', { level: 1, name: `Field recordings ${run}` })).toBeVisible()
  await expect(page.getByText('KES 750.00').first()).toBeVisible()
  await expect(page.getByText('field-recordings.pdf')).toBeVisible()
  // The cover is served at the width its slot needs, as WebP.
  const cover = page.locator('.gallery img')
  await expect(cover).toHaveAttribute('srcset', /-320\.webp 320w/)
  await expect(page.getByRole('link', { name: 'Wanjiru Studio' }).first()).toBeVisible()

  // Each kind's page opens; the service's booking page too.
  for (const [slug, title, detail] of [
    [slugs.service, `Mix review ${run}`, '45 minutes'],
    [slugs.merch, `Kikoi tote ${run}`, 'One size · Indigo'],
    [slugs.event, `Listening night ${run}`, 'Kenya National Theatre, Nairobi'],
  ] as const) {
    const response = await page.goto(`/${slug}`)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByText(detail).first()).toBeVisible()
  }
  await page.goto(`/${slugs.service}`)
  await page.getByRole('link', { name: 'Book a time' }).click()
  await expect(page.getByRole('heading', { name: `Book “Mix review ${run}”` })).toBeVisible()
})

test('the server HTML carries og tags, the payload answers 304 to its ETag, and a missing slug is a 404', async ({
  page,
  request,
}) => {
  const html = await (await request.get(`/${slugs.digital}`)).text()
  expect(html).toContain(
    `<meta property="og:title" content="Field recordings ${run} · Wanjiru Studio on Soko" />`,
  )
  expect(html).toMatch(
    /<meta property="og:image" content="http[^"]+\/files\/public\/products\/[^"]+\.webp" \/>/,
  )
  // Rendered on the server: the page and its cover show before any JavaScript runs.
  expect(html).toContain(`<h1 id="product-heading">Field recordings ${run}</h1>`)
  expect(html).toMatch(/<img[^>]+srcSet="[^"]+-320\.webp 320w/)

  const payload = await request.get(`/${slugs.digital}/_payload.json`)
  expect(payload.status()).toBe(200)
  const etag = payload.headers().etag as string
  const again = await request.get(`/${slugs.digital}/_payload.json`, { headers: { 'if-none-match': etag } })
  expect(again.status()).toBe(304)

  const missing = await page.goto(`/no-such-thing-${run}`)
  expect(missing?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
})

test('a seller cannot edit another seller’s product', async ({ page, request }) => {
  const email = `other.${run}@example.com`
  const password = 'a-long-walk-to-lamu'
  const signedUp = await rpc(request, 'signUp', { email, password, name: 'Otieno Other' })
  const token = (signedUp.body.data as { token: string }).token
  expect(
    (
      await rpc(
        request,
        'becomeSeller',
        {
          handle: `otieno-${run}`,
          displayName: 'Otieno Prints',
          country: 'KE',
          payoutMethod: { kind: 'mpesa', phone: '0712345678' },
        },
        token,
      )
    ).status,
  ).toBe(200)

  const owner = await rpc(request, 'signIn', { email: SELLER.email, password: SELLER.password })
  const ownerToken = (owner.body.data as { token: string }).token
  const mine = await rpc(request, 'listMyProducts', {}, ownerToken)
  const target = (mine.body.data as { products: { id: string; slug: string }[] }).products.find(
    (p) => p.slug === slugs.digital,
  )
  expect(target).toBeDefined()

  for (const [subject, input] of [
    ['updateProduct', { id: target?.id, title: 'Taken over' }],
    ['unpublishProduct', { id: target?.id }],
    ['archiveProduct', { id: target?.id }],
  ] as const) {
    const answer = await rpc(request, subject, input, token)
    expect(answer.status, subject).toBe(404)
  }
  // Nor through the pages: the editor says it is not theirs.
  await signIn(page, email, password)
  await page.goto(`/account/create/product?id=${target?.id}`)
  await expect(page.getByText('This product is not among yours.')).toBeVisible()
  // The product is unchanged.
  const still = await request.get(`/${slugs.digital}/_payload.json`)
  expect(((await still.json()) as { product: { title: string } }).product.title).toBe(
    `Field recordings ${run}`,
  )
})
