import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { cookieSet, plainBrowser } from '../support/plain-forms'
import { submitSandboxCard } from '../support/sandbox-card'
import { personOf, productOnSale, sellerOf } from '../support/shop'

/**
 * The plain checkout's steps where one form is not enough — a service's time, merch's delivery — and the
 * library of a buyer signed in by a plain form, each as a browser without script goes through them.
 */

const everyMorning = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '09:00', to: '12:00' }))

describe.each(databaseKinds)('the plain checkout’s steps on %s', (kind) => {
  let app: RunningApp
  const slugs = { service: '', merch: '', digital: '' }

  beforeAll(async () => {
    app = await startApp(kind, { trustProxy: true })
    const seller = await sellerOf(app, 'steps-seller')
    const slugOf = async (id: string) =>
      (
        (await app.database.db.query.products.findFirst({ where: (p, { eq }) => eq(p.id, id) })) as {
          slug: string
        }
      ).slug
    slugs.service = await slugOf(
      await productOnSale(app, seller.id, {
        kind: 'service',
        title: 'Portrait session',
        description: '',
        price: { amount: 2_000_00, currency: 'KES' },
        details: {
          durationMinutes: 60,
          where: { kind: 'place', address: 'Kilimani studio, Nairobi' },
          timeZone: 'Africa/Nairobi',
          availability: everyMorning,
          exceptions: [],
          bufferMinutes: 0,
          bookAheadDays: 60,
          minNoticeMinutes: 60,
          dailyLimit: 0,
        },
      }),
    )
    slugs.merch = await slugOf(
      await productOnSale(app, seller.id, {
        kind: 'merch',
        title: 'Kanga tote',
        description: '',
        price: { amount: 1_200_00, currency: 'KES' },
        details: {
          variants: [
            { options: { colour: 'Red' }, price: { amount: 1_200_00, currency: 'KES' }, stock: 3, sku: '' },
            { options: { colour: 'Blue' }, price: { amount: 1_300_00, currency: 'KES' }, stock: 0, sku: '' },
          ],
          shippingZones: [{ name: 'Kenya', countries: ['KE'], fee: { amount: 250_00, currency: 'KES' } }],
          pickup: { address: 'Kilimani studio, Nairobi' },
        },
      }),
    )
    slugs.digital = await slugOf(
      await productOnSale(
        app,
        seller.id,
        {
          kind: 'digital',
          title: 'Library beats',
          description: '',
          price: { amount: 200_00, currency: 'KES' },
          details: { payWhatYouWant: null, downloadLimit: null, free: false },
        },
        [{ name: 'library.zip', body: Buffer.alloc(3_000, 'l') }],
      ),
    )
  })
  afterAll(() => app.close())

  const { get, post } = plainBrowser(() => app, 8)

  it('books a service: its free times are radio buttons, a time taken meanwhile is refused by its field', async () => {
    const page = await (await get(`/buy/${slugs.service}`)).text()
    const times = [...page.matchAll(/name="slot" value="([^"]+)"/g)].map((m) => m[1] ?? '')
    expect(times.length).toBeGreaterThan(3)
    const [first = '', second = ''] = times
    // Without a time, the pay step sends the buyer back to choose one.
    expect(await (await get(`/buy/${slugs.service}?step=pay`)).text()).toContain('field-error')
    const pay = await (await get(`/buy/${slugs.service}?step=pay&slot=${encodeURIComponent(first)}`)).text()
    expect(pay).toContain('name="method"')
    const booked = await post(`/buy/${slugs.service}`, {
      slot: first,
      method: 'card',
      email: 'book@example.com',
    })
    expect(booked.status).toBe(303)
    await submitSandboxCard(
      new URL(booked.headers.get('location') ?? '', app.url).href,
      '4242 4242 4242 4242',
    )
    await app.sandboxesIdle()
    // The same time again: refused by the time's field, on the step that asks it.
    const again = await post(`/buy/${slugs.service}`, {
      slot: first,
      method: 'card',
      email: 'late@example.com',
    })
    expect(again.status).toBe(409)
    const html = await again.text()
    expect(html).toContain('name="slot"')
    expect(html).toContain('field-error')
    expect(html).not.toContain(`value="${first}"`)
    expect(html).toContain(`value="${second}"`)
  })

  it('sends merch: a variant sold out cannot be chosen, the address is its own step, shipping is in the total', async () => {
    const choose = await (await get(`/buy/${slugs.merch}`)).text()
    expect(choose).toMatch(/<option value="[^"]+" disabled>Blue — KES\s1,300\.00 \(sold out\)/)
    const red = /<option value="([^"]+)"[^>]*>Red/.exec(choose)?.[1] ?? ''
    const details = await (await get(`/buy/${slugs.merch}?step=details&variantId=${red}&quantity=2`)).text()
    expect(details).toContain('name="delivery.line1"')
    // An address without a street: refused on the delivery step, in the contract's words.
    const short = await (
      await get(
        `/buy/${slugs.merch}?step=pay&variantId=${red}&quantity=2&delivery.kind=ship&delivery.name=Amina&delivery.city=Nairobi&delivery.country=KE`,
      )
    ).text()
    expect(short).toContain('Give the street address')
    const pay = await (
      await get(
        `/buy/${slugs.merch}?step=pay&variantId=${red}&quantity=2&delivery.kind=ship&delivery.name=Amina&delivery.line1=Ngong+Road+1&delivery.city=Nairobi&delivery.country=KE`,
      )
    ).text()
    expect(pay).toContain('Shipping: KES\u00a0250.00')
    expect(pay).toContain('Total: KES\u00a02,650.00')
    const picked = await (
      await get(`/buy/${slugs.merch}?step=pay&variantId=${red}&quantity=1&delivery.kind=pickup`)
    ).text()
    expect(picked).toContain('Total: KES\u00a01,200.00')
  })

  it('writes hostile text as text: a seller’s title and a buyer’s typed words never become markup', async () => {
    const seller = await sellerOf(app, 'hostile-seller', '<img src=x onerror=alert(1)>')
    const id = await productOnSale(
      app,
      seller.id,
      {
        kind: 'digital',
        title: '<script>alert("t")</script> & beats',
        description: '',
        price: { amount: 100_00, currency: 'KES' },
        details: { payWhatYouWant: null, downloadLimit: null, free: false },
      },
      [{ name: 'x.zip', body: Buffer.alloc(10, 'x') }],
    )
    const slug = (await app.database.db.query.products.findFirst({ where: (p, { eq }) => eq(p.id, id) }))
      ?.slug
    const page = await (
      await get(`/buy/${slug}?email=${encodeURIComponent('"><script>x()</script>')}`)
    ).text()
    expect(page).not.toContain('<script>')
    expect(page).not.toContain('<img src=x')
    expect(page).toContain('&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; &amp; beats')
    const refused = await post(`/buy/${slug}`, {
      method: 'mpesa',
      phone: '<b>0712</b>',
      email: '"><svg onload=x()>',
    })
    const html = await refused.text()
    expect(refused.status).toBe(400)
    expect(html).not.toContain('<svg')
    expect(html).not.toContain('<b>0712')
  })

  it('signs in by a plain form and downloads again from the library, with no key in any link', async () => {
    const buyer = await personOf(app, 'library@example.com')
    const bought = await app.call(
      'startCheckout',
      {
        productId: (
          await app.database.db.query.products.findFirst({ where: (p, { eq }) => eq(p.slug, slugs.digital) })
        )?.id,
        method: 'card',
      },
      buyer.token,
    )
    const next = (bought.body.data as { next: { url: string } }).next
    await submitSandboxCard(next.url, '4242 4242 4242 4242')
    await app.sandboxesIdle()
    // Signed out, the library asks to sign in, and comes back to itself after.
    const signedOut = await (await get('/downloads')).text()
    expect(signedOut).toContain('action="/login"')
    expect(signedOut).toContain('name="next" value="/downloads"')
    const signIn = await post('/login', {
      email: 'library@example.com',
      password: 'baobab-shade-2026',
      next: '/downloads',
    })
    expect(signIn.status).toBe(303)
    expect(signIn.headers.get('location')).toBe('/downloads')
    const cookie = cookieSet(signIn, 'soko_session')
    const library = await get('/downloads', { cookie })
    expect(library.headers.get('cache-control')).toBe('private, no-store')
    const html = await library.text()
    expect(html).toContain('Library beats')
    const link = /href="(\/buy\/order\/[^"]+\/file\/[^"?]+)"/.exec(html)?.[1] ?? ''
    expect(link).not.toBe('')
    const signed = await get(link, { cookie })
    expect(signed.status).toBe(303)
    const file = await fetch(new URL(signed.headers.get('location') ?? '', app.url))
    expect((await file.arrayBuffer()).byteLength).toBe(3_000)
    // Without the cookie the same link opens nothing.
    expect((await get(link)).status).toBe(404)
    // A next that names another site is not followed.
    const away = await post('/login', {
      email: 'library@example.com',
      password: 'baobab-shade-2026',
      next: '//evil.example/x',
    })
    expect(away.headers.get('location')).toBe('/downloads')
  })
})
