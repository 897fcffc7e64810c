import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { rpc } from './seller'

const SELLER = { email: 'wanjiru@soko.test', password: 'soko-demo-2026' }
const run = randomBytes(3).toString('hex')
const REL = 'noopener noreferrer nofollow'

let token = ''

// One sign-in for the file, its token given to each page as the app's own cookie: the server allows ten
// sign-ins an account in 15 minutes, and the whole suite shares the demo seller.
test.beforeAll(async ({ request }) => {
  token = (await rpc<{ token: string }>(request, 'signIn', SELLER)).token
})
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'auth_token', value: token, url: baseURL ?? '' }])
})

/** The description the server holds for the seller's product with this title. */
async function savedDescription(request: APIRequestContext, title: string): Promise<string> {
  const { products } = await rpc<{ products: { title: string; description: string }[] }>(
    request,
    'listMyProducts',
    {},
    token,
  )
  const product = products.find((p) => p.title === title)
  expect(product, `“${title}” is among the seller’s products`).toBeDefined()
  return product?.description ?? ''
}

/**
 * The same description written one way: a link's attributes in one order, a list item's text without the
 * paragraph the editor wraps it in. Two descriptions that read the same compare equal.
 */
function meaning(html: string): string {
  return html
    .replace(
      /<a ([^>]*)>/g,
      (_, attributes: string) =>
        `<a ${attributes
          .split(/\s+(?=\w+=)/)
          .sort()
          .join(' ')}>`,
    )
    .replace(/<li><p>/g, '<li>')
    .replace(/<\/p><\/li>/g, '</li>')
    .replace(/<br\s*\/?>/g, '<br>')
}

/** Saves the draft and waits for the server's answer. */
async function saveDraft(page: Page) {
  const answered = page.waitForResponse(
    (res) =>
      res.request().method() === 'POST' && /"(create|update)Product"/.test(res.request().postData() ?? ''),
  )
  // "Save draft" for a new product, "Save changes" once it has been saved.
  await page.getByRole('button', { name: /^Save (draft|changes)$/ }).click()
  expect((await answered).status()).toBe(200)
  await expect(page.getByText('Draft saved.')).toBeVisible()
}

/** Selects the last `count` characters before the caret, as a keyboard user does. */
async function selectBack(page: Page, count: number) {
  for (let i = 0; i < count; i++) await page.keyboard.press('Shift+ArrowLeft')
}

for (const [device, options] of [
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ['desktop', { viewport: { width: 1280, height: 800 } }],
] as const) {
  test.describe(`the description editor on a ${device}`, () => {
    // No service worker, so page.route() sees the app's calls.
    test.use({ ...options, serviceWorkers: 'block' })

    test('keeps typed words in order and saves the toolbar’s and Ctrl+B’s formatting', async ({
      page,
      request,
    }) => {
      test.setTimeout(60_000)
      const title = `Kanga prints ${device} ${run}`
      await page.goto('/account/create/product')
      await page.getByLabel('Title').fill(title)
      await page.getByLabel('Price', { exact: true }).fill('750')
      const box = page.getByLabel('Description')
      await box.click()
      await page.keyboard.type('Hello world')
      // The seller's list of products answers only when let go, as on a slow link. The first save gives
      // the page the product's id; the form must stay while that list is fetched, not give way to
      // "Loading the product…" and come back with a new editor that has lost its selection.
      let letGo = () => {}
      const held = new Promise<void>((resolve) => {
        letGo = resolve
      })
      await page.route(
        (url) => url.pathname === '/',
        async (route) => {
          const body = route.request().postData() ?? ''
          if (route.request().method() === 'POST' && body.includes('"listMyProducts"')) await held
          await route.fallback()
        },
      )
      const editorBefore = await box.elementHandle()
      await saveDraft(page)
      await expect(page).toHaveURL(/[?&]id=/)
      await expect(page.getByText('Loading the product…')).toHaveCount(0)
      expect(await editorBefore?.evaluate((element) => element.isConnected), 'the same editor').toBe(true)
      letGo()
      await page.unrouteAll()
      // The bug this guards against: each keystroke sent the caret to the start ("dlrow olleH").
      expect(await savedDescription(request, title)).toBe('<p>Hello world</p>')

      // Bold from the toolbar, on a selection made with the keyboard.
      await box.press('End')
      await selectBack(page, 'world'.length)
      const bold = page.getByRole('button', { name: 'Bold' })
      await expect(bold).toHaveAttribute('aria-pressed', 'false')
      await bold.click()
      await expect(bold).toHaveAttribute('aria-pressed', 'true')
      await expect(box.locator('strong')).toHaveText('world')

      // Bold with Ctrl+B, on and off while typing. A new paragraph goes on in bold, as in other editors.
      await page.keyboard.press('End')
      await page.keyboard.press('Enter')
      await expect(bold).toHaveAttribute('aria-pressed', 'true')
      await page.keyboard.press('ControlOrMeta+b')
      await expect(bold).toHaveAttribute('aria-pressed', 'false')
      await page.keyboard.type('Ships ')
      await page.keyboard.press('ControlOrMeta+b')
      await page.keyboard.type('fast')
      await expect(bold).toHaveAttribute('aria-pressed', 'true')
      await page.keyboard.press('ControlOrMeta+b')
      await expect(bold).toHaveAttribute('aria-pressed', 'false')
      await page.keyboard.type(' from Nairobi')

      // A bulleted list, left with Enter on an empty item.
      await page.keyboard.press('Enter')
      const bullets = page.getByRole('button', { name: 'Bulleted list' })
      await bullets.click()
      await expect(bullets).toHaveAttribute('aria-pressed', 'true')
      await page.keyboard.type('Cotton')
      await page.keyboard.press('Enter')
      await page.keyboard.type('Hand printed')
      await page.keyboard.press('Enter')
      await page.keyboard.press('Enter')
      await expect(bullets).toHaveAttribute('aria-pressed', 'false')

      // A link on a selected word, its address typed into the editor's own field.
      await page.keyboard.type('See the shop')
      await selectBack(page, 'shop'.length)
      await page.getByRole('button', { name: 'Link' }).click()
      const address = page.getByLabel('Link address')
      await expect(address).toBeFocused()
      await address.pressSequentially('https://example.com/shop')
      await address.press('Enter')
      await expect(box.getByRole('link', { name: 'shop' })).toHaveAttribute(
        'href',
        'https://example.com/shop',
      )
      await expect(box).toBeFocused()

      const expected =
        '<p>Hello <strong>world</strong></p><p>Ships <strong>fast</strong> from Nairobi</p>' +
        '<ul><li><p>Cotton</p></li><li><p>Hand printed</p></li></ul>' +
        `<p>See the <a href="https://example.com/shop" target="_blank" rel="${REL}">shop</a></p>`
      await saveDraft(page)
      const saved = await savedDescription(request, title)
      expect(meaning(saved)).toBe(meaning(expected))

      // Opened again, the editor shows it as saved, and saving it again changes nothing.
      await page.reload()
      await expect(box.locator('strong')).toHaveText(['world', 'fast'])
      await expect(box.locator('li')).toHaveText(['Cotton', 'Hand printed'])
      await expect(box.getByRole('link', { name: 'shop' })).toHaveAttribute(
        'href',
        'https://example.com/shop',
      )
      await page.getByLabel('Title').fill(`${title} again`)
      await saveDraft(page)
      expect(meaning(await savedDescription(request, `${title} again`))).toBe(meaning(expected))
    })
  })
}

test('a description made elsewhere loads into the editor and saves back with the same meaning', async ({
  page,
  request,
}) => {
  const title = `Beadwork guide ${run}`
  const original =
    '<h2>About</h2><p>Line one<br />line <em>two</em> and <u>three</u></p><h3>Details</h3>' +
    '<blockquote><p>Made by hand</p></blockquote><ol><li>Thread</li><li>Beads</li></ol>' +
    `<p>Ask: <a href="mailto:wanjiru@soko.test" target="_blank" rel="${REL}">write</a></p>`
  const { product } = await rpc<{ product: { id: string; description: string } }>(
    request,
    'createProduct',
    { kind: 'digital', title, description: original, price: { amount: 500, currency: 'KES' } },
    token,
  )
  expect(product.description).toBe(original)

  await page.goto(`/account/create/product?id=${product.id}`)
  const box = page.getByLabel('Description')
  await expect(box.getByRole('heading', { level: 2 })).toHaveText('About')
  await expect(box.getByRole('heading', { level: 3 })).toHaveText('Details')
  await expect(box.locator('blockquote')).toHaveText('Made by hand')
  await expect(box.locator('ol > li')).toHaveText(['Thread', 'Beads'])
  // The caret in a heading shows it on the toolbar.
  await box.getByRole('heading', { level: 2 }).click()
  await expect(page.getByRole('button', { name: 'Heading' })).toHaveAttribute('aria-pressed', 'true')

  // An edit at the end; everything before it is kept.
  await box.locator('p').last().click()
  await page.keyboard.press('ControlOrMeta+End')
  await page.keyboard.type(' today')
  await saveDraft(page)
  expect(meaning(await savedDescription(request, title))).toBe(
    meaning(original.replace('write</a></p>', 'write</a> today</p>')),
  )
})

test('the toolbar is one stop for Tab, its buttons reached with the arrow keys', async ({ page }) => {
  await page.goto('/account/create/service')
  const box = page.getByLabel('Description')
  await box.click()
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByRole('button', { name: 'Bold' })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('button', { name: 'Italic' })).toBeFocused()
  await page.keyboard.press('End')
  await expect(page.getByRole('button', { name: 'Link' })).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByLabel('Title')).toBeFocused()
  // Italic from the keyboard, then typing goes on in the editor.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Link' })).toBeFocused()
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Enter')
  await expect(box).toBeFocused()
  await page.keyboard.type('Slow')
  await expect(box.locator('em')).toHaveText('Slow')
})

test.describe('when the editor’s code cannot be fetched', () => {
  // Requests a service worker makes do not pass through page.route.
  test.use({ serviceWorkers: 'block' })

  test('the page says so, keeps what was typed, and loads it on Try again', async ({ page }) => {
    const asked: string[] = []
    await page.route(/\/assets\/RichTextEditor-[^/?]*\.js(\?.*)?$/, (route) => {
      asked.push(new URL(route.request().url()).search)
      return asked.length === 1 ? route.abort('internetdisconnected') : route.continue()
    })
    let loads = 0
    page.on('load', () => loads++)
    await page.goto('/account/create/merch')
    await expect(page.getByRole('alert')).toContainText('The editor could not load')
    // The rest of the form works meanwhile, and nothing reloads the page under the seller's typing.
    await page.getByLabel('Title').fill(`Tote ${run}`)
    await page.getByRole('button', { name: 'Try again' }).click()
    const box = page.getByLabel('Description')
    await box.click()
    await page.keyboard.type('Hello world')
    await expect(box).toHaveText('Hello world')
    await expect(page.getByLabel('Title')).toHaveValue(`Tote ${run}`)
    expect(loads).toBe(1)
    // The browser remembers a failed module, so the second try asks under another address.
    expect(asked).toEqual(['', '?retry=1'])
  })
})

test.describe('a new product on a phone abroad', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    // No service worker, so page.route() sees the location lookup.
    serviceWorkers: 'block',
  })

  test('is priced in the currency of the seller’s country, not the visitor’s', async ({ page, geo }) => {
    // The Kenyan demo seller is in the United States this week.
    await page.route(
      (url) => url.href.startsWith(geo.url),
      (route) =>
        route.fulfill({
          json: { ip: '203.0.113.9', city: 'Boston', country_code: 'US', currency: 'USD' },
          headers: { 'access-control-allow-origin': '*' },
        }),
    )
    await page.goto('/account/create/product')
    const currency = page.getByLabel('Currency buyers pay in')
    await expect(currency).toBeVisible()
    // Once the location and the seller's profile have both answered, the price is in shillings.
    await page.waitForLoadState('networkidle')
    await expect(currency).toHaveValue('KES')
    await page.reload()
    await page.waitForLoadState('networkidle')
    await expect(currency).toHaveValue('KES')
    // Chosen by hand, another currency stays.
    await currency.selectOption('USD')
    await page.getByLabel('Title').click()
    await page.keyboard.type('Boston sketches')
    await expect(currency).toHaveValue('USD')
  })
})
