import { chromium } from 'playwright'
import { chromiumArgs, findChromium } from './chromium'

/**
 * A first visit's bytes for `npm run bench`: what a fresh browser receives for the page (HTML, scripts,
 * styles, images, payloads) until the network is idle, and what the service worker fetches into its
 * precache once installed, both as sent on the wire (compressed bodies and headers).
 */

/** The performance issue's target: the precache adds at most 30 % to the page's own bytes. */
const TARGET_RATIO = 1.3
/** This machine's figures when the performance work began: every chunk was precached, Firebase's too. */
const BASELINE =
  '1.28 times when the lite pages began; page 182.6 KB, precache 262.0 KB in 153 requests: 2.43 times before the performance work'

/**
 * A response's bytes on the wire, headers included. One the browser's HTTP cache answered (the worker's
 * fetch of a script the page has just loaded) crossed no wire: Chromium reports its body as minus its headers.
 */
export function wireBytes({
  responseBodySize,
  responseHeadersSize,
}: {
  responseBodySize: number
  responseHeadersSize: number
}) {
  return Math.max(0, responseBodySize + responseHeadersSize)
}

export interface FirstVisit {
  path: string
  pageBytes: number
  pageRequests: number
  precacheBytes: number
  precacheRequests: number
}

export async function firstVisitBytes(baseUrl: string, path: string): Promise<FirstVisit | string> {
  const executablePath = findChromium()
  if (!executablePath) return 'skipped: no Chromium (see npm run test:e2e)'
  const browser = await chromium.launch({ executablePath, args: chromiumArgs })
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow' })
    const figures: FirstVisit = { path, pageBytes: 0, pageRequests: 0, precacheBytes: 0, precacheRequests: 0 }
    const sizes: Promise<void>[] = []
    context.on('requestfinished', (request) => {
      const fromWorker = request.serviceWorker() !== null
      sizes.push(
        request.sizes().then(
          (sizes) => {
            const bytes = wireBytes(sizes)
            if (fromWorker) {
              figures.precacheBytes += bytes
              figures.precacheRequests++
            } else {
              figures.pageBytes += bytes
              figures.pageRequests++
            }
          },
          () => {},
        ),
      )
    })
    const page = await context.newPage()
    await page.goto(baseUrl + path, { waitUntil: 'networkidle' })
    // The worker installs (precaching) after the page has loaded; its work is over once it is active.
    await page.evaluate('navigator.serviceWorker.ready.then((registration) => registration.active?.state)')
    await page.waitForLoadState('networkidle')
    await Promise.all(sizes)
    await context.close()
    return figures
  } catch (error) {
    return `skipped: ${(error as Error).message}`
  } finally {
    await browser.close()
  }
}

export function printFirstVisit(figures: FirstVisit | string) {
  if (typeof figures === 'string') {
    console.log(`  first visit with the service worker's precache: ${figures}`)
    return
  }
  const { path, pageBytes, pageRequests, precacheBytes, precacheRequests } = figures
  const ratio = (pageBytes + precacheBytes) / pageBytes
  console.log(
    `  first visit to ${path}: page ${(pageBytes / 1024).toFixed(1)} KB (${pageRequests} requests), then the ` +
      `precache ${(precacheBytes / 1024).toFixed(1)} KB (${precacheRequests} requests) = ${ratio.toFixed(2)} times ` +
      `the page (target <= ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? 'within' : 'OVER'}; baseline ${BASELINE})`,
  )
}
