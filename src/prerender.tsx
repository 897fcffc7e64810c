import { AsyncLocalStorage } from 'node:async_hooks'
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { setFormatLocale } from '../contract/format-locale'
import { DEFAULT_LANG, LANGS, type Lang } from '../contract/i18n'
import { payloadScript } from '../contract/runtime'
import JoinTiers from './features/catalog/JoinTiers'
import { tiers } from './features/catalog/tiers-view'
import { marketingPayloadsIn } from './features/marketing/content'
import { loadCatalogs, renderingIn, setRenderLangSource } from './lib/i18n'
import { setServerPayloadSource } from './lib/payload'
import { createAppRouter, createQueryClient } from './router'

/**
 * The app's pages rendered to HTML with the real routes and components, so their content shows before any
 * JavaScript runs. As a build step (run by scripts/start.mjs after the client build) it renders /, /features,
 * /pricing, /contact-us, /login and /signup into copies of dist/client/index.html and writes dist/prerendered/{name}.html and
 * pages.json (path → file). The server imports the same bundle and calls `renderPage` for catalog pages
 * (server/web/ssr.ts). Each page carries its payload, so the app starts without asking for it.
 */

/**
 * Pages with no data of their own, the first of many visits (signing in and up): their form shows as soon as
 * the HTML is in, and the app takes it over when it runs.
 */
const STATIC_PAGES = ['/login', '/signup']

/** The payload of the page a render is loading, wherever in that render's work it is asked for. */
const pagePayload = new AsyncLocalStorage<{ pagePath: string; payload: unknown; lang: Lang }>()
setServerPayloadSource(() => pagePayload.getStore() ?? null)
// A membership's tiers, rendered with its page (the browser loads their code only on such a page).
tiers.view = JoinTiers
setRenderLangSource(() => pagePayload.getStore()?.lang)

/**
 * The markup of the page at `url` (path and query) with its payload, in `lang`, prices and dates written in
 * `locale` (the browser's choice, which the page then names for the app). Renders may overlap: the
 * language and the locale are set only for the synchronous render itself.
 */
export function renderPage(url: string, payload: unknown, locale?: string, lang: Lang = DEFAULT_LANG) {
  return render(url, payload, lang, locale)
}

function render(url: string, payload: unknown, lang: Lang, locale?: string): Promise<string> {
  const pagePath = new URL(url, 'http://soko.invalid').pathname
  return pagePayload.run({ pagePath, payload, lang }, () => renderIn(url, pagePath, lang, locale))
}

async function renderIn(url: string, pagePath: string, lang: Lang, locale?: string): Promise<string> {
  const queryClient = createQueryClient()
  await loadCatalogs(pagePath, lang)
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }))
  await router.load()
  const failed = router.state.matches.find((match) => match.status !== 'success')
  if (failed || router.state.matches.length < 2)
    throw new Error(
      `Prerendering ${pagePath} failed at ${failed?.routeId ?? 'route matching'}: ${String(failed?.error)}`,
    )
  // The same tree as the browser's (src/main.tsx), which takes this HTML over as it is.
  const markup = renderingIn(lang, () => {
    setFormatLocale(locale ?? (lang === DEFAULT_LANG ? undefined : 'sw-KE'))
    try {
      return renderToString(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </StrictMode>,
      )
    } finally {
      setFormatLocale(undefined)
    }
  })
  // React answers a component that threw with a client-rendering placeholder (`<!--$!-->`), not an error.
  if (markup.includes('<!--$!-->'))
    throw new Error(
      `A component of ${pagePath} failed to render on the server: the page would show no content`,
    )
  return markup
}

async function main() {
  const dist = path.resolve(process.argv[2] ?? 'dist')
  const template = readFileSync(path.join(dist, 'client', 'index.html'), 'utf8')
  const outDir = path.join(dist, 'prerendered')
  mkdirSync(outDir, { recursive: true })
  const index: Record<string, Partial<Record<Lang, string>>> = {}
  if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill')
  for (const lang of LANGS) {
    const pages: [string, unknown][] = [
      ...Object.entries(marketingPayloadsIn(lang)),
      ...STATIC_PAGES.map((pagePath): [string, unknown] => [pagePath, undefined]),
    ]
    for (const [pagePath, payload] of pages) {
      const markup = await render(pagePath, payload, lang)
      const data = payload === undefined ? '' : `\n    ${payloadScript(pagePath, payload)}`
      // A replacer function: a replacement string would read `$&`, `` $` ``… in the page's text as patterns.
      const html = template
        .replace('<html lang="en"', `<html lang="${lang}"`)
        .replace(
          '<div id="root"></div>',
          () =>
            `<div id="root" data-prerendered="${pagePath}"${lang === DEFAULT_LANG ? '' : ' data-locale="sw-KE"'}>${markup}</div>${data}`,
        )
      const name = pagePath === '/' ? 'index' : pagePath.slice(1).replaceAll('/', '-')
      const file = `${name}${lang === DEFAULT_LANG ? '' : `.${lang}`}.html`
      writeFileSync(path.join(outDir, file), html)
      index[pagePath] = { ...index[pagePath], [lang]: file }
    }
  }
  writeFileSync(path.join(outDir, 'pages.json'), `${JSON.stringify(index, null, 2)}\n`)
  console.log(`Prerendered ${Object.keys(index).join(', ')}`)
}

// Run as a script by the build; imported by the server for renderPage only. The bundle lives under
// node_modules/.cache: where node_modules is a symlink (a git worktree sharing another's), Node names the
// module by its real path, so the script's path is compared resolved, or nothing is prerendered.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) await main()
