import { rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../contract/catalog.contract'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { fixtureBuild } from '../support/fixture-build'
import { sellerOf } from '../support/shop'

/** Pages in English and Kiswahili: chosen by the address, the cookie, then Accept-Language (docs/swahili.md). */
describe.each(databaseKinds)('pages in two languages on %s', (kind) => {
  let app: RunningApp
  let clientDir: string
  let slug = ''
  let productId = ''
  beforeAll(async () => {
    clientDir = fixtureBuild()
    app = await startApp(kind, { clientDir, publicUrl: 'https://soko.example' })
    const { token } = await sellerOf(app, 'amina', 'Amina Prints')
    const made = await app.call(
      'createProduct',
      { kind: 'digital', title: 'Kanga Patterns', price: { amount: 900_00, currency: 'KES' } },
      token,
    )
    const { product } = made.body.data as { product: Product }
    await app.database.db.execute(
      `update products set status = 'published', published_at = now() where id = '${product.id}'`,
    )
    slug = product.slug
    productId = product.id
  })
  afterAll(async () => {
    await app.close()
    rmSync(path.dirname(clientDir), { recursive: true, force: true })
  })

  const page = async (p: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${app.url}${p}`, { headers })
    return { res, html: await res.text() }
  }

  it('writes a first visit in Kiswahili when Accept-Language asks for it, in any of its forms', async () => {
    for (const accept of ['sw-KE,sw;q=0.9,en;q=0.8', 'sw', 'sw-TZ']) {
      const { res, html } = await page('/explore', { 'accept-language': accept })
      expect(res.status).toBe(200)
      expect(html, accept).toContain('<html lang="sw"')
      expect(html).toContain('<link rel="canonical" href="https://soko.example/explore?lang=sw" />')
      expect(res.headers.get('vary')).toContain('Accept-Language, Cookie')
      // Nothing was chosen: nothing is kept.
      expect(res.headers.get('set-cookie')).toBeNull()
    }
    const english = await page('/explore', { 'accept-language': 'en-GB,fr;q=0.5' })
    expect(english.html).toContain('<html lang="en"')
    expect(english.html).toContain(
      '<title>Explore | Soko — Sell Digital Products &amp; Get Paid Anywhere</title>',
    )
  })

  it('keeps a language the address names, and a chosen language over Accept-Language', async () => {
    const chosen = await page('/pricing?lang=sw', { 'accept-language': 'en' })
    expect(chosen.res.headers.get('set-cookie')).toBe(
      'lang=sw; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
    )
    expect(chosen.html).toContain('<html lang="sw"')
    // The prerendered page in Kiswahili, with its words.
    expect(chosen.html).toContain('<h1>Bei</h1>')
    const kept = await page('/pricing', { cookie: 'lang=sw', 'accept-language': 'en' })
    expect(kept.html).toContain('<h1>Bei</h1>')
    const back = await page('/pricing', { cookie: 'lang=en', 'accept-language': 'sw-KE' })
    expect(back.html).toContain('<h1>Pricing</h1>')
    expect(back.html).toContain('<html lang="en"')
    // A language Soko does not speak, or anything else, is no choice.
    const odd = await page('/pricing?lang=%3Cscript%3E', { cookie: 'lang=xx' })
    expect(odd.res.headers.get('set-cookie')).toBeNull()
    expect(odd.html).toContain('<h1>Pricing</h1>')
  })

  it("serves a page's words in the language asked for", async () => {
    const sw = await fetch(`${app.url}/pricing/_payload.json?lang=sw`)
    expect(await sw.json()).toEqual({ heading: 'Bei' })
    const en = await fetch(`${app.url}/pricing/_payload.json`)
    expect(await en.json()).toEqual({ heading: 'Pricing' })
  })

  it("writes a product's share card in the page's language, and keeps each language's page apart", async () => {
    const sw = await page(`/${slug}`, { cookie: 'lang=sw' })
    expect(sw.res.status).toBe(200)
    expect(sw.html).toContain('<html lang="sw"')
    expect(sw.html).toContain(
      '<meta property="og:title" content="Kanga Patterns · Amina Prints kwenye Soko" />',
    )
    expect(sw.html).toContain('<meta property="og:locale" content="sw_KE" />')
    expect(sw.html).toContain(`<link rel="alternate" hreflang="en" href="https://soko.example/${slug}" />`)
    const en = await page(`/${slug}`)
    expect(en.html).toContain('<meta property="og:title" content="Kanga Patterns · Amina Prints on Soko" />')
    expect(en.html).toContain('<html lang="en"')
    // The 404 page's words stay as they are in every language.
    const missing = await page('/no-such-product-here', { cookie: 'lang=sw' })
    expect(missing.res.status).toBe(404)
    expect(missing.html).toContain(
      '<title>Page Not Found | Soko — Sell Digital Products &amp; Get Paid Anywhere</title>',
    )
  })

  it("writes a pay link's share card in the language of the person opening it", async () => {
    expect((await page('/p', { cookie: 'lang=sw' })).html).toContain('<title>Tafuta ankara yako</title>')
    expect((await page('/p')).html).toContain('<title>Find your invoice</title>')
  })

  it('answers every refusal with a code, and each field with its own, beside the English', async () => {
    const bad = await app.call('signIn', { email: 'not-an-email' })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('request.fields')
    const fieldCodes = bad.body.fieldCodes as Record<string, string>
    expect(Object.keys(fieldCodes).sort()).toEqual(Object.keys(bad.body.errors as object).sort())
    expect(fieldCodes.password).toBe('accounts.enterPassword')
    // A bad M-Pesa number at checkout: named by the code the app shows in the buyer's language.
    const phone = await app.call('startCheckout', {
      productId,
      method: 'mpesa',
      phone: '0712',
      email: 'buyer@example.com',
    })
    expect(phone.status).toBe(400)
    expect((phone.body.fieldCodes as Record<string, string>).phone).toBe('phone.notMpesa')
    expect((phone.body.errors as Record<string, string>).phone).toBe(
      'That phone number is not an M-Pesa number: use 07XX XXX XXX or 2547XX XXX XXX',
    )
    const unknown = await app.call('noSuchSubject' as never, {})
    expect(unknown.body).toMatchObject({
      code: 'request.unknownSubject',
      params: { subject: 'noSuchSubject' },
      message: 'Unknown subject: noSuchSubject',
    })
  })
})
