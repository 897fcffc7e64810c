import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  request,
} from '@playwright/test'
import { PART_BYTES } from '../../contract/downloads'
import { type DropProxy, startDropProxy } from '../support/drop-proxy'
import { freePort } from '../support/net'
import { type ServerProcess, startBuiltServer } from '../support/process'
import { e2eDataDir } from './data-template'
import { expect, test } from './fixtures'
import { savedQueries, setOffline, trackOnLine } from './offline'
import { rpc, sellDigitalProduct } from './seller'
import { signIn } from './session'

/**
 * The offline library in Chromium against the built server, behind a proxy that slows file bytes to a
 * phone's link, counts them, and breaks connections off: a 20 MB purchase survives three offline spells
 * and three server drops with the right SHA-256 and at most a part re-sent per drop; links that expire
 * mid-download are replaced; a file replaced on the server starts over cleanly; and with no network at
 * all /downloads, the kept file, /account/purchases and /account/transactions still open.
 */

const SELLER = { email: 'wanjiru@soko.test', password: 'soko-demo-2026' }
const BUYER = { email: 'admin@soko.test', password: 'soko-demo-2026' }
const MB = 1024 * 1024
const SIZE = 20 * MB
/** A phone's good 3G day, so that a 20 MB file takes long enough to be cut off. */
const RATE = 3 * MB
/** Links live this long: a 20 MB download at RATE outlives several. */
const LINK_SECONDS = 3

const run = randomBytes(3).toString('hex')
const fileName = `course-${run}.zip`
/** A second, small file of the same purchase: it waits for the course instead of competing with it. */
const notesName = `notes-${run}.zip`
const sha = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex')

let server: ServerProcess
let proxy: DropProxy
let dataDir: string
let api: APIRequestContext
let fileBytes: Buffer
let notesBytes: Buffer
let productId = ''
let orderId = ''

function randomFile(size: number): Buffer {
  const bytes = randomBytes(size)
  // A ZIP's first bytes, so the upload's type check accepts it.
  bytes.set([0x50, 0x4b, 0x03, 0x04])
  return bytes
}

test.describe.configure({ mode: 'serial' })
test.setTimeout(120_000)

test.beforeAll(async () => {
  dataDir = e2eDataDir('soko-library-')
  const port = await freePort()
  proxy = await startDropProxy(`http://127.0.0.1:${port}`)
  // The site's public address is the proxy's, so that the card page returns through it too.
  server = await startBuiltServer(dataDir, {
    PORT: String(port),
    PUBLIC_URL: proxy.url,
    DOWNLOAD_LINK_SECONDS: String(LINK_SECONDS),
  })
  api = await request.newContext({ baseURL: server.url })
  const sellerToken = (await rpc<{ token: string }>(api, 'signIn', SELLER)).token
  fileBytes = randomFile(SIZE)
  notesBytes = randomFile(512 * 1024)
  productId = (
    await sellDigitalProduct(
      api,
      sellerToken,
      {
        title: `Video course ${run}`,
        description: 'Twenty megabytes of lessons.',
        price: { amount: 1_500_00, currency: 'KES' },
      },
      [
        { name: fileName, bytes: fileBytes },
        { name: notesName, bytes: notesBytes },
      ],
    )
  ).id
})

test.afterAll(async () => {
  await api?.dispose()
  const code = await server?.stop()
  await proxy?.close()
  rmSync(dataDir, { recursive: true, force: true })
  expect(code, server?.output()).toBe(0)
})

/** A buyer's browser through the proxy, signed in, its service worker in control. */
async function buyerPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: proxy.url, acceptDownloads: true })
  await trackOnLine(context)
  const page = await context.newPage()
  await signIn(page, BUYER.email, BUYER.password)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  })
  return { context, page }
}

/** The kept file's SHA-256, read from the worker with whatever network there is. */
async function keptSha(page: Page, id: string) {
  return page.evaluate(
    async (url) => {
      const res = await fetch(url)
      const digest = await crypto.subtle.digest('SHA-256', await res.arrayBuffer())
      return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
    },
    `/offline-files/${id}/${encodeURIComponent(fileName)}`,
  )
}

let fileId = ''

test('buys the course by card, then downloads it through three offline spells', async ({ browser }) => {
  const { context, page } = await buyerPage(browser)
  const token = await page.evaluate(() => document.cookie.match(/auth_token=([^;]+)/)?.[1] ?? '')
  const started = await rpc<{ orderId: string; next: { kind: string; url: string } }>(
    api,
    'startCheckout',
    { productId, method: 'card' },
    decodeURIComponent(token),
  )
  orderId = started.orderId
  await page.goto(started.next.url)
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: /^Pay/ }).click()
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 15_000 })

  await page.goto(`/download/${orderId}`)
  const row = page.locator('.library-row', { hasText: fileName })
  proxy.setRate(RATE)
  const start = proxy.served()
  const subjectsBefore = proxy.subjects().length
  // One tap does it all: once whole, the file is kept in Soko and handed to the device's Downloads.
  const savedToDevice = page.waitForEvent('download', {
    predicate: (download) => download.suggestedFilename() === fileName,
    timeout: 120_000,
  })
  await row.getByRole('button', { name: `Download ${fileName}` }).click()
  await expect(row.getByText('Downloading')).toBeVisible()
  // The notes, asked for next, wait their turn.
  const notes = page.locator('.library-row', { hasText: notesName })
  await notes.getByRole('button', { name: `Download ${notesName}` }).click()
  await expect(notes.getByText('Waiting for the downloads before it')).toBeVisible()
  // Three times, at a random point, the phone loses its network for a while.
  const cuts = Array.from({ length: 3 }, (_, i) => start + Math.floor(((i + Math.random()) * SIZE) / 3.5))
  for (const cut of cuts) {
    await proxy.reached(cut)
    // No network: new requests fail, and the one under way breaks off.
    await setOffline(context, page, true)
    proxy.cut()
    await expect(row.getByText(/Waiting for the network/)).toBeVisible({ timeout: 15_000 })
    await setOffline(context, page, false)
  }
  await expect(row.getByText('Saved on this device')).toBeVisible({ timeout: 60_000 })
  await expect(notes.getByText('Saved on this device')).toBeVisible({ timeout: 15_000 })
  await expect(row.getByText(/in your Downloads folder, and kept in Soko/)).toBeVisible()
  const toDevice = await savedToDevice
  expect(sha(await readFile((await toDevice.path()) ?? ''))).toBe(sha(fileBytes))
  const notesKept = await libraryRecord(page, orderId, notesName)
  expect(notesKept.doneAt).toBeGreaterThanOrEqual((await libraryRecord(page, orderId, fileName)).doneAt)
  const kept = await libraryRecord(page, orderId, fileName)
  fileId = kept.fileId
  expect(await keptSha(page, `${orderId}/${fileId}`)).toBe(sha(fileBytes))
  const resent = proxy.served() - start - SIZE - notesBytes.length
  expect(resent).toBeLessThanOrEqual(3 * PART_BYTES)
  // Links expired on the way (they live 3 s): fresh ones went on with the same download, uncounted.
  const asked = proxy
    .subjects()
    .slice(subjectsBefore)
    .filter((s) => s.subject === 'getDownloadUrl')
  // One new download per file (counted), then only fresh links for those same downloads.
  expect(asked.filter((s) => !s.downloadId)).toHaveLength(2)
  const fresh = asked.filter((s) => s.downloadId)
  expect(fresh.filter((s) => s.downloadId === kept.downloadId).length).toBeGreaterThan(0)
  expect(fresh.every((s) => s.downloadId === kept.downloadId || s.downloadId === notesKept.downloadId)).toBe(
    true,
  )
  await context.close()
})

/** The library's record of the order's file, as the worker keeps it in IndexedDB. */
async function libraryRecord(page: Page, order: string, name: string) {
  return page.evaluate(
    async ([order, name]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('soko-library')
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      const all = await new Promise<
        {
          orderId: string
          fileId: string
          fileName: string
          downloadId: string
          restarts: number
          etag: string
          doneAt: number
        }[]
      >((resolve, reject) => {
        const req = db.transaction('files').objectStore('files').getAll()
        req.onsuccess = () => resolve(req.result)
        req.onerror = () => reject(req.error)
      })
      db.close()
      const found = all.find((f) => f.orderId === order && f.fileName === name)
      if (!found) throw new Error('no library record for the order')
      return found
    },
    [order, name] as const,
  )
}

test('downloads it again through three dropped connections, and after a closed tab', async ({ browser }) => {
  const { context, page } = await buyerPage(browser)
  await page.goto('/downloads')
  const row = page.locator('.library-row', { hasText: fileName })
  // The new context has its own storage: the file is not kept there yet.
  proxy.setRate(RATE)
  const start = proxy.served()
  for (let i = 0; i < 3; i++) proxy.dropAt(start + Math.floor(((i + Math.random()) * SIZE) / 3.5))
  await row.getByRole('button', { name: `Download ${fileName}` }).click()
  // Half-way, the tab is closed; a new one goes on from where it stopped.
  await proxy.reached(start + SIZE / 2)
  await page.close()
  const next = await context.newPage()
  await next.goto('/downloads')
  const again = next.locator('.library-row', { hasText: fileName })
  await expect(again.getByText('Saved on this device')).toBeVisible({ timeout: 60_000 })
  expect(await keptSha(next, `${orderId}/${fileId}`)).toBe(sha(fileBytes))
  // Three drops and a closed tab: at most a part each sent twice.
  expect(proxy.served() - start - SIZE).toBeLessThanOrEqual(4 * PART_BYTES)
  await context.close()
})

test('a file replaced on the server mid-download starts over cleanly', async ({ browser }) => {
  const { context, page } = await buyerPage(browser)
  await page.goto(`/download/${orderId}`)
  const row = page.locator('.library-row', { hasText: fileName })
  proxy.setRate(RATE)
  const start = proxy.served()
  await row.getByRole('button', { name: `Download ${fileName}` }).click()
  await proxy.reached(start + 5 * MB)
  // The seller's file changes where the server keeps it (written beside it, then moved in one step).
  const replacement = randomFile(12 * MB)
  const stored = path.join(dataDir, 'files', 'products', productId, 'files')
  const [name] = readdirSync(stored).filter((n) => !n.includes('.'))
  expect(name).toBeDefined()
  const target = path.join(stored, name as string)
  writeFileSync(`${target}.new`, replacement)
  renameSync(`${target}.new`, target)
  await expect(row.getByText('Saved on this device')).toBeVisible({ timeout: 60_000 })
  const kept = await libraryRecord(page, orderId, fileName)
  expect(kept.restarts).toBe(1)
  expect(await keptSha(page, `${orderId}/${fileId}`)).toBe(sha(replacement))
  // Put the original back for the other tests' buyers.
  writeFileSync(`${target}.new`, fileBytes)
  renameSync(`${target}.new`, target)
  await context.close()
})

test('with no network, the library, the kept file, purchases and transactions still open', async ({
  browser,
}) => {
  const { context, page } = await buyerPage(browser)
  proxy.setRate(0)
  // Online first: the pages are seen once, the file kept.
  await page.goto('/account/purchases')
  await expect(page.getByRole('link', { name: `Video course ${run}`, exact: true })).toBeVisible()
  await expect.poll(() => savedQueries(page)).toContain('purchases')
  await page.goto('/account/transactions')
  await expect(page.getByText(`Video course ${run}`).first()).toBeVisible()
  // The copy of what the pages read is in IndexedDB.
  await expect.poll(() => savedQueries(page)).toEqual(expect.arrayContaining(['purchases', 'transactions']))
  await page.goto('/downloads')
  const row = page.locator('.library-row', { hasText: fileName })
  await row.getByRole('button', { name: `Download ${fileName}` }).click()
  await expect(row.getByText('Saved on this device')).toBeVisible({ timeout: 60_000 })

  await setOffline(context, page, true)
  const served = proxy.served()
  for (const [where, shows] of [
    ['/downloads', 'Your downloads'],
    ['/account/purchases', 'Purchases'],
    ['/account/transactions', 'Transactions'],
    [`/download/${orderId}`, `Video course ${run}`],
  ] as const) {
    await page.goto(where)
    await expect(page.getByRole('heading', { level: 1 }), where).toHaveText(shows)
    await expect(page.getByText(/Offline — last updated/), where).toBeVisible()
  }
  await expect(
    page.locator('.library-row', { hasText: fileName }).getByText('Saved on this device'),
  ).toBeVisible()
  // The kept file opens and saves with no network, whole.
  const kept = page.locator('.library-row', { hasText: fileName })
  await expect(kept.getByRole('link', { name: `Open ${fileName}` })).toHaveAttribute(
    'href',
    `/offline-files/${orderId}/${fileId}/${encodeURIComponent(fileName)}`,
  )
  expect(await keptSha(page, `${orderId}/${fileId}`)).toBe(sha(fileBytes))
  const saving = page.waitForEvent('download')
  await kept.getByRole('button', { name: `Save to device ${fileName}` }).click()
  const saved = await saving
  expect(saved.suggestedFilename()).toBe(fileName)
  expect(sha(await readFile((await saved.path()) ?? ''))).toBe(sha(fileBytes))
  // Nothing came from the server while offline.
  expect(proxy.served()).toBe(served)
  await setOffline(context, page, false)
  await context.close()
})

test('a seller with no signal still sees their sales and products', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: proxy.url })
  await trackOnLine(context)
  const page = await context.newPage()
  await signIn(page, SELLER.email, SELLER.password)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  })
  await page.goto('/account/products')
  await expect(page.getByText(`Video course ${run}`).first()).toBeVisible()
  // Kept in IndexedDB a moment after it arrives: a page left at once may not have written it yet.
  await expect.poll(() => savedQueries(page)).toContain('my-products')
  await page.goto('/account/transactions')
  // Today's sale of the course, and Soko's fee on it.
  const sale = page.locator('li, tr', { hasText: `Video course ${run}` }).first()
  await expect(sale).toBeVisible()
  await expect.poll(() => savedQueries(page)).toEqual(expect.arrayContaining(['transactions', 'my-products']))
  // Their balance and payouts, too.
  await page.goto('/account/withdraw')
  await expect(page.getByText(/^Available in KES/)).toBeVisible()
  await expect
    .poll(() => savedQueries(page))
    .toEqual(expect.arrayContaining(['balances', 'payouts', 'methods']))

  await setOffline(context, page, true)
  for (const [where, shows] of [
    ['/account/transactions', 'Transactions'],
    ['/account/products', 'Your products'],
  ] as const) {
    await page.goto(where)
    await expect(page.getByRole('heading', { level: 1 }), where).toHaveText(shows)
    await expect(page.getByText(/Offline — last updated/), where).toBeVisible()
    await expect(page.getByText(`Video course ${run}`).first(), where).toBeVisible()
  }
  await page.goto('/account/withdraw')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Withdraw')
  await expect(page.getByText(/Offline — last updated/)).toBeVisible()
  await expect(page.getByText(/^Available in KES/)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your payouts' })).toBeVisible()
  await setOffline(context, page, false)
  await context.close()
})

/** How many parts of the order's files Cache Storage still holds. */
async function keptParts(page: Page, order: string) {
  return page.evaluate(async (order) => {
    const cache = await caches.open('soko-downloads-v1')
    return (await cache.keys()).filter((request) => request.url.includes(order)).length
  }, order)
}

test('after a refund, the order’s kept files leave the device and free their space', async ({ browser }) => {
  const { context, page } = await buyerPage(browser)
  await page.goto('/downloads')
  const row = page.locator('.library-row', { hasText: fileName })
  await row.getByRole('button', { name: `Download ${fileName}` }).click()
  await expect(row.getByText('Saved on this device')).toBeVisible({ timeout: 60_000 })
  expect(await keptParts(page, orderId)).toBeGreaterThan(0)

  // The seller gives the money back.
  const sellerToken = (await rpc<{ token: string }>(api, 'signIn', SELLER)).token
  await rpc(api, 'refundOrder', { orderId, reason: 'Bought twice by mistake' }, sellerToken)

  // The buyer opens their purchases again: the order says so, and its files are gone from the device.
  await page.goto('/account/purchases')
  await expect(page.getByRole('link', { name: `Video course ${run}`, exact: true })).toBeVisible()
  await expect
    .poll(() =>
      libraryRecord(page, orderId, fileName).then(
        () => 'kept',
        () => 'gone',
      ),
    )
    .toBe('gone')
  await expect.poll(() => keptParts(page, orderId)).toBe(0)
  await page.goto('/downloads')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your downloads')
  await expect(page.getByText(fileName)).toHaveCount(0)
  await context.close()
})
