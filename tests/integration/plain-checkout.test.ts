import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHECKOUT_FIELD } from '../../contract/errors/checkout'
import type { Message } from '../../contract/i18n'
import { MPESA_PHONE } from '../../contract/phone'
import { translate } from '../../server/lib/i18n'
import { type RunningApp, startApp } from '../support/app'
import { defaultCheckoutLimits } from '../support/config'
import { databaseKinds } from '../support/db'
import { cookieSet, htmlOf, plainBrowser } from '../support/plain-forms'
import { submitSandboxCard } from '../support/sandbox-card'
import { eventOnSale, personOf, productOnSale, sellerOf } from '../support/shop'

/**
 * Buying without script: the plain checkout's form posts start the checkout exactly as the RPC does — one
 * table of refusals run through both entrances gives the same status and the same words — and a post
 * from another site is refused before anything is read. Then a whole purchase as a browser without script
 * makes it: the form, the order's page that refreshes itself, the receipt, the file.
 */

const PHONE = '0712345678'
const BUYER_PHONE = '0722000111'

describe.each(databaseKinds)('buying without script on %s', (kind) => {
  let app: RunningApp
  let slug = ''
  let eventSlug = ''
  let productId = ''
  let eventId = ''
  let shirtId = ''
  let shirtSlug = ''

  beforeAll(async () => {
    app = await startApp(kind, { trustProxy: true, checkoutLimits: defaultCheckoutLimits() })
    const seller = await sellerOf(app, 'plain-seller')
    productId = await productOnSale(
      app,
      seller.id,
      {
        kind: 'digital',
        title: 'Plain beats',
        description: '',
        price: { amount: 350_00, currency: 'KES' },
        details: { payWhatYouWant: null, downloadLimit: null, free: false },
      },
      [{ name: 'beats.zip', body: Buffer.alloc(5_000, 'b') }],
    )
    eventId = await eventOnSale(app, seller.id, 'Plain meetup', { amount: 500_00, currency: 'KES' })
    const slugOf = async (id: string) =>
      (
        (await app.database.db.query.products.findFirst({ where: (p, { eq }) => eq(p.id, id) })) as {
          slug: string
        }
      ).slug
    slug = await slugOf(productId)
    eventSlug = await slugOf(eventId)
    // The last shirt, held by someone's checkout not yet paid: sold out for everyone else.
    shirtId = await productOnSale(app, seller.id, {
      kind: 'merch',
      title: 'Last kanga shirt',
      description: '',
      price: { amount: 1_000_00, currency: 'KES' },
      details: {
        variants: [
          { options: { size: 'M' }, price: { amount: 1_000_00, currency: 'KES' }, stock: 1, sku: '' },
        ],
        shippingZones: [],
        pickup: { address: 'Kilimani studio, Nairobi' },
      },
    })
    shirtSlug = await slugOf(shirtId)
    const held = await app.call('startCheckout', {
      productId: shirtId,
      method: 'card',
      email: 'first@example.com',
      delivery: { kind: 'pickup' },
    })
    expect(held.status).toBe(200)
    // A buyer who holds as many tickets as one may hold unpaid.
    const hoard = await app.call('startCheckout', {
      productId: eventId,
      quantity: 10,
      method: 'card',
      email: 'hoarder@example.com',
    })
    expect(hoard.status).toBe(200)
  })
  afterAll(() => app.close())

  const { browser, get, post } = plainBrowser(() => app, 9)

  /** Each refusal as the contract input, and as the plain form sends it. */
  const refusals = (): {
    name: string
    rpc: Record<string, unknown>
    form: { path: string; fields: Record<string, string> }
    status: number
    said: Message | null
  }[] => [
    {
      name: 'a phone M-Pesa cannot reach',
      rpc: { productId, method: 'mpesa', phone: '12345', email: 'amina@example.com' },
      form: { path: `/buy/${slug}`, fields: { method: 'mpesa', phone: '12345', email: 'amina@example.com' } },
      status: 400,
      said: MPESA_PHONE,
    },
    {
      name: 'no method chosen',
      rpc: { productId, phone: PHONE, email: 'amina@example.com' },
      form: { path: `/buy/${slug}`, fields: { phone: PHONE, email: 'amina@example.com' } },
      status: 400,
      said: CHECKOUT_FIELD.chooseMethod,
    },
    {
      name: 'more tickets than one order may hold',
      rpc: { productId: eventId, quantity: 50, method: 'mpesa', phone: PHONE, email: 'amina@example.com' },
      form: {
        path: `/buy/${eventSlug}`,
        fields: { quantity: '50', method: 'mpesa', phone: PHONE, email: 'amina@example.com' },
      },
      status: 400,
      said: null,
    },
    {
      name: 'sold out (the last one held by another checkout)',
      rpc: {
        productId: shirtId,
        method: 'mpesa',
        phone: PHONE,
        email: 'late@example.com',
        delivery: { kind: 'pickup' },
      },
      form: {
        path: `/buy/${shirtSlug}`,
        fields: { method: 'mpesa', phone: PHONE, email: 'late@example.com', 'delivery.kind': 'pickup' },
      },
      status: 409,
      said: null,
    },
    {
      name: 'more held unpaid than one buyer may hold',
      rpc: { productId: eventId, quantity: 1, method: 'card', email: 'hoarder@example.com' },
      form: {
        path: `/buy/${eventSlug}`,
        fields: { quantity: '1', method: 'card', email: 'hoarder@example.com' },
      },
      status: 429,
      said: null,
    },
    {
      name: 'no receipt address',
      rpc: { productId, method: 'mpesa', phone: PHONE },
      form: { path: `/buy/${slug}`, fields: { method: 'mpesa', phone: PHONE } },
      status: 400,
      said: CHECKOUT_FIELD.giveReceiptEmail,
    },
  ]

  it('refuses through the form exactly what the RPC refuses, in the same words', async () => {
    for (const case_ of refusals()) {
      const rpc = await app.rpc({ subject: 'startCheckout', ...case_.rpc }, browser())
      const form = await post(case_.form.path, case_.form.fields)
      const html = await form.text()
      expect(form.status, case_.name).toBe(rpc.status)
      expect(rpc.status, case_.name).toBe(case_.status)
      // Every word the RPC said about a field is on the page, next to the form.
      const errors = Object.values((rpc.body.errors ?? {}) as Record<string, string>)
      expect(errors.length, case_.name).toBeGreaterThan(0)
      for (const said of errors) expect(html, case_.name).toContain(htmlOf(said))
      if (case_.said) expect(html, case_.name).toContain(htmlOf(translate('en', case_.said)))
    }
  })

  it('says the same refusals in Kiswahili when the page is in Kiswahili', async () => {
    const res = await post(`/buy/${slug}?lang=sw`, {
      method: 'mpesa',
      phone: '12345',
      email: 'amina@example.com',
    })
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(html).toContain('lang="sw"')
    expect(html).toContain(htmlOf(translate('sw', MPESA_PHONE)))
    expect(translate('sw', MPESA_PHONE)).not.toBe(translate('en', MPESA_PHONE))
  })

  it('sends its pages compressed as the browser accepts, with only the styles they use', async () => {
    const plain = await fetch(`${app.url}/buy/${slug}`, { headers: { 'accept-encoding': 'identity' } })
    const whole = (await plain.arrayBuffer()).byteLength
    for (const coding of ['br', 'gzip']) {
      const page = await fetch(`${app.url}/buy/${slug}`, { headers: { 'accept-encoding': coding } })
      expect(page.headers.get('content-encoding')).toBe(coding)
      expect(page.headers.get('vary')).toContain('Accept-Encoding')
      // fetch decodes it: what arrives is the page whole.
      expect((await page.text()).length).toBeGreaterThan(whole / 2)
    }
    expect(plain.headers.get('content-encoding')).toBeNull()
    // Its styles are the app's cut to its own rules (no script here ever needs the rest), and it names the
    // icon, so the browser does not ask for /favicon.ico.
    const html = await (await fetch(`${app.url}/buy/${slug}`)).text()
    expect(html).not.toContain('data-full')
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">')
  })

  it('refuses a post from another site, and a post without Origin unless it carries its token', async () => {
    const fields = { method: 'mpesa', phone: PHONE, email: 'cross@example.com' }
    const other = await post(`/buy/${slug}`, fields, { origin: 'https://evil.example' })
    expect(other.status).toBe(403)
    const bare = await fetch(`${app.url}/buy/${slug}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...browser() },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    })
    expect(bare.status).toBe(403)
    const orders = await app.database.db.query.orders.findMany({
      where: (o, { eq }) => eq(o.buyerEmail, 'cross@example.com'),
    })
    expect(orders).toHaveLength(0)
    // The page's own form, sent by a browser that names no Origin: its token and cookie let it through.
    const page = await fetch(`${app.url}/buy/${slug}`, { headers: browser() })
    const cookie = cookieSet(page, 'soko_form')
    const token = /name="_form" value="([^"]+)"/.exec(await page.text())?.[1] ?? ''
    expect(token).not.toBe('')
    const ok = await fetch(`${app.url}/buy/${slug}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...browser() },
      body: new URLSearchParams({ ...fields, _form: token }),
      redirect: 'manual',
    })
    // Let through: the order's waiting page.
    expect(ok.status).toBe(200)
    expect(await ok.text()).toContain('Check your phone')
  })

  it('buys by M-Pesa without script: the waiting page refreshes itself, then is the receipt with the file', async () => {
    const res = await post(`/buy/${slug}`, {
      method: 'mpesa',
      phone: BUYER_PHONE,
      email: 'plain@example.com',
    })
    // The answer is the waiting page itself (no redirect: one round trip less on 2G), refreshing itself
    // at the order's own address.
    expect(res.status).toBe(200)
    const answered = await res.text()
    expect(answered).toContain('Check your phone')
    const refresh = /http-equiv="refresh" content="\d+;url=([^"]+)"/.exec(answered)?.[1] ?? ''
    const orderPage = new URL(refresh.replace(/&amp;/g, '&'), app.url).href
    expect(orderPage).toMatch(/\/buy\/order\/[0-9a-f-]{36}\?key=/)
    const waiting = await (await fetch(orderPage)).text()
    expect(waiting).toContain('http-equiv="refresh"')
    expect(waiting).toContain('0722 000 111')
    // The sandbox phone answers the prompt.
    const phonePage = await (await fetch(`${app.url}/sandbox/mpesa/phone?number=${BUYER_PHONE}`)).text()
    const action = phonePage.match(/<form method="post" action="([^"]+)"/)?.[1] ?? ''
    await fetch(new URL(action.replace(/&amp;/g, '&'), `${app.url}/sandbox/mpesa/phone`), {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay', pin: '1234' }),
      redirect: 'manual',
    })
    await app.sandboxesIdle()
    const paid = await (await fetch(orderPage)).text()
    expect(paid).not.toContain('http-equiv="refresh"')
    expect(paid).toContain('Paid — thank you')
    const file = /href="(\/buy\/order\/[^"]+\/file\/[^"]+)"/.exec(paid)?.[1]?.replace(/&amp;/g, '&') ?? ''
    expect(file).not.toBe('')
    const link = await fetch(`${app.url}${file}`, { redirect: 'manual' })
    expect(link.status).toBe(303)
    const download = await fetch(new URL(link.headers.get('location') ?? '', app.url))
    expect(download.status).toBe(200)
    expect((await download.arrayBuffer()).byteLength).toBe(5_000)
  })

  it('answers the same pay form posted again with the order it made, never a second order', async () => {
    const form = await (await get(`/buy/${slug}?step=pay`)).text()
    const attempt = /name="_attempt" value="([\w-]+)"/.exec(form)?.[1] ?? ''
    expect(attempt).not.toBe('')
    // Each form has its own.
    expect(await (await get(`/buy/${slug}?step=pay`)).text()).not.toContain(attempt)
    const fields = { method: 'mpesa', phone: '0722000112', email: 'twice@example.com', _attempt: attempt }
    const first = await post(`/buy/${slug}`, fields)
    expect(first.status).toBe(200)
    const cookie = cookieSet(first, 'soko_attempt')
    expect(cookie).not.toBe('')
    const refresh = /content="\d+;url=([^"]+)"/.exec(await first.text())?.[1]?.replace(/&amp;/g, '&') ?? ''
    const count = async () =>
      (
        await app.database.db.query.orders.findMany({
          where: (o, { eq }) => eq(o.buyerEmail, 'twice@example.com'),
        })
      ).length
    expect(await count()).toBe(1)
    // A reload that posts the form again: the order it made, not a new checkout (nor a second prompt).
    const again = await post(`/buy/${slug}`, fields, { cookie })
    expect(again.status).toBe(303)
    expect(again.headers.get('location')).toBe(refresh)
    expect(await count()).toBe(1)
    // A cookie written by hand for another attempt, or with a forged key, opens nothing: a checkout as usual
    // (this one refused: one prompt a minute to a phone).
    const [, orderId] = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')
    for (const forged of [
      `soko_attempt=other-attempt-id.${orderId}.x`,
      `soko_attempt=${attempt}.${orderId}.forged`,
    ]) {
      const answer = await post(`/buy/${slug}`, fields, { cookie: forged })
      expect(answer.status, forged).not.toBe(303)
    }
  })

  it('names each ticket on a step of its own, and a card payment comes back to the plain receipt', async () => {
    const names = await fetch(`${app.url}/buy/${eventSlug}?step=details&quantity=2`)
    const namesPage = await names.text()
    expect(namesPage).toContain('name="holders.0"')
    expect(namesPage).toContain('name="holders.1"')
    const missing = await fetch(`${app.url}/buy/${eventSlug}?step=pay&quantity=2&holders.0=Amina+W`)
    expect(await missing.text()).toContain('field-error')
    const res = await post(`/buy/${eventSlug}`, {
      quantity: '2',
      'holders.0': 'Amina Wanjiku',
      'holders.1': 'Otieno Odhiambo',
      method: 'card',
      email: 'tickets@example.com',
    })
    expect(res.status).toBe(303)
    const cookie = cookieSet(res, 'soko_order')
    expect(cookie).toMatch(/^soko_order=/)
    const payPage = new URL(res.headers.get('location') ?? '', app.url).href
    const paid = await submitSandboxCard(payPage, '4242 4242 4242 4242')
    const back = new URL(paid.headers.get('location') ?? '', app.url)
    const plain = await fetch(back, { headers: { cookie }, redirect: 'manual' })
    expect(plain.status).toBe(303)
    await app.sandboxesIdle()
    const receipt = await (await fetch(new URL(plain.headers.get('location') ?? '', app.url))).text()
    expect(receipt).toContain('Amina Wanjiku')
    expect(receipt).toContain('Otieno Odhiambo')
    expect(receipt).toContain('data:image/svg+xml')
    expect(receipt).toContain('calendar.ics')
    // A cookie someone writes naming this order, without its key, opens nothing: the app's page answers.
    const orderId = back.searchParams.get('order') ?? ''
    for (const forged of [`soko_order=${orderId}`, `soko_order=${orderId}.not-its-key`]) {
      const answer = await fetch(back, { headers: { cookie: forged }, redirect: 'manual' })
      expect(answer.status, forged).not.toBe(303)
      expect(answer.headers.get('location'), forged).toBeNull()
    }
  })

  it('sells the last five to exactly five of ten buyers posting the form at once, across two instances', async () => {
    const seller = await sellerOf(app, 'crowd-seller')
    const id = await productOnSale(app, seller.id, {
      kind: 'merch',
      title: 'Five tote bags',
      description: '',
      price: { amount: 800_00, currency: 'KES' },
      details: {
        variants: [
          { options: { colour: 'Red' }, price: { amount: 800_00, currency: 'KES' }, stock: 5, sku: '' },
        ],
        shippingZones: [],
        pickup: { address: 'Kilimani studio, Nairobi' },
      },
    })
    const row = await app.database.db.query.products.findFirst({ where: (p, { eq }) => eq(p.id, id) })
    const other = kind === 'postgres' ? await startApp(kind, { trustProxy: true }, { sharing: app }) : null
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => {
          const url = (i % 2 === 1 && other ? other : app).url
          return fetch(`${url}/buy/${row?.slug}`, {
            method: 'POST',
            headers: { origin: url, 'content-type': 'application/x-www-form-urlencoded', ...browser() },
            body: new URLSearchParams({
              method: 'card',
              email: `crowd-${i}@example.com`,
              'delivery.kind': 'pickup',
            }),
            redirect: 'manual',
          })
        }),
      )
      const statuses = answers.map((answer) => answer.status).sort()
      expect(statuses.filter((status) => status === 303)).toHaveLength(5)
      expect(statuses.filter((status) => status === 409)).toHaveLength(5)
    } finally {
      await other?.close()
    }
  })

  it('signs in with a plain form: an HttpOnly cookie the pages and the RPC accept, from this site only', async () => {
    await personOf(app, 'cookie@example.com')
    const bad = await post('/login', { email: 'cookie@example.com', password: 'wrong-password-1' })
    expect(bad.status).toBe(401)
    const res = await post('/login', { email: 'cookie@example.com', password: 'baobab-shade-2026' })
    expect(res.status).toBe(303)
    expect(res.headers.getSetCookie().find((line) => line.startsWith('soko_session='))).toMatch(/HttpOnly/)
    const cookie = cookieSet(res, 'soko_session')
    // The app's own cookie of the same session, for a browser whose script arrives after the post.
    expect(cookieSet(res, 'auth_token')).toBe(`auth_token=${cookie.slice('soko_session='.length)}`)
    expect(res.headers.getSetCookie().find((line) => line.startsWith('auth_token='))).not.toMatch(/HttpOnly/)
    const me = await app.rpc({ subject: 'getMe' }, { cookie, origin: app.url })
    expect(me.status).toBe(200)
    // Another site's script cannot use the cookie.
    const cross = await app.rpc({ subject: 'getMe' }, { cookie, origin: 'https://evil.example' })
    expect(cross.status).toBe(600)
    // Signing out ends the session itself.
    const out = await post('/logout', {}, { cookie })
    expect(cookieSet(out, 'soko_session')).toBe('soko_session=')
    expect(cookieSet(out, 'auth_token')).toBe('auth_token=')
    expect((await app.rpc({ subject: 'getMe' }, { cookie, origin: app.url })).status).toBe(600)
  })
})
