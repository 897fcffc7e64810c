import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Lang } from '../../contract/i18n'
import { ssrDir } from '../../scripts/ssr-dir.mjs'
import type { Logger } from '../lib/log'

type RenderPage = (url: string, payload: unknown, locale?: string, lang?: Lang) => Promise<string>

/**
 * Server rendering of catalog pages: the build's src/prerender.tsx bundle, loaded on the first catalog
 * page, renders a product, creator or search with the app's own components, so the page shows (and its
 * first photo starts loading) before any JavaScript runs. Without that bundle (a build that has none, or
 * tests) pages are sent without markup and the app renders them as usual.
 */
export class ServerRenderer {
  private loading: Promise<RenderPage | null> | null = null

  constructor(
    private readonly rootDir: string,
    private readonly clientDir: string,
    private readonly log: Logger,
  ) {}

  private load(): Promise<RenderPage | null> {
    this.loading ??= (async () => {
      const file = path.join(ssrDir(this.rootDir, path.dirname(this.clientDir)), 'prerender.js')
      if (!existsSync(file)) return null
      try {
        const module = (await import(pathToFileURL(file).href)) as { renderPage?: RenderPage }
        return module.renderPage ?? null
      } catch (error) {
        this.log.error('the server renderer could not be loaded: pages render in the browser only', { error })
        return null
      }
    })()
    return this.loading
  }

  /** Loads the renderer ahead of the first catalog page, so its first visitor does not wait for it. */
  async warm(): Promise<void> {
    await this.load()
  }

  /**
   * The page's markup in `lang`, prices and dates written in `locale`, or null when it cannot be rendered here (the
   * browser then renders it).
   */
  async render(url: string, payload: unknown, locale: string, lang: Lang): Promise<string | null> {
    const renderPage = await this.load()
    if (!renderPage) return null
    try {
      return await renderPage(url, payload, locale, lang)
    } catch (error) {
      this.log.warn('a page could not be rendered on the server', { url, error })
      return null
    }
  }
}
