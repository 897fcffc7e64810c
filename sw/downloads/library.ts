import { createStore, del, entries, get, set } from 'idb-keyval'
import { registerRoute } from 'workbox-routing'
import {
  LIBRARY_CACHE,
  LIBRARY_CHANNEL,
  LIBRARY_DB,
  LIBRARY_ERRORS,
  LIBRARY_STORE,
  type LibraryCommand,
  type LibraryFile,
  type LibraryMessage,
  libraryId,
  OFFLINE_FILES_PREFIX,
  queuedFile,
} from '../../contract/downloads'
import type { MessageParams } from '../../contract/i18n'
import { downloadFile, type EngineDeps, type Link, LinkRefused } from './engine'

declare const self: ServiceWorkerGlobalScope

/**
 * The offline library in the worker: one file downloads at a time (the others queue), its parts go to
 * Cache Storage and its record to IndexedDB, every open page hears its progress, and a kept file opens
 * from `/offline-files/…` with no network. The worker may be stopped whenever no page is open: the next
 * page to open tells it to go on (`library:kick`), and the file continues from its last part.
 */

const store = createStore(LIBRARY_DB, LIBRARY_STORE)
const channel = new BroadcastChannel(LIBRARY_CHANNEL)
/** The session token and guest order keys are kept by the page in idb-keyval's default store. */
const TOKEN_KEY = 'auth_token'
const orderKeyOf = (orderId: string) => get<string>(`order-key:${orderId}`)
/** How often progress is told while bytes arrive, and over how long the speed is measured. */
const PROGRESS_EVERY_MS = 250
const SPEED_WINDOW_MS = 5000

let active: { id: string; controller: AbortController } | null = null
let running: Promise<void> | null = null
/** Ends a wait between attempts early: the network is back, or the page says so. */
let wake: (() => void) | null = null
let samples: { at: number; bytes: number }[] = []
let lastTold = 0

const partUrl = (file: Pick<LibraryFile, 'id'>, offset: number) =>
  new URL(`/__library/${encodeURIComponent(file.id)}/${offset}`, self.location.origin).href

function tell(message: LibraryMessage) {
  channel.postMessage(message)
}

function speedOf(bytes: number): number | null {
  const now = Date.now()
  samples.push({ at: now, bytes })
  samples = samples.filter((s) => now - s.at <= SPEED_WINDOW_MS)
  const first = samples[0]
  if (!first || now - first.at < 500) return null
  return Math.max(0, ((bytes - first.bytes) * 1000) / (now - first.at))
}

async function allFiles(): Promise<LibraryFile[]> {
  return (await entries<string, LibraryFile>(store)).map(([, file]) => file)
}

async function saveFile(file: LibraryFile) {
  await set(file.id, file, store)
  tell({ type: 'library:progress', file, bytes: file.received, speed: null })
}

async function clearParts(file: LibraryFile) {
  const cache = await caches.open(LIBRARY_CACHE)
  const prefix = partUrl(file, 0).replace(/0$/, '')
  const keys = await cache.keys()
  await Promise.all(keys.filter((k) => k.url.startsWith(prefix)).map((k) => cache.delete(k)))
}

async function freshLink(file: LibraryFile): Promise<Link> {
  const token = await get<string>(TOKEN_KEY)
  const key = await orderKeyOf(file.orderId)
  const res = await fetch(`${file.apiBase}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({
      subject: 'getDownloadUrl',
      orderId: file.orderId,
      fileId: file.fileId,
      ...(key ? { key } : {}),
      ...(file.downloadId ? { downloadId: file.downloadId } : {}),
    }),
    cache: 'no-store',
  })
  const envelope = (await res.json().catch(() => null)) as {
    statusCode?: number
    message?: string
    code?: string
    params?: MessageParams
    data?: { url: string; expiresAt: string; size: number; sha256: string | null; downloadId: string }
  } | null
  const status = envelope?.statusCode ?? res.status
  if (status === 200 && envelope?.data) {
    const { data } = envelope
    return {
      url: new URL(data.url, self.location.origin).href,
      expiresAt: Date.parse(data.expiresAt),
      size: data.size,
      sha256: data.sha256,
      downloadId: data.downloadId,
    }
  }
  // Asked too often, or the server is unwell: try again later. Anything else is a refusal to tell the buyer.
  if (status === 408 || status === 429 || status >= 500 || !envelope)
    throw new Error(`getDownloadUrl answered ${status}`)
  if (status === 600) throw LinkRefused.of(LIBRARY_ERRORS.sessionEnded)
  throw new LinkRefused(envelope.message ?? '', envelope.code ?? null, envelope.params ?? null)
}

function engineDeps(): EngineDeps {
  return {
    // Never from (or into) the HTTP cache: every byte is kept here, once.
    fetch: (url, init) => fetch(url, { ...init, cache: 'no-store' }),
    freshLink,
    async putPart(file, offset, bytes) {
      const cache = await caches.open(LIBRARY_CACHE)
      await cache.put(
        partUrl(file, offset),
        new Response(bytes as Uint8Array<ArrayBuffer>, {
          headers: { 'content-length': String(bytes.length) },
        }),
      )
    },
    clearParts,
    save: saveFile,
    progress(file, bytes) {
      const now = Date.now()
      const speed = speedOf(bytes)
      if (now - lastTold < PROGRESS_EVERY_MS) return
      lastTold = now
      tell({ type: 'library:progress', file, bytes, speed })
    },
    wait: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer)
          wake = null
          signal.removeEventListener('abort', aborted)
        }
        const aborted = () => {
          done()
          reject(signal.reason)
        }
        const timer = setTimeout(() => {
          done()
          resolve()
        }, ms)
        wake = () => {
          done()
          resolve()
        }
        signal.addEventListener('abort', aborted, { once: true })
      }),
  }
}

const WAITING: LibraryFile['status'][] = ['downloading', 'waiting', 'queued']

/** Downloads what is queued, oldest first, one at a time, until nothing is left. */
async function run(): Promise<void> {
  for (;;) {
    const next = (await allFiles())
      .filter((f) => WAITING.includes(f.status))
      .sort((a, b) => a.queuedAt - b.queuedAt)[0]
    if (!next) return
    const controller = new AbortController()
    active = { id: next.id, controller }
    samples = []
    try {
      const done = await downloadFile(next, engineDeps(), controller.signal)
      await saveFile(done)
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : null
      if (reason === 'removed') await forget(next.id)
      else if (reason === 'paused') {
        const latest = (await get<LibraryFile>(next.id, store)) ?? next
        await saveFile({ ...latest, status: 'paused' })
      } else {
        const latest = (await get<LibraryFile>(next.id, store)) ?? next
        const refused = error instanceof LinkRefused ? error : LinkRefused.of(LIBRARY_ERRORS.failed)
        if (!(error instanceof LinkRefused)) console.error('Library download failed', error)
        await saveFile({
          ...latest,
          status: 'failed',
          error: refused.message,
          errorCode: refused.code,
          errorParams: refused.params,
        })
      }
    } finally {
      active = null
    }
  }
}

function keepRunning(): Promise<void> {
  running ??= run().finally(() => {
    running = null
  })
  return running
}

async function forget(id: string) {
  const file = await get<LibraryFile>(id, store)
  if (file) await clearParts(file)
  await del(id, store)
  tell({ type: 'library:removed', id })
}

async function command(message: LibraryCommand): Promise<void> {
  switch (message.type) {
    case 'library:add': {
      const { file } = message
      const id = libraryId(file.orderId, file.fileId)
      const known = await get<LibraryFile>(id, store)
      if (known && known.status !== 'failed') {
        if (known.status === 'paused') await saveFile({ ...known, status: 'queued' })
        else tell({ type: 'library:progress', file: known, bytes: known.received, speed: null })
      }
      // A failed one starts over, as the same download (a fresh link for it is not counted again).
      else await saveFile(queuedFile({ ...file, downloadId: known?.downloadId ?? null }))
      break
    }
    case 'library:pause': {
      if (active?.id === message.id) active.controller.abort('paused')
      else {
        const file = await get<LibraryFile>(message.id, store)
        if (file && WAITING.includes(file.status)) await saveFile({ ...file, status: 'paused' })
      }
      break
    }
    case 'library:resume': {
      const file = await get<LibraryFile>(message.id, store)
      if (file && (file.status === 'paused' || file.status === 'failed'))
        await saveFile({
          ...file,
          status: 'queued',
          error: null,
          errorCode: null,
          errorParams: null,
          restarts: 0,
        })
      break
    }
    case 'library:remove':
      if (active?.id === message.id) active.controller.abort('removed')
      else await forget(message.id)
      break
    case 'library:kick':
      wake?.()
      break
  }
}

/** How long one message keeps the worker alive for a download under way; pages send more while they watch. */
const KEEP_ALIVE_MS = 60_000

export function registerLibrary() {
  self.addEventListener('message', (event: ExtendableMessageEvent) => {
    const message = event.data as LibraryCommand | null
    if (!message?.type?.startsWith('library:')) return
    const work = command(message).then(() => {
      // A worker busy with a download is kept alive by the pages' messages, each for a while.
      const busy = keepRunning()
      return Promise.race([busy, new Promise((resolve) => setTimeout(resolve, KEEP_ALIVE_MS))])
    })
    event.waitUntil(work.catch((error: unknown) => console.error('Library command failed', error)))
  })

  self.addEventListener('activate', (event) => {
    // A new version of the library's cache leaves the old one behind: drop it (its files start over).
    event.waitUntil(
      caches
        .keys()
        .then((names) =>
          Promise.all(
            names
              .filter((name) => name.startsWith('soko-downloads-') && name !== LIBRARY_CACHE)
              .map((name) => caches.delete(name)),
          ),
        ),
    )
  })

  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.pathname.startsWith(OFFLINE_FILES_PREFIX),
    async ({ url }) => serveKept(url),
  )
}

/** A kept file, from its parts in order, with no network; `?save=1` saves it instead of opening it. */
async function serveKept(url: URL): Promise<Response> {
  const [orderId = '', fileId = ''] = url.pathname.slice(OFFLINE_FILES_PREFIX.length).split('/')
  const file = await get<LibraryFile>(libraryId(orderId, fileId), store)
  if (file?.status !== 'done')
    // The worker has no catalogs: a page it answers alone says it in both languages.
    return new Response(
      'This file is not kept on this device. Download it from your library first.\n\n' +
        'Faili hii haijahifadhiwa kwenye kifaa hiki. Ipakue kwanza kutoka kwenye maktaba yako.',
      {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      },
    )
  const cache = await caches.open(LIBRARY_CACHE)
  const offsets: number[] = []
  let at = 0
  for (const length of file.parts) {
    offsets.push(at)
    at += length
  }
  const present = await Promise.all(offsets.map((offset) => cache.match(partUrl(file, offset))))
  if (present.some((part) => !part)) {
    // The browser evicted part of it (storage pressure): say so, and let the buyer fetch it again.
    await saveFile({
      ...file,
      status: 'failed',
      error: LIBRARY_ERRORS.evicted.message,
      errorCode: LIBRARY_ERRORS.evicted.id,
    })
    return new Response(
      'Part of this file is no longer on this device. Download it again from your library.\n\n' +
        'Sehemu ya faili hii haipo tena kwenye kifaa hiki. Ipakue tena kutoka kwenye maktaba yako.',
      {
        status: 410,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      },
    )
  }
  let index = 0
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const offset = offsets[index]
      index += 1
      if (offset === undefined) {
        controller.close()
        return
      }
      const part = await cache.match(partUrl(file, offset))
      if (!part) {
        controller.error(new Error('a part of the kept file is gone'))
        return
      }
      controller.enqueue(new Uint8Array(await part.arrayBuffer()))
    },
  })
  const disposition = url.searchParams.has('save') ? 'attachment' : 'inline'
  return new Response(body, {
    headers: {
      'content-type': file.contentType || 'application/octet-stream',
      'content-length': String(file.size),
      'content-disposition': `${disposition}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'cache-control': 'no-store',
    },
  })
}
