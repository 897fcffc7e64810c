import { rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../contract/catalog.contract'
import { convertApprox } from '../../contract/currencies'
import type { CreatorPage, CreatorsPage, ExplorePage, ProductPage } from '../../contract/storefront'
import { createUser } from '../../server/features/accounts/accounts.service'
import { createSession } from '../../server/features/accounts/sessions'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { fixtureBuild } from '../support/fixture-build'
import { sellerOf } from '../support/shop'

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

describe.each(databaseKinds)('storefronts on %s', (kind) => {
  let app: RunningApp
  let clientDir: string
  let token: string
  const slugs: Record<string, string> = {}
  beforeAll(async () => {
    clientDir = fixtureBuild()
    app = await startApp(kind, { clientDir, publicUrl: 'https://soko.example' })
    token = (await sellerOf(app, 'wanjiru', 'Wanjiru Studio')).token
    const make = async (input: Record<string, unknown>, publish = true) => {
      const answer = await app.call('createProduct', input, token)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      const { product } = answer.body.data as { product: Product }
      if (publish) {
        // Published straight in the database: a digital product needs its file, tested elsewhere.
        await app.database.db.execute(
          `update products set status = 'published', published_at = now() where id = '${product.id}'`,
        )
      }
      slugs[product.title] = product.slug
      return product
    }
    await make({
      kind: 'digital',
      title: 'Lamu Light Presets',
      description:
        '<p onclick="steal()">Ten <strong>Lightroom</strong> presets for coastal light.</p><script>steal()</script>',
      category: 'Photography',
      price: { amount: 1_200_00, currency: 'KES' },
    })
    await make({
      kind: 'service',
      title: 'Portfolio review call',
      category: 'Coaching',
      price: { amount: 25_00, currency: 'USD' },
      details: {
        durationMinutes: 45,
        where: { kind: 'online', url: 'https://meet.example.com/secret-room' },
        timeZone: 'Africa/Nairobi',
        availability: [{ day: 2, from: '09:00', to: '12:00' }],
      },
    })
    await make({
      kind: 'event',
      title: 'Nairobi Creators Meetup',
      category: 'Events',
      price: { amount: 500_00, currency: 'KES' },
      details: {
        startsAt: inDays(30),
        timeZone: 'Africa/Nairobi',
        where: { kind: 'place', address: 'The Alchemist, Westlands' },
        ticketTypes: [{ name: 'Regular', price: { amount: 500_00, currency: 'KES' }, capacity: 100 }],
      },
    })
    await make(
      { kind: 'digital', title: 'Unfinished draft zine', price: { amount: 300_00, currency: 'KES' } },
      false,
    )
  })
  afterAll(async () => {
    await app.close()
    rmSync(path.dirname(clientDir), { recursive: true, force: true })
  })

  const json = async <T>(pathname: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${app.url}${pathname}`, { headers })
    return { res, body: res.status === 200 ? ((await res.json()) as T) : null }
  }

  it('serves a product’s payload with a strong ETag, 304 when unchanged, and hides an online session’s link', async () => {
    const { res, body } = await json<ProductPage>(`/${slugs['Portfolio review call']}/_payload.json`)
    expect(res.status).toBe(200)
    expect(body?.product).toMatchObject({ title: 'Portfolio review call', kind: 'service' })
    expect(body?.product.kind === 'service' && body.product.details.where).toEqual({ kind: 'online' })
    expect(JSON.stringify(body)).not.toContain('secret-room')
    expect(body?.seller).toMatchObject({ handle: 'wanjiru', displayName: 'Wanjiru Studio', productCount: 3 })
    expect(body?.rates.perUsd.KES).toBeGreaterThan(0)
    const etag = res.headers.get('etag') as string
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await fetch(`${app.url}/${slugs['Portfolio review call']}/_payload.json`, {
      headers: { 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    // A change to the product changes the tag.
    const list = (await app.call('listMyProducts', {}, token)).body.data as { products: Product[] }
    const service = list.products.find((p) => p.title === 'Portfolio review call') as Product
    await app.call('updateProduct', { id: service.id, title: 'Portfolio review video call' }, token)
    const changed = await fetch(`${app.url}/${slugs['Portfolio review call']}/_payload.json`, {
      headers: { 'if-none-match': etag },
    })
    expect(changed.status).toBe(200)
  })

  it('gives a product’s page the public fields of each kind and nothing of the row behind them', async () => {
    const fields = [
      'category',
      'description',
      'details',
      'files',
      'free',
      'id',
      'image',
      'images',
      'kind',
      'minimum',
      'price',
      'publishedAt',
      'seller',
      'slug',
      'soldOut',
      'title',
    ]
    for (const title of ['Lamu Light Presets', 'Portfolio review call', 'Nairobi Creators Meetup']) {
      const { body } = await json<ProductPage>(`/${slugs[title]}/_payload.json`)
      expect(Object.keys(body?.product ?? {}).sort(), title).toEqual(fields)
    }
    const { body } = await json<ProductPage>(`/${slugs['Lamu Light Presets']}/_payload.json`)
    expect(body?.product.details).toEqual({ payWhatYouWant: null, downloadLimit: null, free: false })
  })

  it('puts each product’s and creator’s title, description and image into the HTML’s share tags', async () => {
    const page = await fetch(`${app.url}/${slugs['Lamu Light Presets']}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(
      '<meta property="og:title" content="Lamu Light Presets · Wanjiru Studio on Soko" />',
    )
    expect(html).toContain(
      '<meta property="og:description" content="Ten Lightroom presets for coastal light." />',
    )
    expect(html).toContain(
      '<meta property="og:image" content="https://soko.example/icons/og-1200x630.png" />',
    )
    expect(html).toContain(
      `<link rel="canonical" href="https://soko.example/${slugs['Lamu Light Presets']}" />`,
    )
    expect(html).toContain(`data-path="/${slugs['Lamu Light Presets']}"`)
    // The description was cleaned when it was saved.
    const payload = (await json<ProductPage>(`/${slugs['Lamu Light Presets']}/_payload.json`)).body
    expect(payload?.product.description).toBe(
      '<p>Ten <strong>Lightroom</strong> presets for coastal light.</p>',
    )

    const creator = await (await fetch(`${app.url}/creators/wanjiru`)).text()
    expect(creator).toContain('<meta property="og:title" content="Wanjiru Studio on Soko" />')
  })

  it('answers 404 with the app’s 404 page for a missing slug, a draft and an unknown handle', async () => {
    for (const pathname of [
      '/no-such-product',
      `/${slugs['Unfinished draft zine']}`,
      '/creators/nobody-here',
    ]) {
      const res = await fetch(`${app.url}${pathname}`)
      expect(res.status, pathname).toBe(404)
      const html = await res.text()
      expect(html).toContain('<title>Page Not Found')
      expect(html).toContain('<meta name="robots" content="noindex" />')
      expect((await fetch(`${app.url}${pathname}/_payload.json`)).status, pathname).toBe(404)
    }
  })

  it('answers 404 for sub-paths that name nothing, 200 for those that may, and for a suspended seller’s service', async () => {
    const status = async (pathname: string) => {
      const res = await fetch(`${app.url}${pathname}`)
      const html = await res.text()
      if (res.status === 404) expect(html, pathname).toContain('<title>Page Not Found')
      return res.status
    }
    const service = `/book/${slugs['Portfolio review call']}`
    for (const pathname of [
      '/book/no-such-service',
      `/book/${slugs['Lamu Light Presets']}`,
      '/download/xyz',
      '/explore/no-such-category',
      '/account/invoices/nope',
      '/account/customers/nobody',
      '/account/no-such-page',
      '/book/a/b',
    ])
      expect(await status(pathname), pathname).toBe(404)
    expect((await fetch(`${app.url}/explore/no-such-category/_payload.json`)).status).toBe(404)
    for (const pathname of [
      service,
      '/explore/coaching',
      '/download/0193a4b2-7c1d-7e2f-8a3b-4c5d6e7f8091',
      '/account/invoices/0193a4b2-7c1d-7e2f-8a3b-4c5d6e7f8091',
      '/account/customers/e:amina@example.com',
      '/account/customers/p:254712345678',
    ])
      expect(await status(pathname), pathname).toBe(200)

    // A suspended seller's service is no page, as their product page is not; reinstated, it is again.
    const suspend = (on: boolean) =>
      app.database.db.execute(
        `update users set suspended_at = ${on ? 'now()' : 'null'} where id = (select seller_id from products where slug = '${slugs['Portfolio review call']}')`,
      )
    await suspend(true)
    try {
      expect(await status(service)).toBe(404)
      expect(await status(`/${slugs['Portfolio review call']}`)).toBe(404)
    } finally {
      await suspend(false)
    }
    expect(await status(service)).toBe(200)
  })

  it('searches published products by words and prefixes, filters by kind, category and price, sorts and pages', async () => {
    const explore = async (query: string) =>
      (await json<ExplorePage>(`/explore/_payload.json?${query}`)).body as ExplorePage
    const titles = (page: ExplorePage) => page.results.map((r) => r.title)
    expect(titles(await explore('q=lightroom'))).toEqual(['Lamu Light Presets'])
    expect(titles(await explore('q=lam%20pres'))).toEqual(['Lamu Light Presets'])
    expect(titles(await explore('q=zine'))).toEqual([])
    expect(titles(await explore('kind=event'))).toEqual(['Nairobi Creators Meetup'])
    expect(titles(await explore('sort=price-asc'))).toEqual([
      'Nairobi Creators Meetup',
      'Lamu Light Presets',
      'Portfolio review video call',
    ])
    // KES 1,200 is about US$9; US$25 is over KES 3,000.
    expect(titles(await explore('min=1000&max=2000&currency=KES'))).toEqual(['Lamu Light Presets'])
    expect(titles(await explore('min=20&currency=USD'))).toEqual(['Portfolio review video call'])
    const all = await explore('')
    expect(all.total).toBe(3)
    expect(all.categories.map((c) => c.slug).sort()).toEqual(['coaching', 'events', 'photography'])
    const photography = (await json<ExplorePage>('/explore/photography/_payload.json')).body as ExplorePage
    expect(titles(photography)).toEqual(['Lamu Light Presets'])
    expect((await explore('page=2')).results).toEqual([])
    // The HTML of a search carries its first results.
    const html = await (await fetch(`${app.url}/explore?q=lamu`)).text()
    expect(html).toContain('Lamu Light Presets')
  })

  it('lists creators and shows a storefront with its published products only', async () => {
    const creators = (await json<CreatorsPage>('/creators/_payload.json')).body as CreatorsPage
    expect(creators.creators).toEqual([expect.objectContaining({ handle: 'wanjiru', productCount: 3 })])
    const store = (await json<CreatorPage>('/creators/WANJIRU/_payload.json')).body as CreatorPage
    expect(store.creator.displayName).toBe('Wanjiru Studio')
    expect(store.products.map((p) => p.title).sort()).toEqual([
      'Lamu Light Presets',
      'Nairobi Creators Meetup',
      'Portfolio review video call',
    ])
  })

  it('lets only an admin change the rates, and converts at them', async () => {
    const rates = await app.call('listRates', {})
    expect(rates.status).toBe(200)
    expect((await app.call('setRates', { perUsd: { KES: 130 } }, token)).status).toBe(403)
    const admin = await createUser(app.database.db, {
      email: 'rates-admin@example.com',
      name: 'Rates Admin',
      password: 'baobab-shade-2026',
      roles: ['admin'],
    })
    const adminToken = (await createSession(app.database.db, admin.id)).token
    const refused = await app.call('setRates', { perUsd: { KES: -1, USD: 2 } }, adminToken)
    expect(refused.status).toBe(400)
    expect(Object.keys(refused.body.errors as object).sort()).toEqual(['perUsd.KES', 'perUsd.USD'])
    const saved = await app.call('setRates', { perUsd: { KES: 131.5 } }, adminToken)
    expect(saved.status).toBe(200)
    expect((saved.body.data as { perUsd: Record<string, number> }).perUsd).toMatchObject({
      KES: 131.5,
      UGX: 3660,
    })
    const page = (await json<ProductPage>(`/${slugs['Lamu Light Presets']}/_payload.json`)).body
    expect(page?.rates.perUsd.KES).toBe(131.5)
    const perUsd = { KES: 130, UGX: 3700, USD: 1 }
    expect(convertApprox({ amount: 1_300_00, currency: 'KES' }, 'USD', perUsd)).toEqual({
      amount: 10_00,
      currency: 'USD',
    })
    expect(convertApprox({ amount: 10_00, currency: 'USD' }, 'UGX', perUsd)).toEqual({
      amount: 37_000,
      currency: 'UGX',
    })
    expect(convertApprox({ amount: 10_00, currency: 'USD' }, 'GHS', perUsd)).toBeNull()
  })
})
