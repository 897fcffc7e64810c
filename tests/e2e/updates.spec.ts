import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { freePort } from '../support/net'
import { rootDir, type ServerProcess, startBuiltServer } from '../support/process'
import { expect, test } from './fixtures'

const SECOND = 'e2e-second-build'
const THIRD = 'e2e-third-build'

// Asked while a page may be loading: a navigation in between answers undefined, and polling asks again.
const buildOf = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.build).catch(() => undefined)
const mark = (page: Page) =>
  page.evaluate(() => {
    ;(window as { marker?: number }).marker = 1
  })
const marked = (page: Page) =>
  page.evaluate(() => (window as { marker?: number }).marker === 1).catch(() => undefined)
/** What the app does when the tab is shown again: check builds/latest.json. */
const tabShown = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))

test('a new build loads on the next navigation, not before, and one path reloads at most once in 10 s', async ({
  browser,
  geo,
}) => {
  test.setTimeout(180_000)
  const work = mkdtempSync(path.join(tmpdir(), 'soko-builds-'))
  const dataDir = path.join(work, 'data')
  const port = String(await freePort())
  const serve = (distDir?: string) =>
    startBuiltServer(dataDir, {
      PORT: port,
      DEMO_DATA: 'off',
      GEO_URL: `${geo.url}/json/`,
      ...(distDir ? { DIST_DIR: distDir } : {}),
    })
  // The same sources built again under another id (`npm run build:e2e`, before the run): another entry
  // chunk, another service worker.
  const second = path.join(rootDir, 'dist-e2e', 'second')
  const built = JSON.parse(readFileSync(path.join(second, 'client', 'builds', 'latest.json'), 'utf8'))
  expect(built.id, 'the second build is made by `npm run build:e2e`').toBe(SECOND)
  // A third deployment that only announces a newer id, to try the reload throttle.
  const third = path.join(work, 'third')
  cpSync(second, third, { recursive: true })
  const info = JSON.stringify({ id: THIRD, timestamp: Date.now() })
  writeFileSync(path.join(third, 'client', 'builds', 'latest.json'), info)
  writeFileSync(path.join(third, 'client', 'builds', 'meta', `${THIRD}.json`), info)

  let server: ServerProcess = await serve()
  const context = await browser.newContext({ baseURL: server.url })
  const page = await context.newPage()
  const logs: string[] = []
  page.on('console', (message) => logs.push(message.text()))
  try {
    await page.goto('/')
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    const first = await buildOf(page)
    expect(first).toMatch(/^[0-9a-f]{16}$/)

    // Deploy the second build while the page stays open.
    await server.stop()
    server = await serve(second)
    await mark(page)
    await tabShown(page)
    await expect(page.getByText('A new version of Soko is ready')).toBeVisible()
    // Found, but nothing reloads until the person moves to another page.
    expect(await marked(page)).toBe(true)
    expect(await buildOf(page)).toBe(first)

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing')
    // The full load waits for the new service worker to take over: on a busy machine that is seconds.
    // 15 s was missed once in three clean-clone runs: that trace shows the full load answered by the old
    // service worker's shell, with every request quick, so more time may not be what it needs.
    await expect.poll(() => buildOf(page), { timeout: 30_000 }).toBe(SECOND)
    expect(await marked(page)).toBe(false)
    // The new service worker took over, so the shell it serves is the new build's too.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated')

    // A third deployment: the page reloads into /explore, then /pricing again within 10 s is not reloaded.
    await server.stop()
    server = await serve(third)
    await tabShown(page)
    await expect(page.getByText('A new version of Soko is ready')).toBeVisible()
    await mark(page)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Explore')
    await expect.poll(() => marked(page)).toBe(false)
    // The reloaded page (still the second build's code) finds the third id 1000 ms after start.
    await expect(page.getByText('A new version of Soko is ready')).toBeVisible()
    await mark(page)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing')
    await expect
      .poll(() =>
        logs.some((line) => line.startsWith('Not reloading /pricing: it was reloaded less than 10000 ms')),
      )
      .toBe(true)
    expect(await marked(page)).toBe(true)
  } catch (error) {
    console.log(logs.join('\n'))
    throw error
  } finally {
    await context.close()
    await server.stop()
    rmSync(work, { recursive: true, force: true })
  }
})
