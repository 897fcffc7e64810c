import { type Browser, chromium } from 'playwright'
import { chromiumArgs, findChromium } from './chromium'

/**
 * How pages load, for `npm run bench`:
 * - LCP of a product page with JavaScript on and off (Chromium's own LCP events, read over the DevTools
 *   protocol, so they need no script in the page). Equal within 10 % means the app keeps the server's HTML
 *   when it starts instead of painting the page again.
 * - Round trips before interactive: the longest chain of requests each of which the one before it asked for
 *   (the page, a script it names, a chunk that script imports…), of the page's scripts and styles loaded
 *   until the network is idle. The page, then all its scripts at once, is 2.
 */

const RUNS = 5
const CODE = new Set(['Document', 'Script', 'Stylesheet'])
const LCP_TOLERANCE = 0.1
const ROUND_TRIPS_TARGET = 2
/** This machine's figures at commit 578e4be, when the performance work began (from the issue). */
const BASELINE = {
  lcp: '336-660 ms with JavaScript vs 120-308 ms without',
  roundTrips: '3 (route chunks not preloaded; 25 script requests on HTTP/1.1)',
}

export interface LcpFigures {
  path: string
  on: number[]
  off: number[]
}

export interface RoundTrips {
  path: string
  depth: number
  /** The chain that made it that deep, its addresses' last parts. */
  chain: string[]
  scripts: number
}

/** Runs with a Chromium of its own, closed after; a failure is the row's "skipped" text. */
export async function withBrowser<T>(run: (browser: Browser) => Promise<T>): Promise<T | string> {
  const executablePath = findChromium()
  if (!executablePath) return 'skipped: no Chromium (see npm run test:e2e)'
  const browser = await chromium.launch({ executablePath, args: chromiumArgs })
  try {
    return await run(browser)
  } catch (error) {
    return `skipped: ${(error as Error).message.split('\n')[0]}`
  } finally {
    await browser.close()
  }
}

interface TimelineEvent {
  type: string
  time: number
}

/** One cold load: the last LCP candidate's time from the document's request, in ms. */
async function lcpOnce(browser: Browser, url: string, javaScriptEnabled: boolean): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
    javaScriptEnabled,
  })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    let started = 0
    let last = 0
    cdp.on('Network.requestWillBeSent', (event: { type?: string; wallTime: number }) => {
      if (event.type === 'Document' && !started) started = event.wallTime
    })
    cdp.on('PerformanceTimeline.timelineEventAdded', ({ event }: { event: TimelineEvent }) => {
      if (event.type === 'largest-contentful-paint') last = Math.max(last, event.time)
    })
    await cdp.send('Network.enable')
    await cdp.send('PerformanceTimeline.enable', { eventTypes: ['largest-contentful-paint'] })
    await page.goto(url, { waitUntil: 'networkidle' })
    // LCP is final at the first input; until then a late paint would still count, so give paints a moment.
    await page.waitForTimeout(300)
    if (!started || !last) throw new Error('no LCP event was reported')
    return Math.round((last - started) * 1000)
  } finally {
    await context.close()
  }
}

export function lcpWithAndWithoutJs(baseUrl: string, path: string): Promise<LcpFigures | string> {
  return withBrowser(async (browser) => {
    const figures: LcpFigures = { path, on: [], off: [] }
    for (let run = 0; run < RUNS; run++) {
      figures.on.push(await lcpOnce(browser, baseUrl + path, true))
      figures.off.push(await lcpOnce(browser, baseUrl + path, false))
    }
    return figures
  })
}

interface SentRequest {
  requestId: string
  type?: string
  request: { url: string }
  initiator: { type: string; url?: string; stack?: StackTrace }
}
interface StackTrace {
  callFrames: { url: string }[]
  parent?: StackTrace
}

function initiatorUrl(initiator: SentRequest['initiator']): string | undefined {
  if (initiator.url) return initiator.url
  for (let stack = initiator.stack; stack; stack = stack.parent)
    for (const frame of stack.callFrames) if (frame.url) return frame.url
  return undefined
}

export function roundTripsBeforeInteractive(
  baseUrl: string,
  paths: string[],
): Promise<RoundTrips[] | string> {
  return withBrowser(async (browser) => {
    const results: RoundTrips[] = []
    for (const path of paths) {
      const context = await browser.newContext({ serviceWorkers: 'block' })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      const depth = new Map<string, { depth: number; from?: string }>()
      const document = baseUrl + path
      const byId = new Map<string, string>()
      const finished: string[] = []
      let scripts = 0
      cdp.on('Network.requestWillBeSent', (event: SentRequest) => {
        const url = event.request.url.split('#')[0] ?? ''
        // The code and styles a page needs to answer; images and later data do not hold it up.
        if (depth.has(url) || !url.startsWith(baseUrl) || !CODE.has(event.type ?? '')) return
        byId.set(event.requestId, url)
        if (event.type === 'Script') scripts++
        let from = initiatorUrl(event.initiator)?.split('#')[0]
        // A preload the page's inline script adds is reported as from "about:client": no address of ours.
        if (from && !from.startsWith(baseUrl)) from = undefined
        // A module the app's code asked for (Vite's preload helper reports no address): that code had to
        // arrive first, so it is one round trip after the deepest script finished by then.
        if (!from || !depth.has(from))
          for (const done of finished)
            if ((depth.get(done)?.depth ?? 0) > (from ? (depth.get(from)?.depth ?? 0) : 0)) from = done
        // Asked for before any script had arrived, by the page's own inline code: the page came first.
        if (!from && event.type !== 'Document') from = document
        const parent = from ? depth.get(from) : undefined
        depth.set(url, { depth: (parent?.depth ?? 0) + 1, from })
      })
      cdp.on('Network.loadingFinished', ({ requestId }: { requestId: string }) => {
        const url = byId.get(requestId)
        if (url?.endsWith('.js')) finished.push(url)
      })
      await cdp.send('Network.enable')
      await page.goto(baseUrl + path, { waitUntil: 'networkidle' })
      await context.close()
      let deepest = ''
      for (const [url, { depth: d }] of depth) if (d > (depth.get(deepest)?.depth ?? 0)) deepest = url
      const chain: string[] = []
      for (let url: string | undefined = deepest; url; url = depth.get(url)?.from)
        chain.unshift(url.replace(baseUrl, '') || '/')
      results.push({ path, depth: depth.get(deepest)?.depth ?? 0, chain, scripts })
    }
    return results
  })
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

export function printLoading(
  lcp: LcpFigures | string,
  trips: RoundTrips[] | string,
  label: (p: string) => string,
) {
  if (typeof lcp === 'string') console.log(`  LCP with JavaScript on and off: ${lcp}`)
  else {
    const on = median(lcp.on)
    const off = median(lcp.off)
    const within = on <= off * (1 + LCP_TOLERANCE)
    console.log(
      `  LCP of ${label(lcp.path)} (phone, no throttling, median of ${RUNS}): JavaScript on ${on} ms ` +
        `(${Math.min(...lcp.on)}-${Math.max(...lcp.on)}), off ${off} ms (${Math.min(...lcp.off)}-${Math.max(...lcp.off)}) ` +
        `(target: equal within ${LCP_TOLERANCE * 100} %: ${within ? 'within' : 'OVER'}; baseline ${BASELINE.lcp})`,
    )
  }
  if (typeof trips === 'string') {
    console.log(`  round trips before interactive: ${trips}`)
    return
  }
  console.log(
    `  round trips before interactive (target ${ROUND_TRIPS_TARGET}; baseline ${BASELINE.roundTrips}):`,
  )
  for (const { path, depth, chain, scripts } of trips)
    console.log(
      `    ${label(path).padEnd(28)} ${depth} (${depth <= ROUND_TRIPS_TARGET ? 'within' : 'OVER'}), ` +
        `${scripts} script requests; deepest: ${chain.join(' → ')}`,
    )
}
