import { rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../contract/catalog.contract'
import { HOME_FEATURED, type HomeProducts } from '../../contract/storefront'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { fixtureBuild } from '../support/fixture-build'
import { sellerOf } from '../support/shop'

/** The build's words for the home page, as vite.config.ts writes them to /_payload.json. */
const WORDS = {
  heading: 'Sell digital products & get paid anywhere',
  // Figures the server writes in: the hold in force.
  lead: 'Earnings become available after [[hold-days]] days.',
  points: [],
  steps: [],
}

type HomePayload = typeof WORDS & HomeProducts

describe.each(databaseKinds)('the home page on %s', (kind) => {
  let app: RunningApp
  let clientDir: string
  const ids: Record<string, string> = {}
  beforeAll(async () => {
    clientDir = fixtureBuild()
    writeFileSync(path.join(clientDir, '_payload.json'), JSON.stringify(WORDS))
    app = await startApp(kind, { clientDir, publicUrl: 'https://soko.example' })
    const { token } = await sellerOf(app, 'wanjiru', 'Wanjiru Studio')
    const make = async (input: Record<string, unknown>, publish = true) => {
      const answer = await app.call('createProduct', input, token)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      const { product } = answer.body.data as { product: Product }
      ids[product.title] = product.id
      // Published straight in the database, one second apart, so "newest" has one answer.
      if (publish)
        await app.database.db.execute(
          `update products set status = 'published', published_at = now() + interval '${Object.keys(ids).length} seconds' where id = '${product.id}'`,
        )
    }
    const digital = (title: string) => ({
      kind: 'digital',
      title,
      price: { amount: 500_00, currency: 'KES' },
    })
    for (const title of ['Old presets', 'Beat pack', 'Brush set', 'Zine', 'Font', 'Newest template'])
      await make(digital(title))
    await make(digital('A draft nobody sees'), false)
    await make({
      kind: 'merch',
      title: 'Sold-out tote',
      price: { amount: 1_500_00, currency: 'KES' },
      details: {
        variants: [{ options: { size: 'One size' }, price: { amount: 1_500_00, currency: 'KES' }, stock: 0 }],
        pickup: { address: 'Kilimani, Nairobi' },
      },
    })
    // Best sellers: the sold-out tote sold most, then the beat pack, then the zine.
    for (const [title, sales] of [
      ['Sold-out tote', 50],
      ['Beat pack', 9],
      ['Zine', 4],
    ] as const)
      await app.database.db.execute(`update products set sales_count = ${sales} where id = '${ids[title]}'`)
  })
  afterAll(async () => {
    await app.close()
    rmSync(path.dirname(clientDir), { recursive: true, force: true })
  })

  const titles = (cards: { title: string }[]) => cards.map((card) => card.title)

  it('answers the build’s words with the best sellers still on sale, then the newest of the rest', async () => {
    const res = await fetch(`${app.url}/_payload.json`)
    expect(res.status).toBe(200)
    const home = (await res.json()) as HomePayload
    expect(home.heading).toBe(WORDS.heading)
    expect(home.lead).toBe(`Earnings become available after ${app.config.payouts.holdDays} days.`)
    expect(home.featured).toHaveLength(HOME_FEATURED)
    // Most sales first, the newest among equals; the sold-out tote is left out however well it sold.
    expect(titles(home.featured)).toEqual(['Beat pack', 'Zine', 'Newest template', 'Font'])
    expect(titles(home.recent)).toEqual(['Sold-out tote', 'Brush set', 'Old presets'])
    expect(home.recent[0]?.soldOut).toBe(true)
    expect(JSON.stringify(home)).not.toContain('A draft nobody sees')
    expect(home.featured[0]).toMatchObject({
      slug: expect.any(String),
      kind: 'digital',
      price: { amount: 500_00, currency: 'KES' },
      seller: { handle: 'wanjiru', displayName: 'Wanjiru Studio' },
    })
    expect(home.rates.perUsd.KES).toBeGreaterThan(0)
    // Revalidated by its ETag, like every page's data.
    const etag = res.headers.get('etag') as string
    const again = await fetch(`${app.url}/_payload.json`, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
  })

  it('puts that payload into the home page’s HTML, and the next page has what changed', async () => {
    const page = async () => {
      const res = await fetch(`${app.url}/`)
      expect(res.status).toBe(200)
      const html = await res.text()
      const json = html.match(
        /<script id="soko-payload" type="application\/json" data-path="\/">(.*?)<\/script>/s,
      )
      if (!json?.[1]) throw new Error(`no payload in the home page:\n${html}`)
      return JSON.parse(json[1]) as HomePayload
    }
    const first = await page()
    expect(first.heading).toBe(WORDS.heading)
    expect(titles(first.featured)).toContain('Beat pack')
    await app.database.db.execute(
      `update products set published_at = now() + interval '1 hour' where id = '${ids['Old presets']}'`,
    )
    expect(titles((await page()).featured)).toEqual(['Beat pack', 'Zine', 'Old presets', 'Newest template'])
  })
})
