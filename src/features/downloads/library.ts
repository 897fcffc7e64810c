import { createStore, entries } from 'idb-keyval'
import { useEffect, useSyncExternalStore } from 'react'
import {
  LIBRARY_CHANNEL,
  LIBRARY_DB,
  LIBRARY_STORE,
  type LibraryCommand,
  type LibraryFile,
  type LibraryMessage,
  libraryId,
} from '../../../contract/downloads'
import { saveWhenKept } from './save-to-device'

/**
 * The page's side of the offline library (the service worker does the downloading, sw/downloads/): the
 * records of kept files, read from IndexedDB and kept current from the worker's messages, and the
 * commands sent to it. Without a controlling worker (a first visit, a private window) there is no
 * library, and the download buttons fall back to a plain download.
 */

export interface LibraryEntry {
  file: LibraryFile
  /** Bytes arrived, including those not kept yet. */
  bytes: number
  /** Bytes per second, while downloading. */
  speed: number | null
}

type Entries = ReadonlyMap<string, LibraryEntry>

let state: Entries = new Map()
const listeners = new Set<() => void>()

function publish(next: Entries) {
  state = next
  for (const listener of listeners) listener()
}

/** Files this page asked for with "Download": once kept, they are saved to the device too. */
const toSave = new Set<string>()

function apply(message: LibraryMessage) {
  const next = new Map(state)
  if (message.type === 'library:removed') {
    next.delete(message.id)
    toSave.delete(message.id)
  } else {
    if (message.file.status === 'done' && toSave.delete(message.file.id)) saveWhenKept(message.file)
    const before = next.get(message.file.id)
    const downloading = message.file.status === 'downloading'
    next.set(message.file.id, {
      file: message.file,
      bytes: Math.max(message.bytes, message.file.received),
      // A part kept says nothing of the speed: the last measure stands while it downloads.
      speed: downloading ? (message.speed ?? before?.speed ?? null) : null,
    })
  }
  publish(next)
}

let listening = false
function listen() {
  if (listening || typeof BroadcastChannel === 'undefined') return
  listening = true
  new BroadcastChannel(LIBRARY_CHANNEL).addEventListener('message', (event: MessageEvent<LibraryMessage>) =>
    apply(event.data),
  )
  void entries<string, LibraryFile>(createStore(LIBRARY_DB, LIBRARY_STORE))
    .then((kept) => {
      const next = new Map(state)
      for (const [id, file] of kept)
        if (!next.has(id)) next.set(id, { file, bytes: file.received, speed: null })
      publish(next)
    })
    .catch((error: unknown) => console.error('The offline library could not be read', error))
  // Back online: the worker goes on at once instead of at its next try.
  window.addEventListener('online', () => send({ type: 'library:kick' }))
}

/** A worker controls this page, and the browser has Cache Storage: files can be kept offline. */
export function libraryAvailable(): boolean {
  return typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller && 'caches' in window
}

function send(command: LibraryCommand) {
  navigator.serviceWorker?.controller?.postMessage(command)
}

export const library = {
  /** Downloads a file into the library; once it is kept, it is saved to the device as well. */
  add: (file: Extract<LibraryCommand, { type: 'library:add' }>['file']) => {
    void requestPersistence()
    toSave.add(libraryId(file.orderId, file.fileId))
    send({ type: 'library:add', file })
  },
  pause: (id: string) => send({ type: 'library:pause', id }),
  resume: (id: string) => send({ type: 'library:resume', id }),
  remove: (id: string) => send({ type: 'library:remove', id }),
}

const BUSY: LibraryFile['status'][] = ['queued', 'downloading', 'waiting']
/** While a page shows a download under way it reminds the worker, which may otherwise be stopped. */
const KICK_EVERY_MS = 20_000

/** Every kept or downloading file, current. Opening a page with downloads under way makes them go on. */
export function useLibrary(): { entries: Entries } {
  const entries = useSyncExternalStore(
    (listener) => {
      listen()
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => state,
    () => state,
  )
  const busy = [...entries.values()].some((entry) => BUSY.includes(entry.file.status))
  useEffect(() => {
    if (!busy || !libraryAvailable()) return
    send({ type: 'library:kick' })
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') send({ type: 'library:kick' })
    }, KICK_EVERY_MS)
    return () => clearInterval(timer)
  }, [busy])
  return { entries }
}

/** Orders whose files can no longer be opened: given back, or being given back. */
const REFUNDED: readonly string[] = ['refunding', 'refunded']

/**
 * Forgets the kept files of orders refunded since they were kept: they can no longer be opened, so they go
 * from the library and free their space on the device.
 */
export function useForgetRefunded(orders: readonly { id: string; status: string }[]) {
  const { entries } = useLibrary()
  const refunded = orders
    .filter((order) => REFUNDED.includes(order.status))
    .map((order) => order.id)
    .join(' ')
  useEffect(() => {
    if (!refunded || !libraryAvailable()) return
    const gone = new Set(refunded.split(' '))
    for (const { file } of entries.values()) if (gone.has(file.orderId)) library.remove(file.id)
  }, [refunded, entries])
}

let persistenceAsked = false

/**
 * Asks the browser to keep Soko's storage under pressure (after a first purchase, and before keeping a
 * file): without it, kept files may be evicted when the phone runs short of space.
 */
export async function requestPersistence(): Promise<boolean> {
  if (persistenceAsked || !navigator.storage?.persist) return false
  persistenceAsked = true
  try {
    return (await navigator.storage.persisted()) || (await navigator.storage.persist())
  } catch {
    return false
  }
}
