import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { DEMO_SELLER, demoProducts } from './demo'
import { expect, test } from './fixtures'
import { rpc } from './seller'

/**
 * The payment sandboxes' own pages (card, PayPal, the M-Pesa phone) on a 390×844 phone: a viewport tag,
 * nothing wider than the screen, text that reads without zooming, buttons and fields at least 44 px tall,
 * and no axe violation, contrast included (their colours are the sandbox's own). A screenshot of each is
 * attached to the report.
 */

const PHONE_NUMBER = '0712345670'

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' })

/** What a phone user would trip over on the page, in words: none when it fits. */
async function phoneProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const viewport = document.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? ''
    if (!viewport.includes('width=device-width')) problems.push(`meta viewport is "${viewport}"`)
    // A page wider than the screen makes a phone zoom out (innerWidth grows) or scroll sideways.
    if (window.innerWidth !== 390) problems.push(`the layout is ${window.innerWidth} px wide, not 390`)
    if (document.documentElement.scrollWidth > window.innerWidth)
      problems.push(`it scrolls sideways: ${document.documentElement.scrollWidth} px`)
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('name') || '').trim().slice(0, 30)}"`
    for (const el of document.querySelectorAll('button, input:not([type=hidden]), select')) {
      const box = el.getBoundingClientRect()
      if (box.height < 44) problems.push(`${name(el)} is ${box.height} px tall`)
      if (box.right > window.innerWidth) problems.push(`${name(el)} ends at ${box.right} px`)
      const size = Number.parseFloat(getComputedStyle(el).fontSize)
      if (el.tagName !== 'BUTTON' && size < 16) problems.push(`${name(el)} has ${size} px text`)
    }
    for (const el of document.querySelectorAll('main p, main li, main label, main dt, main dd, main a')) {
      const size = Number.parseFloat(getComputedStyle(el).fontSize)
      if (size < 14) problems.push(`${name(el)} has ${size} px text`)
    }
    return problems
  })
}

async function check(page: Page, label: string) {
  await test.info().attach(`${label}.png`, {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  })
  expect(await phoneProblems(page), label).toEqual([])
  const axe = await new AxeBuilder({ page }).analyze()
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `${label}: axe`,
  ).toEqual([])
}

test('the card, PayPal and M-Pesa sandbox pages fit a 390 px phone', async ({ page, request }) => {
  const token = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
  const product = (await demoProducts(request, token)).find((p) => p.kind === 'digital')
  if (!product) throw new Error('the demo data has no digital product')
  const start = (method: string, extra: object = {}) =>
    rpc<{ next: { kind: string; url?: string } }>(request, 'startCheckout', {
      productId: product.id,
      method,
      email: 'phone.tester@example.com',
      ...extra,
    })

  const card = await start('card')
  await page.goto(card.next.url ?? '')
  await check(page, 'card page')
  // Refused, the page says why above the same form.
  await page.getByLabel('Card number').fill('4000 0000 0000 0002')
  await page.getByRole('button', { name: /^Pay/ }).click()
  await expect(page.getByRole('alert')).toHaveText(/declined/)
  await check(page, 'card page, declined')

  const paypal = await start('paypal')
  await page.goto(paypal.next.url ?? '')
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible()
  await check(page, 'PayPal approval page')

  await start('mpesa', { phone: PHONE_NUMBER })
  await page.goto(`/sandbox/mpesa/phone?number=${PHONE_NUMBER}`)
  await expect(page.locator('.prompt')).toHaveCount(1)
  await check(page, 'M-Pesa phone with a prompt')
})
