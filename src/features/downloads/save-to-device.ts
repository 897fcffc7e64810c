import { useSyncExternalStore } from 'react'
import { type LibraryFile, offlineFileUrl } from '../../../contract/downloads'

/**
 * Putting a kept file where the person's other files are. "Download" keeps a copy in Soko (the offline
 * library) and, once the last byte is in, hands the same bytes to the browser as a download; a phone's
 * browser files it under Downloads. On iPhones a home-screen app cannot do that by itself: the share sheet
 * saves, and it needs a tap.
 */

/** What became of handing a finished file to the device, by library id; nothing when it was not asked. */
export type SaveState = 'saved' | 'tap' | 'failed'

const states = new Map<string, SaveState>()
const listeners = new Set<() => void>()
let snapshot: ReadonlyMap<string, SaveState> = new Map()

function setState(id: string, state: SaveState) {
  states.set(id, state)
  snapshot = new Map(states)
  for (const listener of listeners) listener()
}

/** How saving each finished file to the device went, current. */
export function useSaveStates(): ReadonlyMap<string, SaveState> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => snapshot,
    () => snapshot,
  )
}

/** iPhones and iPads: in a home-screen app the download attribute does nothing, the share sheet saves. */
export function savesThroughShare(): boolean {
  const ios =
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.maxTouchPoints > 1 && /Mac/.test(navigator.userAgent))
  return ios && typeof navigator.canShare === 'function'
}

/** The kept file's bytes, from the worker (no network). */
async function keptBlob(file: LibraryFile): Promise<Blob> {
  const res = await fetch(offlineFileUrl(file))
  if (!res.ok) throw new Error(await res.text())
  return res.blob()
}

/**
 * Saves a kept file to the device: through the share sheet on iOS, elsewhere as a download of its bytes
 * in memory, which works with no network at all. Rejects with an AbortError when the sheet is put away.
 */
export async function saveKept(file: LibraryFile): Promise<void> {
  const blob = await keptBlob(file)
  if (savesThroughShare()) {
    const shared = new File([blob], file.fileName, { type: file.contentType || blob.type })
    if (!navigator.canShare({ files: [shared] })) throw new Error('This file type cannot be shared')
    await navigator.share({ files: [shared], title: file.fileName })
  } else {
    const url = URL.createObjectURL(blob)
    const link = document.createElement('a')
    link.href = url
    link.download = file.fileName
    document.body.append(link)
    link.click()
    link.remove()
    // The browser has taken the bytes once the click is handled.
    setTimeout(() => URL.revokeObjectURL(url), 60_000)
  }
  setState(file.id, 'saved')
}

/** A save the person asked for with a tap; a failure other than putting the sheet away is remembered. */
export async function saveKeptByTap(file: LibraryFile): Promise<void> {
  try {
    await saveKept(file)
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return
    setState(file.id, 'failed')
  }
}

/**
 * A file downloaded with "Download" has just been kept: it goes to the device too. On iOS the share sheet
 * cannot open without a tap, so the row asks for one instead.
 */
export function saveWhenKept(file: LibraryFile) {
  if (savesThroughShare()) {
    setState(file.id, 'tap')
    return
  }
  void saveKeptByTap(file)
}
