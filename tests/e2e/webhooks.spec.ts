import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { NODE_VERIFY } from '../../contract/webhook-verify'
import { DEMO_SELLER } from './demo'
import { expect, test } from './fixtures'
import { rendered } from './rendered'
import { rpc, sellDigitalProduct } from './seller'
import { signInTyping } from './session'
import { typeInto } from './typing'

/**
 * A seller adds a webhook endpoint on a phone (a receiver on this machine, which the test servers allow),
 * a buyer pays by M-Pesa, and the receiver, checking each delivery with the reference's own Node code,
 * answers 500 twice and nothing once: the signed order.paid arrives on the fourth try with the same id.
 * The delivery log shows the four attempts, and Resend sends it again.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' }
const run = randomBytes(3).toString('hex')
test.use(PHONE)

interface Delivery {
  n: number
  eventId: string
  verified: boolean
  body: { id: string; type: string; data: { version: number; object: { id: string; status: string } } }
}

/** The receiver, verifying with the documented function exactly as the reference prints it. */
async function receiver(secret: () => string) {
  const file = path.join(tmpdir(), `soko-verify-${run}.mjs`)
  writeFileSync(file, `${NODE_VERIFY}\nexport { verifySoko }\n`)
  const { verifySoko } = (await import(pathToFileURL(file).href)) as {
    verifySoko: (body: string, header: string, secret: string) => boolean
  }
  const got: Delivery[] = []
  const held: ServerResponse[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8')
    })
    req.on('end', () => {
      const n = got.length + 1
      const verified = verifySoko(body, String(req.headers['soko-signature'] ?? ''), secret())
      got.push({ n, eventId: String(req.headers['soko-event-id']), verified, body: JSON.parse(body) })
      if (n <= 2) res.writeHead(500).end('not yet')
      // The third is never answered in time: Soko gives up on it and tries again.
      else if (n === 3) held.push(res)
      else res.writeHead(verified ? 200 : 400).end(verified ? 'ok' : 'bad signature')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    got,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/soko-${run}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

test('a webhook is signed, retried through 500s and a timeout, logged attempt by attempt, and resent', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000)
  let secret = ''
  const hook = await receiver(() => secret)
  try {
    await signInTyping(page, DEMO_SELLER.email, DEMO_SELLER.password)
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Developers' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Developers')

    // The endpoint: its address typed, a note, the event it wants.
    const form = page.getByRole('region', { name: 'Add an endpoint' })
    await typeInto(form.getByLabel('Address'), hook.url)
    await typeInto(form.getByLabel('Note (optional)'), `Shop sheet ${run}`)
    await form.getByRole('checkbox', { name: /Order paid/ }).check()
    await form.getByRole('button', { name: 'Add the endpoint' }).click()
    await expect(page.getByRole('heading', { name: `The signing secret of ${hook.url}` })).toBeFocused()
    secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue()
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/)
    await page.getByRole('button', { name: 'I have kept it' }).click()
    const card = page.locator('.webhook-endpoint', { hasText: hook.url })
    await expect(card).toContainText('Order paid')
    await expect(card.locator('.badge')).toHaveText('On')

    // A buyer pays for one of the seller's products by M-Pesa, on the sandbox phone.
    const token = (await rpc<{ token: string }>(request, 'signIn', DEMO_SELLER)).token
    const product = await sellDigitalProduct(
      request,
      token,
      {
        title: `Hook notes ${run}`,
        description: 'Webhook test.',
        price: { amount: 320_00, currency: 'KES' },
      },
      [{ name: `hook-${run}.zip`, bytes: Buffer.from([0x50, 0x4b, 0x03, 0x04, ...randomBytes(64)]) }],
    )
    const buyer = await context.browser()?.newContext({ ...PHONE, baseURL: new URL(page.url()).origin })
    if (!buyer) throw new Error('no browser')
    const shop = await buyer.newPage()
    await shop.goto(`/${product.slug}`)
    await rendered(shop)
    await shop.getByRole('button', { name: 'Buy now' }).click()
    await typeInto(shop.getByLabel('E-mail'), `hook-buyer-${run}@example.com`)
    await shop.getByRole('radio', { name: 'M-Pesa', exact: true }).check()
    await typeInto(shop.getByLabel('M-Pesa phone number'), '0712345678')
    await shop.getByRole('button', { name: /^Pay KES 320\.00/ }).click()
    await expect(shop.getByText('Check your phone')).toBeVisible()
    const handset = await buyer.newPage()
    await handset.goto('/sandbox/mpesa/phone?number=0712345678')
    const prompt = handset.locator('.prompt', { hasText: '320' }).first()
    await typeInto(prompt.getByLabel('M-PESA PIN'), '1234')
    await prompt.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(shop.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 20_000 })
    const orderId = new URL(shop.url()).searchParams.get('order')
    await buyer.close()

    // Four tries: 500, 500, no answer in time, then taken, each the same signed event.
    await expect.poll(() => hook.got.length, { timeout: 45_000 }).toBeGreaterThanOrEqual(4)
    const [first, , , fourth] = hook.got
    expect(new Set(hook.got.map((d) => d.eventId)).size).toBe(1)
    expect(hook.got.every((d) => d.verified)).toBe(true)
    expect(fourth?.body).toMatchObject({
      id: first?.eventId,
      type: 'order.paid',
      data: { object: { id: orderId, status: 'paid' } },
    })

    // The log, as the seller reads it: the delivery, then each attempt, newest first.
    await card.getByRole('button', { name: /Show deliveries/ }).click()
    const delivery = card.locator('.delivery').first()
    await expect(delivery).toContainText('Delivered')
    await delivery.locator('summary').click()
    const attempts = delivery.locator('.attempt')
    await expect(attempts).toHaveCount(4)
    await expect(attempts.nth(0)).toContainText('200')
    await expect(attempts.nth(1)).toContainText('No answer')
    await expect(attempts.nth(1)).toContainText('no answer in 3000 ms')
    await expect(attempts.nth(2)).toContainText('500')
    await expect(attempts.nth(3)).toContainText('500')
    await expect(delivery).toContainText(`Event ${first?.eventId}`)

    // Resend: the same event once more, now, and a fifth attempt in the log.
    await delivery.getByRole('button', { name: 'Resend' }).click()
    await expect(attempts).toHaveCount(5)
    await expect(attempts.nth(0)).toContainText('resent by you')
    expect(hook.got).toHaveLength(5)
    expect(hook.got[4]?.eventId).toBe(first?.eventId)
  } finally {
    await hook.close()
  }
})
