import { gzipSync } from 'node:zlib'
import { withBrowser } from './bench-loading'

/**
 * The lite pages for `npm run bench`: the JavaScript a phone on a slow connection runs before its first
 * tap (the page asks to save data, so its start script runs the small script and not the app), and what a
 * returning visitor whose service worker is installed gets.
 */

/** The target of the JavaScript before the first interaction on a slow connection, gzip. */
export const LITE_JS_TARGET = 30 * 1024

export interface LiteLoad {
  /** Every script's gzip bytes, inline ones included, until the network is idle. */
  bytes: number
  /** The scripts asked for from the server. */
  files: string[]
  /** Whether the app started (it must not on a standalone page). */
  app: boolean
}

/** Each page opened cold by a phone saving data, to the network idle, with no tap. */
export async function liteFirstLoad(baseUrl: string, paths: string[]) {
  return withBrowser(async (browser) => {
    const loads: Record<string, LiteLoad> = {}
    for (const path of paths) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        extraHTTPHeaders: { 'Save-Data': 'on' },
      })
      const page = await context.newPage()
      const load: LiteLoad = { bytes: 0, files: [], app: false }
      const pending: Promise<void>[] = []
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return
        load.files.push(new URL(response.url()).pathname)
        pending.push(
          response.body().then(
            (body) => {
              load.bytes += gzipSync(body, { level: 9 }).length
            },
            () => {},
          ),
        )
      })
      await page.goto(baseUrl + path, { waitUntil: 'networkidle' })
      await Promise.all(pending)
      const inline = (await page.evaluate(
        "[...document.querySelectorAll('script:not([src])')].filter((s) => !s.type.includes('json')).map((s) => s.textContent).join('')",
      )) as string
      load.bytes += gzipSync(inline, { level: 9 }).length
      load.app = (await page.evaluate('document.documentElement.dataset.build !== undefined')) as boolean
      loads[path] = load
      await context.close()
    }
    return loads
  })
}

export interface ReturningVisit {
  path: string
  /** What crossed the wire for the page, the worker's fetches included (compressed, with headers). */
  bytes: number
  requests: number
  fromWorker: boolean
  serverHtml: boolean
}

/**
 * A visitor who came once (the worker installed and its precache done) opens a product page again: the
 * bytes on the wire, and whether the worker answered with the server's HTML (the page's markup), not the
 * empty shell. Bytes, not times: Chromium's network emulation slows a page's requests but not its
 * worker's, so a time measured here would flatter the worker.
 */
export async function returningVisit(baseUrl: string, path: string) {
  return withBrowser(async (browser) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
    const first = await context.newPage()
    await first.goto(`${baseUrl}/`, { waitUntil: 'networkidle' })
    await first.waitForFunction(
      () =>
        (globalThis as unknown as { navigator: { serviceWorker: { controller: object | null } } }).navigator
          .serviceWorker.controller !== null,
      undefined,
      { timeout: 30_000 },
    )
    await first.waitForLoadState('networkidle')
    await first.close()
    let bytes = 0
    let requests = 0
    const sizes: Promise<void>[] = []
    context.on('requestfinished', (request) => {
      sizes.push(
        request.sizes().then(
          ({ responseBodySize, responseHeadersSize }) => {
            const wire = Math.max(0, responseBodySize + responseHeadersSize)
            if (wire > 0) requests++
            bytes += wire
          },
          () => {},
        ),
      )
    })
    const page = await context.newPage()
    const response = await page.goto(baseUrl + path, { waitUntil: 'networkidle' })
    const html = (await response?.text()) ?? ''
    await Promise.all(sizes)
    const visit: ReturningVisit = {
      path,
      bytes,
      requests,
      fromWorker: response?.fromServiceWorker() ?? false,
      serverHtml: html.includes('data-prerendered='),
    }
    await context.close()
    return visit
  })
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

export function printLite(loads: Record<string, LiteLoad> | string, label: (path: string) => string) {
  if (typeof loads === 'string') {
    console.log(`  JS before the first tap on a slow connection: ${loads}`)
    return
  }
  console.log(
    `  JS before the first tap on a slow connection (Save-Data; target <= ${kb(LITE_JS_TARGET)} gzip; ` +
      'before the lite pages: the whole app, 124.3 KB on /, 128.1 KB on a product page):',
  )
  for (const [path, { bytes, files, app }] of Object.entries(loads))
    console.log(
      `    ${label(path).padEnd(28)} ${kb(bytes)} (${bytes <= LITE_JS_TARGET ? 'within' : 'OVER'}), ` +
        `${files.length} file(s)${app ? ', ! the app started' : ''}`,
    )
}

export function printReturning(visit: ReturningVisit | string, label: (path: string) => string) {
  if (typeof visit === 'string') {
    console.log(`  returning visitor on 2G: ${visit}`)
    return
  }
  const { path, bytes, requests, fromWorker, serverHtml } = visit
  console.log(
    `  returning visitor, worker installed, ${label(path)}: ${kb(bytes)} on the wire in ${requests} ` +
      `requests; answered by the worker: ${fromWorker ? 'yes' : 'no'}, with the server's HTML: ` +
      `${serverHtml ? 'yes' : 'NO'} (before the lite pages: the empty shell, then the app's data)`,
  )
}
