import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { DEFAULT_LANG, type Lang } from '../../contract/i18n'
import { type AppRoute, matchAppRoute } from '../../contract/routes'
import {
  PAGE_SCRIPTS_ELEMENT_ID,
  payloadScript,
  type RuntimeSettings,
  scriptSafeJson,
} from '../../contract/runtime'
import { escapeHtml, insertAt } from '../lib/html'
import { translate } from '../lib/i18n'
import { type Head, headFor, withHead } from './head'
import { withRuntimeSettings } from './html'
import { asStandalone } from './lite'
import { PageStyle } from './page-style'
import { inlineScriptHashes } from './security-headers'
import { type Asset, compressVariants, makeAsset, makeLazyAsset } from './static'

/**
 * The viewport's element in every page's head (index.html, right after the charset): what goes first in a
 * head goes after it, as a photo's preload picks its size from the viewport it knows when it is read.
 */
const VIEWPORT = /<meta name="viewport"[^>]*>/

/** What a browser without script reads at the foot of every page of the app. */
const NOSCRIPT = /*i18n*/ {
  id: 'pages.noscript',
  message:
    'Without JavaScript you can still buy, sign in and download what you bought. Turn it on for the rest of Soko.',
}

/** The page's note for browsers without script, in its language (the build writes it in English). */
function withNoscript(html: string, lang: Lang): string {
  return html.replace(
    /<noscript>[^<]*<\/noscript>/,
    () => `<noscript>${escapeHtml(translate(lang, NOSCRIPT))}</noscript>`,
  )
}

/** Rendered pages kept in memory; beyond this many paths the oldest are dropped. */
const CACHE_SIZE = 500

/**
 * The HTML of each page: the app's shell, or the build's prerendered HTML for the pages that have it, with
 * the runtime settings and the page's own head (title, description, canonical link, share-card tags) put
 * in, so crawlers and link previews see them without running JavaScript.
 */
export class Pages {
  private readonly cache = new Map<string, { asset: Asset; status: 200 | 404 }>()
  /** The build's stylesheet, cut to each standalone page's rules; null before a build. */
  readonly style: PageStyle | null

  constructor(
    private readonly shell: string,
    /** Page path → prerendered HTML (dist/prerendered, written by src/prerender.tsx). */
    private readonly prerendered: Map<string, string>,
    private readonly settings: RuntimeSettings,
    /** Route → the scripts its page needs beyond the entry's (route-scripts.json, written by the build). */
    private readonly routeScripts: Map<string, string[]> = new Map(),
  ) {
    this.style = PageStyle.of(shell)
  }

  /**
   * The scripts of the page's route, listed for index.html's start script, which asks for them with the
   * entry once the page has painted: they then load together rather than one round trip after the entry
   * (when the router, once running, would ask for them).
   */
  private withRouteScripts(html: string, route: AppRoute | null): string {
    const files = route ? this.routeScripts.get(route) : undefined
    if (!files?.length) return html
    const list = scriptSafeJson(files.map((file) => `/${file}`))
    return insertAt(
      html,
      '</head>',
      `  <script id="${PAGE_SCRIPTS_ELEMENT_ID}" type="application/json">${list}</script>\n  </head>`,
    )
  }

  /** Drops the pages made so far: the prerendered HTML they came from has changed (the platform's figures). */
  forget() {
    this.cache.clear()
  }

  /** The page for a pathname in a language, with 404 for paths that are not pages of the app. */
  render(pathname: string, lang: Lang = DEFAULT_LANG): { asset: Asset; status: 200 | 404 } {
    const key = prerenderKey(pathname, lang)
    const cached = this.cache.get(key)
    if (cached) return cached
    const route = matchAppRoute(pathname)
    const template = (route && this.prerendered.get(key)) || this.shell
    const html = this.withRouteScripts(
      withHead(
        withRuntimeSettings(template, this.settings),
        headFor(route, pathname, this.settings.siteUrl, lang),
      ),
      route,
    )
    const body = Buffer.from(withNoscript(asStandalone(html, route, lang, this.style), lang))
    const page = {
      asset: makeLazyAsset('/index.html', body),
      status: route ? 200 : 404,
    } as const
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string)
    this.cache.set(key, page)
    return page
  }

  /**
   * A page whose head and data come from the database (a product, a creator, a search), rendered per
   * request: the page's payload goes into the HTML so its first load needs no second request, and a
   * missing one (null) is the app's 404 page with a 404 status.
   */
  renderData(
    pathname: string,
    data: { payload: unknown; head?: Partial<Head> } | null,
    markup: string | null = null,
    /** The language the markup's prices and dates are written in, named for the app (format-locale.ts). */
    locale?: string,
    lang: Lang = DEFAULT_LANG,
  ) {
    const route = data ? matchAppRoute(pathname) : null
    const head = { ...headFor(route, pathname, this.settings.siteUrl, lang), ...data?.head }
    let html = this.withRouteScripts(withHead(withRuntimeSettings(this.shell, this.settings), head), route)
    if (markup) {
      // React puts the preload of the page's first photo (its LCP) before the markup: it goes to the top of
      // the head instead, so the photo is asked for as soon as the page starts to arrive.
      const photo = /^(?:<link rel="preload" as="image"[^>]*\/>)+/.exec(markup)?.[0] ?? ''
      html = insertAt(
        html,
        '<div id="root"></div>',
        `<div id="root" data-prerendered="${escapeHtml(pathname)}"${locale ? ` data-locale="${escapeHtml(locale)}"` : ''}>${markup.slice(photo.length)}</div>`,
      )
      const viewport = VIEWPORT.exec(html)?.[0]
      if (photo && viewport)
        html = insertAt(
          html,
          viewport,
          `${viewport}\n    ${photo.replaceAll('<link rel="preload" as="image"', '<link rel="preload" as="image" fetchpriority="high"')}`,
        )
    }
    if (data) html = insertAt(html, '</head>', `  ${payloadScript(pathname, data.payload)}\n  </head>`)
    const body = Buffer.from(withNoscript(asStandalone(html, route, lang, this.style), lang))
    return {
      asset: makeLazyAsset('/index.html', body),
      status: data ? 200 : 404,
    } as const
  }

  /**
   * A page whose share card depends on the request (an invoice's pay link): the shell with that head, or
   * the app's 404 page with a 404 status when `head` is null. Never cached: the head is someone's.
   */
  renderWithHead(
    pathname: string,
    head: Partial<Head> | null,
    lang: Lang = DEFAULT_LANG,
    /** The page as plain HTML for a browser without script (server/web/plain), replaced by the app. */
    markup: string | null = null,
  ) {
    const route = head ? matchAppRoute(pathname) : null
    let html = this.withRouteScripts(
      withHead(withRuntimeSettings(this.shell, this.settings), {
        ...headFor(route, pathname, this.settings.siteUrl, lang),
        ...head,
      }),
      route,
    )
    if (markup) html = insertAt(html, '<div id="root"></div>', `<div id="root">${markup}</div>`)
    const body = Buffer.from(withNoscript(markup ? asStandalone(html, route, lang, this.style) : html, lang))
    return {
      asset: makeLazyAsset('/index.html', body),
      status: head ? 200 : 404,
    } as const
  }

  /**
   * Hash sources of the inline scripts the build put into its pages (the router's scroll restoration in
   * prerendered and server-rendered pages, anything index.html inlines), for the pages' script-src. Taken
   * from the build's own HTML only, never from a page with someone's text in it.
   */
  scriptHashes(): string[] {
    return [...new Set([this.shell, ...this.prerendered.values()].flatMap(inlineScriptHashes))]
  }

  /** The bare shell (with runtime settings) the service worker precaches as /index.html. */
  shellAsset(): Asset {
    const body = Buffer.from(withRuntimeSettings(this.shell, this.settings))
    return makeAsset('/index.html', body, compressVariants(body))
  }
}

/** A prerendered page's key: its path in English, `{lang}:{path}` in another language. */
export function prerenderKey(pagePath: string, lang: Lang): string {
  return lang === DEFAULT_LANG ? pagePath : `${lang}:${pagePath}`
}

/**
 * Reads dist/prerendered/pages.json (path → language → file) and the HTML it lists, keyed by
 * `prerenderKey`; none when the build made none.
 */
export function loadPrerendered(dir: string): Map<string, string> {
  const pages = new Map<string, string>()
  const index = path.join(dir, 'pages.json')
  if (!existsSync(index)) return pages
  const listed = JSON.parse(readFileSync(index, 'utf8')) as Record<string, Partial<Record<Lang, string>>>
  for (const [pagePath, files] of Object.entries(listed))
    for (const [lang, file] of Object.entries(files) as [Lang, string][])
      pages.set(prerenderKey(pagePath, lang), readFileSync(path.join(dir, file), 'utf8'))
  return pages
}

/** Reads the build's route-scripts.json (route → scripts); none when the build wrote none. */
export function loadRouteScripts(distDir: string): Map<string, string[]> {
  const file = path.join(distDir, 'route-scripts.json')
  if (!existsSync(file)) return new Map()
  return new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>))
}
