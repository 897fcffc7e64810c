import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../contract/catalog.contract'
import { PAYLOAD_ELEMENT_ID } from '../../contract/runtime'
import type { CreatorPage, ExplorePage, ProductPage } from '../../contract/storefront'
import { ssrDir } from '../../scripts/ssr-dir.mjs'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { fixtureBuild } from '../support/fixture-build'
import { sellerOf } from '../support/shop'

/**
 * Every special pattern of `String.prototype.replace`'s replacement string. Put into HTML through a
 * string replacement, `` $` `` and `$'` expand to everything before or after the match (a page made of
 * pages), `$&` to the match itself, `$$` to one `$`.
 */
const PATTERNS = "$` $' $& $1 $<name> $$"
/** What made a 225 MB page: a description of nothing but `` $` ``. */
const BOMB = '$`'.repeat(100)
/** Far above any of these pages (a few kilobytes of shell and data), far below one expanded pattern. */
const MAX_PAGE_BYTES = 64 * 1024

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

describe.each(databaseKinds)('seller text in server-rendered HTML on %s', (kind) => {
  let app: RunningApp
  let clientDir: string
  let rendererDir: string
  const slugs: Record<string, string> = {}
  beforeAll(async () => {
    clientDir = fixtureBuild()
    // A stand-in for the build's server renderer (src/prerender.tsx): the page's heading from its data, so
    // the markup the server puts into #root carries seller text too.
    rendererDir = ssrDir(path.resolve('.'), path.dirname(clientDir))
    mkdirSync(rendererDir, { recursive: true })
    writeFileSync(
      path.join(rendererDir, 'prerender.js'),
      `const esc = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
export async function renderPage(url, data) {
  const heading = data.product?.title ?? data.creator?.displayName ?? data.results?.[0]?.title ?? ''
  const searched = new URL(url, 'http://soko.invalid').searchParams.get('q') ?? ''
  return '<h1>' + esc(heading) + '</h1><p>' + esc(data.seller?.bio ?? data.creator?.bio ?? searched) + '</p>'
}
`,
    )
    app = await startApp(kind, { clientDir, publicUrl: 'https://soko.example' })
    const token = (await sellerOf(app, 'dollar-studio', 'Starter')).token
    const profile = await app.call(
      'updateProfile',
      {
        displayName: `Studio ${PATTERNS}`,
        bio: `Beats and ${PATTERNS} more ${BOMB}`,
        links: ['https://example.com/$`/$&'],
      },
      token,
    )
    expect(profile.status, JSON.stringify(profile.body)).toBe(200)
    const make = async (input: Record<string, unknown>) => {
      const answer = await app.call('createProduct', input, token)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      const { product } = answer.body.data as { product: Product }
      await app.database.db.execute(
        `update products set status = 'published', published_at = now() where id = '${product.id}'`,
      )
      slugs[product.kind] = product.slug
      return product
    }
    await make({
      kind: 'digital',
      title: `Presets ${PATTERNS}`,
      description: `<p>Light ${escapeHtml(PATTERNS)}</p><p>${BOMB}</p>`,
      category: `Photo ${PATTERNS}`,
      price: { amount: 1_200_00, currency: 'KES' },
    })
    await make({
      kind: 'merch',
      title: 'Tote bag',
      category: 'Merch',
      price: { amount: 900_00, currency: 'KES' },
      details: {
        variants: [
          { options: { colour: `Red ${PATTERNS}` }, price: { amount: 900_00, currency: 'KES' }, stock: 5 },
        ],
        shippingZones: [
          { name: `Nairobi ${PATTERNS}`, countries: ['KE'], fee: { amount: 200_00, currency: 'KES' } },
        ],
      },
    })
    await make({
      kind: 'event',
      title: 'Meetup',
      category: 'Events',
      price: { amount: 500_00, currency: 'KES' },
      details: {
        startsAt: inDays(30),
        timeZone: 'Africa/Nairobi',
        where: { kind: 'place', address: `Westlands ${PATTERNS}` },
        ticketTypes: [
          { name: `Early ${PATTERNS}`, price: { amount: 500_00, currency: 'KES' }, capacity: 10 },
        ],
      },
    })
  })
  afterAll(async () => {
    await app.close()
    rmSync(path.dirname(clientDir), { recursive: true, force: true })
    rmSync(rendererDir, { recursive: true, force: true })
  })

  /** The page's HTML, after checking it came whole and small; and the data it carries, parsed. */
  const page = async <T>(pathname: string) => {
    const res = await fetch(`${app.url}${pathname}`, { headers: { 'accept-encoding': 'identity' } })
    const html = await res.text()
    expect(Buffer.byteLength(html), pathname).toBeLessThan(MAX_PAGE_BYTES)
    expect(html.match(/<\/head>/g), pathname).toHaveLength(1)
    expect(html.match(/<!doctype html>/gi), pathname).toHaveLength(1)
    const json = new RegExp(`<script id="${PAYLOAD_ELEMENT_ID}"(?: [a-z-]+="[^"]*")*>([^<]*)</script>`).exec(
      html,
    )?.[1]
    return { res, html, data: json === undefined ? null : (JSON.parse(json) as T) }
  }

  it('puts a product’s title, description, category and seller into its page literally', async () => {
    const { res, html, data } = await page<ProductPage>(`/${slugs.digital}`)
    expect(res.status).toBe(200)
    expect(html).toContain(`<title>${escapeHtml(`Presets ${PATTERNS} · Studio ${PATTERNS} on Soko`)}</title>`)
    // The share card's text: the description's first words, up to 200 characters.
    expect(html).toContain(`<meta property="og:description" content="${escapeHtml(`Light ${PATTERNS}`)}…" />`)
    // The server-rendered markup, with the same text.
    expect(html).toContain(`<h1>${escapeHtml(`Presets ${PATTERNS}`)}</h1>`)
    expect(data?.product.title).toBe(`Presets ${PATTERNS}`)
    expect(data?.product.description).toBe(`<p>Light ${escapeHtml(PATTERNS)}</p><p>${BOMB}</p>`)
    expect(data?.product.category).toBe(`Photo ${PATTERNS}`)
    expect(data?.seller).toMatchObject({
      displayName: `Studio ${PATTERNS}`,
      bio: `Beats and ${PATTERNS} more ${BOMB}`,
      links: ['https://example.com/$`/$&'],
    })
  })

  it('puts variant, shipping zone, ticket type and place names into their pages literally', async () => {
    const merch = await page<ProductPage>(`/${slugs.merch}`)
    expect(merch.data?.product.details).toMatchObject({
      variants: [{ options: { colour: `Red ${PATTERNS}` } }],
      shippingZones: [{ name: `Nairobi ${PATTERNS}` }],
    })
    const event = await page<ProductPage>(`/${slugs.event}`)
    expect(event.data?.product.details).toMatchObject({
      where: { address: `Westlands ${PATTERNS}` },
      ticketTypes: [{ name: `Early ${PATTERNS}` }],
    })
  })

  it('puts a storefront’s display name and bio into its page literally', async () => {
    const { html, data } = await page<CreatorPage>('/creators/dollar-studio')
    expect(html).toContain(`<title>${escapeHtml(`Studio ${PATTERNS} on Soko`)}</title>`)
    expect(html).toContain(`<h1>${escapeHtml(`Studio ${PATTERNS}`)}</h1>`)
    expect(data?.creator.bio).toBe(`Beats and ${PATTERNS} more ${BOMB}`)
    expect(data?.products.map((p) => p.title)).toContain(`Presets ${PATTERNS}`)
    const list = await page<{ creators: { displayName: string }[] }>('/creators')
    expect(list.data?.creators.map((c) => c.displayName)).toEqual([`Studio ${PATTERNS}`])
  })

  it('puts searches, categories and their results into the explore pages literally', async () => {
    const all = await page<ExplorePage>('/explore')
    expect(all.data?.categories.map((c) => c.name)).toContain(`Photo ${PATTERNS}`)
    // What a visitor searched for is in the page too (the search box).
    const search = await page<ExplorePage>(`/explore?q=${encodeURIComponent(`presets ${PATTERNS}`)}`)
    expect(search.html).toContain(`<p>${escapeHtml(`presets ${PATTERNS}`)}</p>`)
    const found = await page<ExplorePage>('/explore?q=presets')
    expect(found.data?.results.map((r) => r.title)).toEqual([`Presets ${PATTERNS}`])
    const photo = all.data?.categories.find((c) => c.name === `Photo ${PATTERNS}`)
    const category = await page<ExplorePage>(`/explore/${photo?.slug}`)
    expect(category.data?.results.map((r) => r.title)).toEqual([`Presets ${PATTERNS}`])
    // A category nothing is filed under is a 404: its path, patterns and all, makes the small 404 page
    // (page() checks its size and that it is one document).
    const odd = await page<ExplorePage>(`/explore/${PATTERNS}`)
    expect(odd.res.status).toBe(404)
    expect(odd.html).toContain('<title>Page Not Found')
  })

  it('answers a missing product whose address holds the patterns with a small 404 page', async () => {
    const { res, html } = await page(`/${BOMB}`)
    expect(res.status).toBe(404)
    expect(html).toContain('<title>Page Not Found')
  })
})
