import type { Message, MessageParams } from './i18n'
/**
 * The offline library: purchased files the service worker downloads in Range requests and keeps in Cache
 * Storage, resuming after a drop, a closed tab or an expired link. What the page and the worker share: the
 * record of each file (kept in IndexedDB, readable by both), the messages between them, and the names.
 */

/** Cache Storage holds the bytes under this name; a new version drops the old cache. */
export const LIBRARY_CACHE = 'soko-downloads-v1'
/** IndexedDB (idb-keyval store): one record per file, keyed by `{orderId}:{fileId}`. */
export const LIBRARY_DB = 'soko-library'
export const LIBRARY_STORE = 'files'
/** The worker tells every open page about progress on this channel. */
export const LIBRARY_CHANNEL = 'soko-library'
/** A kept file opens at `/offline-files/{orderId}/{fileId}/{name}` (`?save=1` saves it), answered by the worker. */
export const OFFLINE_FILES_PREFIX = '/offline-files/'

/** Bytes asked for in one Range request: large, so a slow link spends its time on data, not requests. */
export const REQUEST_BYTES = 8 * 1024 * 1024
/** Bytes kept at a time: what arrived is saved every part, so a drop or a closed tab loses less than one. */
export const PART_BYTES = 1024 * 1024

export type LibraryStatus =
  /** Waiting for its turn: one file downloads at a time. */
  | 'queued'
  | 'downloading'
  /** Downloading, but the network is gone: it goes on by itself when it is back. */
  | 'waiting'
  | 'paused'
  | 'done'
  | 'failed'

export interface LibraryFile {
  /** `{orderId}:{fileId}` */
  id: string
  orderId: string
  fileId: string
  fileName: string
  contentType: string
  /** Bytes, and the SHA-256 (hex) the server recorded at upload: the finished file must match both. */
  size: number
  sha256: string | null
  /** The download this is (a resume asks for a fresh link to it, which does not count again). */
  downloadId: string | null
  /** The strong ETag of the bytes received so far: a different one means the file changed. */
  etag: string | null
  /** Where the RPC API is (the page's runtime setting), for fresh links. */
  apiBase: string
  status: LibraryStatus
  /** Bytes received and kept, and the lengths of the parts they are kept in, in order. */
  received: number
  parts: number[]
  /** The SHA-256 of the bytes received so far, as hash-wasm saves it (base64), so a resume goes on hashing. */
  hashState: string | null
  /** Why it failed, for people: the English, and the message's id and values, which the page shows in its language. */
  error: string | null
  errorCode?: string | null
  errorParams?: MessageParams | null
  /** When it was asked for (queue order) and when it finished. */
  queuedAt: number
  doneAt: number | null
  /** Times it had to start over because the file changed on the server. */
  restarts: number
}

/** From the page to the worker. */
export type LibraryCommand =
  | {
      type: 'library:add'
      file: Pick<LibraryFile, 'orderId' | 'fileId' | 'fileName' | 'contentType' | 'size' | 'apiBase'>
    }
  | { type: 'library:pause' | 'library:resume' | 'library:remove'; id: string }
  /** Something changed (the network is back, a page opened): go on with what is queued. */
  | { type: 'library:kick' }

/** From the worker to every page. */
export type LibraryMessage =
  | {
      type: 'library:progress'
      file: LibraryFile
      /** Bytes arrived, including those not kept yet. */
      bytes: number
      /** Bytes per second over the last seconds, while downloading; null when not measured. */
      speed: number | null
    }
  | { type: 'library:removed'; id: string }

export const libraryId = (orderId: string, fileId: string) => `${orderId}:${fileId}`

/** A file just asked for: nothing received yet, first in line after those queued before it. */
export function queuedFile(
  file: Extract<LibraryCommand, { type: 'library:add' }>['file'] & { downloadId?: string | null },
): LibraryFile {
  return {
    ...file,
    id: libraryId(file.orderId, file.fileId),
    // What the file must hash to comes with its first link, from the server.
    sha256: null,
    downloadId: file.downloadId ?? null,
    etag: null,
    status: 'queued',
    received: 0,
    parts: [],
    hashState: null,
    error: null,
    queuedAt: Date.now(),
    doneAt: null,
    restarts: 0,
  }
}

export function offlineFileUrl(file: Pick<LibraryFile, 'orderId' | 'fileId' | 'fileName'>, save = false) {
  const path = `${OFFLINE_FILES_PREFIX}${file.orderId}/${file.fileId}/${encodeURIComponent(file.fileName)}`
  return save ? `${path}?save=1` : path
}

/**
 * What the offline library says when a download fails. The service worker has no catalogs: it keeps the
 * message's id beside its English, and the page shows it in the page's language.
 */
export const LIBRARY_ERRORS = {
  damaged: /*i18n*/ {
    id: 'downloads.library.damaged',
    message: 'The file did not arrive intact, several times. Try again later, or ask the seller.',
  },
  changing: /*i18n*/ {
    id: 'downloads.library.changing',
    message: 'The file keeps changing on the server. Try again later.',
  },
  refused: /*i18n*/ {
    id: 'downloads.library.refused',
    message: 'The file could not be fetched: its download link was refused. Try again later.',
  },
  sessionEnded: /*i18n*/ {
    id: 'downloads.library.sessionEnded',
    message: 'Your session has ended: sign in again to go on with this download.',
  },
  failed: /*i18n*/ {
    id: 'downloads.library.failed',
    message: 'The download stopped on an error. Try again; if it happens again, tell us.',
  },
  evicted: /*i18n*/ {
    id: 'downloads.library.evicted',
    message: 'Part of the kept file was removed by the browser. Download it again.',
  },
} satisfies Record<string, Message>
