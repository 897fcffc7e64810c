import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { LITE_CLASSES } from '../../../contract/lite'
import { PageStyle, parseRules } from '../../../server/web/page-style'

const CSS = [
  ':root{--ink:#111}',
  'body{color:var(--ink)}',
  '.button{padding:1rem}',
  '.button.secondary{background:none}',
  '.card .price,.price-tag{font-weight:700}',
  '.menu:not(.open){display:none}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '@media (width>=48rem){.button{padding:2rem}.sidebar{display:block}}',
  '.content::after{content:"}{.sidebar"}',
].join('')
const ELEMENT = `<style data-href="/assets/styles-abc.css">${CSS}</style>`
const page = (body: string) => `<html><head>${ELEMENT}</head><body>${body}</body></html>`

describe('PageStyle', () => {
  const style = PageStyle.of(page('')) as PageStyle

  it('keeps the rules a page can match: element rules, its classes, all of a selector’s classes', () => {
    const cut = style.cut('<a class="button">Buy</a> <p class="price-tag">KES 500</p>')
    expect(cut).toBe(
      '<style>:root{--ink:#111}body{color:var(--ink)}.button{padding:1rem}.card .price,.price-tag{font-weight:700}' +
        '@keyframes spin{to{transform:rotate(1turn)}}@media (width>=48rem){.button{padding:2rem}}</style>',
    )
    // `.button.secondary` needs both; `.card .price` needs both (the other selector of its list matched).
    expect(cut).not.toContain('secondary')
    expect(cut).not.toContain('.sidebar{')
    // A class inside parentheses is not needed: `.menu:not(.open)` matches a closed menu.
    expect(style.cut('<nav class="menu"></nav>')).toContain('.menu:not(.open){display:none}')
  })

  it('leaves out a @media block none of whose rules match, and keeps braces inside strings whole', () => {
    const cut = style.cut('<div class="content"></div>')
    expect(cut).not.toContain('@media')
    expect(cut).toContain('.content::after{content:"}{.sidebar"}')
  })

  it('names the whole stylesheet for the app, and counts the classes a script will add', () => {
    const cut = style.cut('<p>Hi</p>', ['secondary', 'button'], true)
    expect(cut.startsWith('<style data-full="/assets/styles-abc.css">')).toBe(true)
    expect(cut).toContain('.button.secondary{background:none}')
  })

  it('replaces the whole stylesheet in a page by its cut, reading the classes of the rest of the page', () => {
    const html = style.cutIn(page('<aside class="sidebar"></aside>'))
    expect(html).not.toContain(ELEMENT)
    expect(html).toContain('@media (width>=48rem){.sidebar{display:block}}')
    expect(html).not.toContain('.button{')
    // A page without the build's stylesheet is left as it is.
    expect(style.cutIn('<p class="button">x</p>')).toBe('<p class="button">x</p>')
  })

  it('finds no stylesheet in a page without one (before a build)', () => {
    expect(PageStyle.of('<html><head></head></html>')).toBeNull()
  })

  it('reads every rule in order, those inside a @media block with its condition', () => {
    const rules = parseRules(CSS)
    expect(rules.map((rule) => rule.media)).toEqual([
      ...Array(7).fill(null),
      '@media (width>=48rem)',
      '@media (width>=48rem)',
      null,
    ])
  })
})

describe('LITE_CLASSES', () => {
  it('lists every class the small script gives what it adds to a page', () => {
    const source = readFileSync(path.resolve(import.meta.dirname, '../../../src/lite/lite.ts'), 'utf8')
    const used = [...source.matchAll(/className(?::|\s*=)\s*'([^']+)'/g)].flatMap((match) =>
      (match[1] ?? '').split(/\s+/),
    )
    const passed = [...source.matchAll(/installButton\('([^']+)'\)/g)].flatMap((match) =>
      (match[1] ?? '').split(/\s+/),
    )
    expect(used.length).toBeGreaterThan(3)
    for (const name of [...used, ...passed]) expect(LITE_CLASSES).toContain(name)
  })
})
