import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { matchAppRoute } from '../../contract/routes'
import { payloadScript, type RuntimeSettings } from '../../contract/runtime'
import { escapeHtml, insertAt } from '../lib/html'
import { type Head, headFor, withHead } from './head'
import { withRuntimeSettings } from './html'
import { inlineScriptHashes } from './security-headers'
import { type Asset, compressVariants, makeAsset, makeLazyAsset } from './static'

/** Rendered pages kept in memory; beyond this many paths the oldest are dropped. */
const CACHE_SIZE = 500

/**
 * The HTML of each page: the app's shell, or the build's prerendered HTML for the pages that have it, with
 * the runtime settings and the page's own head (title, description, canonical link, share-card tags) put
 * in, so crawlers and link previews see them without running JavaScript.
 */
export class Pages {
  private readonly cache = new Map<string, { asset: Asset; status: 200 | 404 }>()

  constructor(
    private readonly shell: string,
    /** Page path → prerendered HTML (dist/prerendered, written by src/prerender.tsx). */
    private readonly prerendered: Map<string, string>,
    private readonly settings: RuntimeSettings,
  ) {}

  /** Drops the pages made so far: the prerendered HTML they came from has changed (the platform's figures). */
  forget() {
    this.cache.clear()
  }

  /** The page for a pathname, with 404 for paths that are not pages of the app. */
  render(pathname: string): { asset: Asset; status: 200 | 404 } {
    const cached = this.cache.get(pathname)
    if (cached) return cached
    const route = matchAppRoute(pathname)
    const template = (route && this.prerendered.get(pathname)) || this.shell
    const html = withHead(
      withRuntimeSettings(template, this.settings),
      headFor(route, pathname, this.settings.siteUrl),
    )
    const body = Buffer.from(html)
    const page = {
      asset: makeLazyAsset('/index.html', body),
      status: route ? 200 : 404,
    } as const
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string)
    this.cache.set(pathname, page)
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
  ) {
    const route = data ? matchAppRoute(pathname) : null
    const head = { ...headFor(route, pathname, this.settings.siteUrl), ...data?.head }
    let html = withHead(withRuntimeSettings(this.shell, this.settings), head)
    if (markup)
      html = insertAt(
        html,
        '<div id="root"></div>',
        `<div id="root" data-prerendered="${escapeHtml(pathname)}">${markup}</div>`,
      )
    if (data) html = insertAt(html, '</head>', `  ${payloadScript(pathname, data.payload)}\n  </head>`)
    const body = Buffer.from(html)
    return {
      asset: makeLazyAsset('/index.html', body),
      status: data ? 200 : 404,
    } as const
  }

  /**
   * A page whose share card depends on the request (an invoice's pay link): the shell with that head, or
   * the app's 404 page with a 404 status when `head` is null. Never cached: the head is someone's.
   */
  renderWithHead(pathname: string, head: Partial<Head> | null) {
    const route = head ? matchAppRoute(pathname) : null
    const html = withHead(withRuntimeSettings(this.shell, this.settings), {
      ...headFor(route, pathname, this.settings.siteUrl),
      ...head,
    })
    const body = Buffer.from(html)
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

/** Reads dist/prerendered/pages.json and the HTML it lists; none when the build made none. */
export function loadPrerendered(dir: string): Map<string, string> {
  const pages = new Map<string, string>()
  const index = path.join(dir, 'pages.json')
  if (!existsSync(index)) return pages
  const listed = JSON.parse(readFileSync(index, 'utf8')) as Record<string, string>
  for (const [pagePath, file] of Object.entries(listed))
    pages.set(pagePath, readFileSync(path.join(dir, file), 'utf8'))
  return pages
}
