import path from 'node:path'
import { type Context, Hono } from 'hono'
import { REQUEST } from '../../contract/errors/common'
import { DEFAULT_LANG, intlLocale, isLang, LANGS, type Lang } from '../../contract/i18n'
import type { PlatformTerms } from '../../contract/platform-terms.contract'
import { payloadPath } from '../../contract/runtime'
import type { Database } from '../db/client'
import { payPageHead } from '../features/invoices'
import { translate } from '../lib/i18n'
import type { AppServices } from '../services'
import { CatalogCache } from './catalog-cache'
import { fillFigures, PageFigureFiller } from './figures'
import { NOT_FOUND } from './guards'
import { runtimeSettings } from './html'
import { loadModeCookie } from './lite'
import { contextLang, langCookie, pageLocale, requestLang } from './locale'
import type { PageStyle } from './page-style'
import { loadPrerendered, loadRouteScripts, Pages } from './pages'
import { appContentSecurityPolicy } from './security-headers'
import { ServerRenderer } from './ssr'
import { type Asset, loadAssets, makeLazyAsset, negotiate } from './static'
import { isCatalogPage, pageExists, publicData } from './storefront'

/** Paths the server owns: never answered with the app's HTML. */
const SERVER_OWNED = /^\/(files|hooks|builds|sandbox|assets|icons|o|i|invoices)\/|\/_payload\.json$/

/** The site: the build's files, the pages and their data, for every GET no other route takes. */
export interface Site {
  routes: Hono
  /** The build being served (`/builds/latest.json`), or "dev" without one. */
  buildId: string
  /** The Content-Security-Policy of the app's pages: their inline scripts are the build's own. */
  policy: string
  /** Loads the server renderer before the first catalog page asks for it. */
  warm(): Promise<void>
  /** The app's styles as the build inlines them, cut to each page made without React; null before a build. */
  style: PageStyle | null
}

/**
 * The build's files as they are (compressed once, with validators), the pages with their head and first
 * data (catalog pages rendered by the server and kept until the catalog changes on any instance), the
 * marketing pages with the fee and hold in force, and every other path a page of the app (its status
 * telling crawlers and people with scripts off what the path is).
 */
/**
 * A page of the app as plain HTML for a browser without script (an invoice's pay page, the library, the
 * door): its markup for the app's root and the cookies it sets; null when the path has none.
 */
export type PlainPageMarkup = (c: Context) => Promise<{ markup: string; cookies: string[] } | null>

export function createSite(
  services: AppServices,
  catalogVersion: Database['catalogVersion'],
  plainMarkup: PlainPageMarkup = async () => null,
): Site {
  const { config, log, terms, db } = services
  const assets = loadAssets(config.clientDir)
  const template = assets.get('/index.html')
  const buildId = readBuildId(assets)
  const prerendered = loadPrerendered(path.join(path.dirname(config.clientDir), 'prerendered'))
  // The build's words for the home page: answered with the products of the moment added, never as a file.
  const homePayloadPath = payloadPath('/')
  const homeText = {
    en: takeAsset(assets, homePayloadPath),
    sw: takeAsset(assets, inLanguageFile(homePayloadPath, 'sw')),
  }
  const wordsOf = (next: PlatformTerms) =>
    Object.fromEntries(
      LANGS.map((lang) => {
        const text = homeText[lang]
        return [
          lang,
          text === undefined ? undefined : (JSON.parse(fillFigures(text, { terms: next })) as object),
        ]
      }),
    ) as Record<Lang, object | undefined>
  let homeWords = wordsOf(terms.defaults)
  // Catalog pages and payloads, made once per address until the catalog changes on any instance.
  const catalogAnswers = new CatalogCache<Answer | null>(catalogVersion)
  // The marketing pages state the fee and the hold: filled with the terms in force, again on each change.
  const figures = new PageFigureFiller(assets, prerendered)
  figures.fill({ terms: terms.defaults })
  terms.onChange((next) => {
    figures.fill({ terms: next })
    homeWords = wordsOf(next)
    catalogAnswers.clear()
    pages?.forget()
  })
  const statesFigures = (urlPath: string) =>
    figures.states(urlPath) || urlPath === '/' || urlPath === homePayloadPath
  const pages = template
    ? new Pages(
        template.body.toString('utf8'),
        prerendered,
        runtimeSettings(config, buildId),
        loadRouteScripts(path.dirname(config.clientDir)),
      )
    : null
  // Browsers ask for /favicon.ico on a page that names no icon (an old browser, a plain page cached from
  // before): the app's icon, not the 13 KB page of a missing path.
  const icon = assets.get('/favicon.svg')
  if (icon && !assets.has('/favicon.ico')) assets.set('/favicon.ico', icon)
  // The service worker's offline shell: the same page with no route's head in it.
  if (pages) assets.set('/index.html', pages.shellAsset())
  // One policy for all the app's pages: its inline scripts are the build's own, the same in every page.
  const appPolicy = appContentSecurityPolicy(config, pages?.scriptHashes() ?? [])

  const renderer = new ServerRenderer(config.rootDir, config.clientDir, log)
  const routes = new Hono()

  routes.get('*', async (c) => {
    const path = c.req.path
    // A page stating the fee or the hold: the terms are read (kept for a second) before it is answered.
    if (statesFigures(path)) await terms.get()
    const url = new URL(c.req.url)
    const params = url.searchParams
    // A page's words in Kiswahili: the build's file of them, when it has one.
    const wordsLang = params.get('lang')
    const words =
      isLang(wordsLang) && path.endsWith('/_payload.json') ? inLanguageFile(path, wordsLang) : path
    const asset = assets.get(words) ?? assets.get(path)
    if (asset) return sendAsset(c, asset)
    if (path.endsWith('/_payload.json')) {
      const pagePath = path.slice(0, -'/_payload.json'.length) || '/'
      const lang = isLang(wordsLang) ? wordsLang : DEFAULT_LANG
      const answer = isCatalogPage(pagePath)
        ? await catalogAnswers.get(`payload ${pagePath}${url.search}`, async () => {
            const data = await publicData(db, pagePath, params, config.publicUrl, homeWords[lang], lang)
            return data ? payloadAnswer(data.payload) : null
          })
        : null
      return sendAnswer(c, answer ?? NO_PAYLOAD)
    }
    if (SERVER_OWNED.test(path))
      return c.text(translate(contextLang(c), NOT_FOUND), 404, { 'cache-control': 'no-store' })
    if (!pages)
      // i18n-ignore: for the operator who started the server before building the app
      return c.text('The app is not built yet: run `npm run build` (npm start does it for you).', 503, {
        'retry-after': '5',
      })
    // The page's language: an address that names one keeps it for the pages after (the switch without
    // scripts is a link to ?lang=); each answer says which request headers chose it.
    const { lang, fromQuery } = requestLang(
      params.get('lang') ?? undefined,
      c.req.header('cookie'),
      c.req.header('accept-language'),
    )
    if (fromQuery) c.header('set-cookie', langCookie(lang, config.publicUrl.startsWith('https:')))
    const loadMode = loadModeCookie(c.req.header('save-data'), c.req.header('cookie'))
    if (loadMode) c.header('set-cookie', loadMode, { append: true })
    // An invoice's pay link: its share card says who bills how much; a link naming nothing is a 404.
    if (path === '/p') {
      const plain = await plainMarkup(c)
      for (const cookie of plain?.cookies ?? []) c.header('set-cookie', cookie, { append: true })
      const head = await payPageHead(services, params, lang)
      const page = pages.renderWithHead(path, head, lang, head ? (plain?.markup ?? null) : null)
      return sendAsset(c, page.asset, page.status, 'no-store')
    }
    // Catalog pages: their head (share card), first data and markup come from the database and the
    // server renderer, made again only when the catalog has changed since.
    // Written in the visitor's language (prices, dates), which the page names for the app.
    const accept = c.req.header('accept-language')
    const locale = isCatalogPage(path) ? intlLocale(lang, accept, pageLocale(accept)) : null
    const catalogPage = locale
      ? await catalogAnswers.get(`page ${path}${url.search} ${lang} ${locale}`, async () => {
          const data = await publicData(db, path, params, config.publicUrl, homeWords[lang], lang)
          if (data === undefined) return null
          const markup = data
            ? await renderer.render(`${path}${url.search}`, data.payload, locale, lang)
            : null
          return { ...pages.renderData(path, data, markup, locale, lang), byLanguage: true }
        })
      : null
    if (catalogPage) return sendAnswer(c, catalogPage)
    // A page whose existence depends on data (a service to book, an order, an invoice, a customer): an
    // address naming none is the app's 404 page with a 404 status, never cached (a service may appear).
    if ((await pageExists(db, path)) === false) {
      const missing = pages.renderWithHead(path, null, lang)
      return sendAsset(c, missing.asset, missing.status, 'no-store')
    }
    // A page someone's own (the library, the door) as plain HTML, for a browser without script.
    const plain = await plainMarkup(c)
    if (plain) {
      for (const cookie of plain.cookies) c.header('set-cookie', cookie, { append: true })
      const page = pages.renderWithHead(path, {}, lang, plain.markup)
      return sendAsset(c, page.asset, page.status, 'private, no-store')
    }
    // The status tells crawlers and people with scripts off what a path is; the head, what the page is.
    const page = pages.render(path, lang)
    return sendAsset(c, page.asset, page.status, page.asset.cacheControl, true)
  })

  return { routes, buildId, policy: appPolicy, warm: () => renderer.warm(), style: pages?.style ?? null }
}

/** An answer kept for many requests: its bytes (compressed as asked, once) and its status. */
interface Answer {
  asset: Asset
  status: 200 | 404
  /** Written in the language the request asked for: a cache in front must keep one per language. */
  byLanguage?: boolean
}

/** A page's data as JSON, always revalidated: a changed price must show at once, an unchanged one is a 304. */
function payloadAnswer(payload: unknown): Answer {
  return {
    asset: makeLazyAsset('/_payload.json', Buffer.from(JSON.stringify(payload)), 'no-cache'),
    status: 200,
  }
}

const NO_PAYLOAD: Answer = {
  asset: makeLazyAsset(
    '/_payload.json',
    Buffer.from(JSON.stringify({ message: REQUEST.nothingHere.message, code: REQUEST.nothingHere.id })),
    'no-cache',
  ),
  status: 404,
}

function sendAnswer(c: Context, answer: Answer) {
  return sendAsset(c, answer.asset, answer.status, answer.asset.cacheControl, answer.byLanguage)
}

function sendAsset(
  c: Context,
  asset: Asset,
  status: 200 | 404 = 200,
  cacheControl = asset.cacheControl,
  byLanguage = false,
) {
  const headers: Record<string, string> = {
    'content-type': asset.type,
    'cache-control': cacheControl,
    etag: asset.etag,
  }
  const vary = [
    asset.br || asset.gzip || asset.lazy ? 'Accept-Encoding' : '',
    // The language comes from the cookie, else Accept-Language: a shared cache keeps one per both.
    byLanguage ? 'Accept-Language, Cookie' : '',
  ]
  if (vary.some(Boolean)) headers.vary = vary.filter(Boolean).join(', ')
  if (
    status === 200 &&
    c.req
      .header('if-none-match')
      ?.split(/\s*,\s*/)
      .includes(asset.etag)
  )
    return c.body(null, 304, headers)
  const { body, encoding } = negotiate(asset, c.req.header('accept-encoding') ?? '')
  if (encoding) headers['content-encoding'] = encoding
  return c.body(
    new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>,
    status,
    headers,
  )
}

/** A file of the build in another language: `/pricing/_payload.json` → `/pricing/_payload.sw.json`. */
function inLanguageFile(file: string, lang: Lang): string {
  return lang === DEFAULT_LANG ? file : file.replace(/\.json$/, `.${lang}.json`)
}

/** A file of the build as text, taken out of the files served as they are; undefined when absent. */
function takeAsset(assets: Map<string, Asset>, name: string): string | undefined {
  const asset = assets.get(name)
  if (!asset) return undefined
  assets.delete(name)
  return asset.body.toString('utf8')
}

function readBuildId(assets: Map<string, Asset>): string {
  const latest = assets.get('/builds/latest.json')
  if (!latest) return 'dev'
  try {
    return (JSON.parse(latest.body.toString('utf8')) as { id: string }).id
  } catch {
    return 'dev'
  }
}
