import { type Browser, type BrowserContext, test as base } from '@playwright/test'
import { type GeoService, startGeoService } from '../support/geo-service'
import { startWorkerServer, type WorkerServer } from './worker-server'

export { expect } from '@playwright/test'

/**
 * Chromium's console lines for a blocked load or script ("Refused to load … because it violates the
 * following Content Security Policy directive …"), and ours from the page's `securitypolicyviolation` event.
 */
const CSP_MESSAGE = /Content[- ]Security[- ]Policy/i

/** The violations of the test that is running: every context it opens reports here. */
let current: string[] | null = null
const watched = new WeakSet<BrowserContext>()

/**
 * Collects the Content-Security-Policy violations of a context's pages for the running test, which then
 * fails if there were any. `test` below does this for the contexts it gives and the ones a test opens
 * with `browser.newContext()`; call it for a context launched another way (`launchPersistentContext`).
 */
export async function watchCsp(context: BrowserContext) {
  if (watched.has(context)) return
  watched.add(context)
  context.on('console', (message) => {
    if (CSP_MESSAGE.test(message.text()))
      current?.push(`${message.location().url || message.page()?.url() || '?'}: ${message.text()}`)
  })
  // Violations the console might word differently, from the page itself (every frame).
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      )
    })
  })
}

/**
 * Playwright's `test` on the worker's own Soko (`soko`, also the `baseURL` of pages and `request`), failing
 * any test whose pages report a Content-Security-Policy violation. Every spec imports `test` and `expect`
 * from here.
 */
export const test = base.extend<{ cspGuard: undefined }, { geo: GeoService; soko: WorkerServer }>({
  geo: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const geo = await startGeoService()
      await use(geo)
      await geo.close()
    },
    { scope: 'worker' },
  ],
  soko: [
    async ({ geo }, use) => {
      const soko = await startWorkerServer(geo.url)
      // Helpers that read mail from the outbox (through the API, tests/e2e/outbox.ts) find this worker's
      // server in the environment.
      process.env.SOKO_E2E_URL = soko.url
      await use(soko)
      await soko.stop()
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ soko }, use) => {
    await use(soko.url)
  },
  cspGuard: [
    async ({ browser }, use, testInfo) => {
      const violations: string[] = []
      current = violations
      const restore = watchNewContexts(browser)
      await use(undefined)
      restore()
      current = null
      if (violations.length)
        await testInfo.attach('csp-violations.txt', {
          body: violations.join('\n'),
          contentType: 'text/plain',
        })
      base
        .expect(violations, 'Content-Security-Policy violations reported in the browser console')
        .toEqual([])
    },
    { auto: true },
  ],
  context: async ({ context, cspGuard: _ }, use) => {
    await watchCsp(context)
    await use(context)
  },
})

/** Watches every context `browser.newContext()` (and so `browser.newPage()`) opens until restored. */
function watchNewContexts(browser: Browser): () => void {
  const original = browser.newContext
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await original.apply(browser, args)
    await watchCsp(context)
    return context
  }
  return () => {
    browser.newContext = original
  }
}
