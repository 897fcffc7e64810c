import { createSHA256 } from 'hash-wasm'
import { LIBRARY_ERRORS, type LibraryFile, PART_BYTES, REQUEST_BYTES } from '../../contract/downloads'
import type { Message, MessageParams } from '../../contract/i18n'

/**
 * One purchased file, downloaded in Range requests and kept part by part, so that it survives anything a
 * phone on a slow link goes through: a dropped connection, the network gone for a while, the tab closed
 * (the record says where it stopped), a signed link that expired (a fresh one is asked for), and the file
 * changing on the server (`If-Range` with the strong ETag of what was received: the server then sends the
 * new file whole, which starts it over instead of splicing two files together). What arrives is hashed as
 * it is kept, and the finished file must have the size and SHA-256 the server recorded.
 *
 * No DOM and no service worker here: the worker (sw/downloads/library.ts), the unit tests and the bench
 * give it their fetch, their storage and their clock.
 */

/** A signed link to the file, and what the server says the file is. */
export interface Link {
  url: string
  /** Epoch ms after which the link is refused. */
  expiresAt: number
  size: number
  sha256: string | null
  downloadId: string
}

/** The server refused a link for good (refunded, no longer in the purchase, not signed in). */
/** A refusal to tell the buyer: its English, and its message's id and values for the page to translate. */
export class LinkRefused extends Error {
  override name = 'LinkRefused'
  constructor(
    message: string,
    readonly code: string | null = null,
    readonly params: MessageParams | null = null,
  ) {
    super(message)
  }

  static of(said: Message) {
    return new LinkRefused(said.message, said.id)
  }
}

export interface EngineDeps {
  fetch(url: string, init: RequestInit): Promise<Response>
  /** A fresh link: for `file.downloadId` when it has one (not counted again), else a new download. */
  freshLink(file: LibraryFile): Promise<Link>
  putPart(file: LibraryFile, offset: number, bytes: Uint8Array): Promise<void>
  clearParts(file: LibraryFile): Promise<void>
  /** Keeps the record: called after every part, so a stop at any moment loses at most one part. */
  save(file: LibraryFile): Promise<void>
  /** Bytes arrived so far, including those not kept yet: for progress. */
  progress(file: LibraryFile, bytes: number): void
  /** Waits before trying again; may end early (the network is back). Rejects when `signal` aborts. */
  wait(ms: number, signal: AbortSignal): Promise<void>
}

/** A link this close to expiring is replaced before use. */
const LINK_MARGIN_MS = 10_000
/** Links refused one after another with nothing received in between: something is wrong beyond expiry. */
const MAX_REFUSED_LINKS = 3
/** Starts over because the file changed (or arrived damaged) before giving up. */
const MAX_RESTARTS = 3
const BACKOFF_MS = [1000, 2000, 4000, 8000]

/** The network failed (or the body broke off): try again after a pause. */
class Dropped extends Error {}
/** The file on the server is not the one being received: start over. */
class Changed extends Error {}

export async function downloadFile(
  start: LibraryFile,
  deps: EngineDeps,
  signal: AbortSignal,
): Promise<LibraryFile> {
  const file: LibraryFile = {
    ...start,
    status: 'downloading',
    error: null,
    errorCode: null,
    errorParams: null,
  }
  const hasher = await createSHA256()
  if (file.hashState && file.received > 0) hasher.load(fromBase64(file.hashState))
  else hasher.init()
  let link: Link | null = null
  let refusedLinks = 0
  let attempt = 0

  const restart = async (why: 'changed' | 'damaged') => {
    file.restarts += 1
    if (file.restarts > MAX_RESTARTS)
      throw LinkRefused.of(why === 'damaged' ? LIBRARY_ERRORS.damaged : LIBRARY_ERRORS.changing)
    await deps.clearParts(file)
    Object.assign(file, { received: 0, parts: [], hashState: null, etag: null })
    hasher.init()
    // What the server says the file is now.
    link = null
    await deps.save(file)
  }

  /** Keeps `bytes` (the next ones of the file) as one part, hashing them on the way. */
  const keep = async (bytes: Uint8Array) => {
    await deps.putPart(file, file.received, bytes)
    hasher.update(bytes)
    file.parts = [...file.parts, bytes.length]
    file.received += bytes.length
    file.hashState = toBase64(hasher.save())
    await deps.save(file)
  }

  /** Reads a response body from `file.received` on, keeping it a part at a time. */
  const receive = async (body: ReadableStream<Uint8Array>) => {
    const reader = body.getReader()
    let pending: Uint8Array[] = []
    let pendingBytes = 0
    const flush = async () => {
      if (pendingBytes === 0) return
      const bytes = concat(pending, pendingBytes)
      pending = []
      pendingBytes = 0
      await keep(bytes)
    }
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        let chunk = value
        // Never more than the file: a server that sends extra does not grow it.
        if (file.received + pendingBytes + chunk.length > file.size)
          chunk = chunk.subarray(0, file.size - file.received - pendingBytes)
        pending.push(chunk)
        pendingBytes += chunk.length
        while (pendingBytes >= PART_BYTES) {
          const all = concat(pending, pendingBytes)
          pending = [all.subarray(PART_BYTES)]
          pendingBytes = all.length - PART_BYTES
          await keep(all.slice(0, PART_BYTES))
        }
        deps.progress(file, file.received + pendingBytes)
        if (file.received + pendingBytes >= file.size) break
      }
    } catch (error) {
      // What arrived before the drop (or the pause) is kept: only the bytes in flight are asked for again.
      await flush()
      if (signal.aborted) throw signal.reason
      throw new Dropped(String(error))
    } finally {
      reader.cancel().catch(() => {})
    }
    await flush()
  }

  const currentLink = async (): Promise<Link> => {
    if (link && link.expiresAt - Date.now() > LINK_MARGIN_MS) return link
    let fresh: Link
    try {
      fresh = await deps.freshLink(file)
    } catch (error) {
      if (error instanceof LinkRefused) throw error
      throw new Dropped(String(error))
    }
    if (file.downloadId !== fresh.downloadId || file.size !== fresh.size || file.sha256 !== fresh.sha256) {
      // A first link, or the file is not the one whose bytes are kept.
      if (file.received > 0 && (file.size !== fresh.size || file.sha256 !== fresh.sha256))
        await restart('changed')
      Object.assign(file, { downloadId: fresh.downloadId, size: fresh.size, sha256: fresh.sha256 })
      await deps.save(file)
    }
    link = fresh
    return fresh
  }

  /** One Range request from where the file stands; throws Dropped or Changed when it cannot go on. */
  const step = async () => {
    const current = await currentLink()
    const from = file.received
    const to = Math.min(from + REQUEST_BYTES, file.size) - 1
    const headers: Record<string, string> = { range: `bytes=${from}-${to}` }
    if (file.etag && from > 0) headers['if-range'] = file.etag
    let res: Response
    try {
      res = await deps.fetch(current.url, { headers, signal })
    } catch (error) {
      if (signal.aborted) throw signal.reason
      throw new Dropped(String(error))
    }
    if (res.status === 401 || res.status === 403 || res.status === 404 || res.status === 410) {
      // Expired or no longer valid: a fresh link, unless links keep being refused.
      await res.body?.cancel()
      refusedLinks += 1
      if (refusedLinks > MAX_REFUSED_LINKS) throw LinkRefused.of(LIBRARY_ERRORS.refused)
      link = null
      return
    }
    if (res.status === 416) {
      await res.body?.cancel()
      throw new Changed('the file is shorter than what was received')
    }
    if (res.status >= 500 || (res.status !== 200 && res.status !== 206) || !res.body) {
      await res.body?.cancel()
      throw new Dropped(`the file server answered ${res.status}`)
    }
    const etag = strongEtag(res.headers.get('etag'))
    if (res.status === 200) {
      // If-Range did not match (the file changed), or the server ignored the range: the whole file follows.
      if (from > 0) {
        await restart('changed')
        await currentLink()
      }
      if (Number(res.headers.get('content-length') ?? file.size) !== file.size) {
        await res.body.cancel()
        throw new Changed('the server sent a file of another size')
      }
    } else {
      const range = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(res.headers.get('content-range') ?? '')
      const changed =
        !range ||
        Number(range[1]) !== from ||
        (range[3] !== '*' && Number(range[3]) !== file.size) ||
        // A server that ignores If-Range still says which file it sent.
        (file.etag !== null && etag !== null && etag !== file.etag && from > 0)
      if (changed) {
        await res.body.cancel()
        throw new Changed('the server sent bytes of another file')
      }
    }
    if (file.etag !== etag) {
      file.etag = etag
      await deps.save(file)
    }
    const before = file.received
    await receive(res.body)
    if (file.received > before) {
      refusedLinks = 0
      attempt = 0
    }
  }

  let first = true
  while (first || file.received < file.size) {
    if (signal.aborted) throw signal.reason
    try {
      // The first link says what the file is now (and starts the download on the server's books).
      if (first) await currentLink()
      first = false
      if (file.received < file.size) await step()
      if (file.status === 'waiting') {
        file.status = 'downloading'
        await deps.save(file)
      }
    } catch (error) {
      if (error instanceof Changed) await restart('changed')
      else if (error instanceof Dropped) {
        file.status = 'waiting'
        await deps.save(file)
        deps.progress(file, file.received)
        await deps.wait(BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] ?? 1000, signal)
        attempt += 1
      } else throw error
    }
  }
  if (file.sha256 && hasher.digest('hex') !== file.sha256) {
    await restart('damaged')
    return downloadFile(file, deps, signal)
  }
  return { ...file, status: 'done', doneAt: Date.now(), error: null, errorCode: null, errorParams: null }
}

/** The ETag when it is a strong one: a weak ETag cannot say that two ranges are of the same bytes. */
function strongEtag(value: string | null): string | null {
  return value && !value.startsWith('W/') ? value : null
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]?.length === length) return chunks[0]
  const out = new Uint8Array(length)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.length
  }
  return out
}

function toBase64(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text)
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
}
