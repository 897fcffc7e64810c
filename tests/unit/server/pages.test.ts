import { describe, expect, it } from 'vitest'
import type { RuntimeSettings } from '../../../contract/runtime'
import { loadModeCookie } from '../../../server/web/lite'
import { pageLocale } from '../../../server/web/locale'
import { Pages } from '../../../server/web/pages'

const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1" />'
const SHELL = `<!doctype html><html><head>\n    <meta charset="utf-8" />\n    ${VIEWPORT}\n    <title>Soko</title>\n  </head><body><div id="root"></div></body></html>`
const settings: RuntimeSettings = {
  apiBase: '',
  storageHost: '',
  siteUrl: 'https://soko.example',
  geoUrl: '',
  firebase: null,
  challengeSiteKey: '',
  buildId: 'b1',
}

describe('Pages.renderData', () => {
  const pages = new Pages(SHELL, new Map(), settings, new Map([['/$product', ['assets/product-1.js']]]))
  const photo =
    '<link rel="preload" as="image" imageSrcSet="/files/public/p-320.webp 320w, /files/public/p-640.webp 640w" imageSizes="100vw"/>'

  it("asks for the page's first photo at the top of the head, once the viewport is known, before anything else", () => {
    const { asset } = pages.renderData('/kanga', { payload: { title: 'Kanga' } }, `${photo}<h1>Kanga</h1>`)
    const html = asset.body.toString()
    // After the viewport: read before it, the photo's size would be chosen for a 980 px wide page.
    expect(html).toContain(
      `${VIEWPORT}\n    ${photo.replace('as="image"', 'as="image" fetchpriority="high"')}`,
    )
    expect(html.indexOf('imageSrcSet')).toBeLessThan(html.indexOf('soko-page-scripts'))
    // Out of the markup React takes over: it starts with the page itself.
    expect(html).toContain('<div id="root" data-standalone data-prerendered="/kanga"><h1>Kanga</h1></div>')
    expect(html).toContain('["/assets/product-1.js"]')
  })

  it('leaves a page without a photo as it is', () => {
    const { asset } = pages.renderData('/kanga', { payload: {} }, '<h1>Kanga</h1>')
    expect(asset.body.toString()).not.toContain('rel="preload"')
  })
})

describe('pageLocale', () => {
  it("takes the first language of the request's Accept-Language that Intl writes in", () => {
    expect(pageLocale('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr-FR')
    expect(pageLocale('sw-KE')).toBe('sw-KE')
    expect(pageLocale('en-gb')).toBe('en-GB')
    expect(pageLocale('*, x-klingon-qo, fr;q=0.5')).toBe('fr')
  })

  it('writes in US English for a request that names none it can use', () => {
    expect(pageLocale(undefined)).toBe('en-US')
    expect(pageLocale('')).toBe('en-US')
    expect(pageLocale('"><script>, ;;;')).toBe('en-US')
  })
})

describe('Pages.renderData in a language', () => {
  it('names the language of its prices and dates on the root, for the app to keep to', () => {
    const pages = new Pages(SHELL, new Map(), settings)
    const { asset } = pages.renderData('/kanga', { payload: {} }, '<h1>Kanga</h1>', 'fr-FR')
    expect(asset.body.toString()).toContain(
      '<div id="root" data-standalone data-prerendered="/kanga" data-locale="fr-FR">',
    )
  })
})

describe('standalone pages', () => {
  const pages = new Pages(SHELL, new Map(), settings)
  const words = (html: string) =>
    JSON.parse(
      /<script id="soko-lite-words" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null',
    )

  it("marks a public page that works as HTML, with the small script's words in its language", () => {
    const html = pages.render('/explore', 'sw').asset.body.toString()
    expect(html).toContain('<div id="root" data-standalone>')
    expect(words(html)).toMatchObject({ install: 'Weka Soko', copyThis: 'Nakili kiungo hiki: {link}' })
    expect(words(pages.render('/features').asset.body.toString())).toMatchObject({ install: 'Install Soko' })
  })

  it("leaves the account's pages, sign-in and unknown paths to the app", () => {
    for (const path of ['/account', '/downloads', '/login', '/no/such/page']) {
      const html = pages.render(path).asset.body.toString()
      expect(html, path).toContain('<div id="root"></div>')
      expect(words(html), path).toBeNull()
    }
  })
})

describe('loadModeCookie', () => {
  it('tells a browser saving data to load pages lite, once, and never overrides a mode already set', () => {
    expect(loadModeCookie('on', undefined)).toBe('soko_load=lite; Path=/; SameSite=Lax')
    expect(loadModeCookie(' On ', 'lang=sw')).toBe('soko_load=lite; Path=/; SameSite=Lax')
    expect(loadModeCookie('on', 'soko_load=app')).toBeNull()
    expect(loadModeCookie('on', 'lang=sw; soko_load=lite')).toBeNull()
    expect(loadModeCookie(undefined, undefined)).toBeNull()
    expect(loadModeCookie('off', undefined)).toBeNull()
  })
})

describe('pages in a language', () => {
  const pages = new Pages(SHELL.replace('<html>', '<html lang="en">'), new Map(), settings)

  it('names the language on <html>, links each language and says so in its share card', () => {
    const html = pages.render('/explore', 'sw').asset.body.toString()
    expect(html).toContain('<html lang="sw">')
    expect(html).toContain('<link rel="canonical" href="https://soko.example/explore?lang=sw" />')
    expect(html).toContain('<link rel="alternate" hreflang="en" href="https://soko.example/explore" />')
    expect(html).toContain(
      '<link rel="alternate" hreflang="sw" href="https://soko.example/explore?lang=sw" />',
    )
    expect(html).toContain(
      '<link rel="alternate" hreflang="x-default" href="https://soko.example/explore" />',
    )
    expect(html).toContain('<meta property="og:locale" content="sw_KE" />')
    expect(html).toContain('<meta property="og:url" content="https://soko.example/explore?lang=sw" />')
    // The page's name in Kiswahili, the site's title pattern as it is in every language.
    expect(html).toMatch(/<title>[^<]+ \| Soko — Sell Digital Products &amp; Get Paid Anywhere<\/title>/)
    expect(html).not.toContain('<title>Explore |')
    const english = pages.render('/explore', 'en').asset.body.toString()
    expect(english).toContain('<html lang="en">')
    expect(english).toContain('<title>Explore | Soko — Sell Digital Products &amp; Get Paid Anywhere</title>')
    expect(english).toContain('<link rel="canonical" href="https://soko.example/explore" />')
  })

  it("keeps the 404 page's title as it is in every language", () => {
    const html = pages.render('/no/such/page', 'sw').asset.body.toString()
    expect(html).toContain(
      '<title>Page Not Found | Soko — Sell Digital Products &amp; Get Paid Anywhere</title>',
    )
  })
})
