import { insertAt } from '../lib/html'

/**
 * The app's stylesheet cut to what one page uses. The build puts the whole stylesheet (about 10 KB
 * compressed) into every page so that it paints without a second round trip; on 2G that is a third of a
 * second per page, for rules the page never matches. A page that works as HTML alone (a standalone page, a
 * plain checkout page) gets only the rules its own classes can match instead; the start script loads the
 * whole stylesheet (`data-full`, a file of the build) before it starts the app on such a page.
 *
 * A rule is kept when, for one of its selectors, every class the selector names outside parentheses is on
 * the page: `.buy-box .price` needs both, `:not(.hidden)` and `button` need none. At-rules other than
 * `@media` (keyframes) are kept whole; a `@media` block keeps the rules inside it that pass.
 */

/** One rule of the stylesheet and, per selector, the classes it needs (an empty list: always kept). */
interface Rule {
  css: string
  needs: string[][]
  /** The `@media …` the rule is inside, or null. */
  media: string | null
}

/** Beyond this many different sets of classes, the oldest cut is forgotten. */
const MEMO_SIZE = 200

/** The stylesheet element the build puts into index.html: `<style data-href="/assets/…css">…</style>`. */
const STYLE_ELEMENT = /<style(?: data-href="([^"]*)")?>([\s\S]*?)<\/style>/

export class PageStyle {
  private readonly rules: Rule[]
  private readonly memo = new Map<string, string>()

  private constructor(
    private readonly element: string,
    css: string,
    /** The whole stylesheet as a file of the build, for the app; null before a build made one. */
    private readonly href: string | null,
  ) {
    this.rules = parseRules(css)
  }

  /** The stylesheet of a page of the build (index.html); null when it has none. */
  static of(html: string): PageStyle | null {
    const found = STYLE_ELEMENT.exec(html)
    if (!found) return null
    return new PageStyle(found[0], found[2] ?? '', found[1] ?? null)
  }

  /**
   * The element for a page: the rules its classes (and `extra`, the classes a script adds later) can match,
   * naming the whole stylesheet's file for the app when `forApp`.
   */
  cut(html: string, extra: readonly string[] = [], forApp = false): string {
    const classes = classesIn(html, extra)
    const key = `${forApp ? 'app' : 'page'} ${[...classes].sort().join(' ')}`
    let element = this.memo.get(key)
    if (element === undefined) {
      const full = forApp && this.href ? ` data-full="${this.href}"` : ''
      element = `<style${full}>${this.select(classes)}</style>`
      if (this.memo.size >= MEMO_SIZE) this.memo.delete(this.memo.keys().next().value as string)
      this.memo.set(key, element)
    }
    return element
  }

  /** `html` with the whole stylesheet replaced by its cut (unchanged when it holds no such stylesheet). */
  cutIn(html: string, extra: readonly string[] = [], forApp = false): string {
    // The stylesheet's own text holds no ` class="` attribute, so the page is read for classes as it is.
    return html.includes(this.element) ? insertAt(html, this.element, this.cut(html, extra, forApp)) : html
  }

  private select(classes: Set<string>): string {
    let out = ''
    let media: string | null = null
    for (const rule of this.rules) {
      if (!rule.needs.some((needed) => needed.every((name) => classes.has(name)))) continue
      if (rule.media !== media) {
        if (media !== null) out += '}'
        if (rule.media !== null) out += `${rule.media}{`
        media = rule.media
      }
      out += rule.css
    }
    return media === null ? out : `${out}}`
  }
}

/** Every class named in the page's `class` attributes, and `extra`. */
function classesIn(html: string, extra: readonly string[]): Set<string> {
  const classes = new Set(extra)
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of (value ?? '').split(/\s+/)) if (name) classes.add(name)
  return classes
}

/** The stylesheet's rules in order, `@media` blocks opened into the rules inside them. */
export function parseRules(css: string): Rule[] {
  const rules: Rule[] = []
  for (const block of blocks(css)) {
    const open = block.indexOf('{')
    const prelude = block.slice(0, open).trim()
    if (prelude.startsWith('@media')) {
      for (const inner of blocks(block.slice(open + 1, -1)))
        rules.push({ css: inner, needs: needsOf(inner.slice(0, inner.indexOf('{'))), media: prelude })
    } else if (prelude.startsWith('@')) rules.push({ css: block, needs: [[]], media: null })
    else rules.push({ css: block, needs: needsOf(prelude), media: null })
  }
  return rules
}

/** The top-level blocks of a stylesheet (`selector{…}` or `@rule …{…}`), strings and comments respected. */
function blocks(css: string): string[] {
  const found: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < css.length; i++) {
    const char = css[i]
    if (char === '"' || char === "'") {
      const end = css.indexOf(char, i + 1)
      i = end < 0 ? css.length : end
    } else if (char === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2)
      i = end < 0 ? css.length : end + 1
      if (depth === 0) start = i + 1
    } else if (char === '{') depth++
    else if (char === '}') {
      depth--
      if (depth === 0) {
        found.push(css.slice(start, i + 1).trim())
        start = i + 1
      }
    } else if (char === ';' && depth === 0) {
      // A statement at-rule (`@import …;`, `@layer a, b;`): kept as it is.
      found.push(css.slice(start, i + 1).trim())
      start = i + 1
    }
  }
  return found.filter(Boolean)
}

/** Per selector of a list, the classes it names outside parentheses (`:not(.x)` needs no `x`). */
function needsOf(selectorList: string): string[][] {
  const needs: string[][] = []
  let depth = 0
  let outside = ''
  const finish = () => {
    needs.push([...outside.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1] as string))
    outside = ''
  }
  for (const char of selectorList) {
    if (char === '(' || char === '[') depth++
    else if (char === ')' || char === ']') depth--
    else if (char === ',' && depth === 0) finish()
    else if (depth === 0) outside += char
  }
  finish()
  return needs
}
