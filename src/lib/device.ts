import { get, set } from 'idb-keyval'
import { deviceIdOf } from '../../contract/device'

/** Where the device id is kept in IndexedDB, beside the session. */
export const DEVICE_KEY = 'device_id'

/** How long a call waits for IndexedDB: some browsers leave it hanging, and no call may wait on that. */
const STORE_WAIT_MS = 1000

let kept: Promise<string> | undefined
/** The id once `kept` has settled, for calls that must not wait for it. */
let known: string | null = null

/** 32 hex characters from the browser's random source: it stands for nothing but this browser. */
function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

async function readOrMake(made: string): Promise<string> {
  try {
    const stored = deviceIdOf(await get(DEVICE_KEY))
    if (stored) return stored
    // Two tabs opened together may each keep their own for now; the later one stays for the next visit.
    await set(DEVICE_KEY, made)
  } catch (error) {
    console.error('Could not keep the device id in IndexedDB', error)
  }
  return made
}

/**
 * This browser's device id (contract/device.ts), sent with every call to the API: made once and kept in
 * IndexedDB, so every visit sends the same one. When IndexedDB fails or hangs, an id made for this page's
 * life is sent instead (a new one per page load, which the limits count no worse than none).
 */
export function deviceId(): Promise<string> {
  kept ??= (() => {
    const made = newDeviceId()
    let timer: ReturnType<typeof setTimeout> | undefined
    const hanging = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(made), STORE_WAIT_MS)
    })
    return Promise.race([readOrMake(made).finally(() => clearTimeout(timer)), hanging]).then((id) => {
      known = id
      return id
    })
  })()
  return kept
}

/**
 * The device id if it is already known, else null, and it is looked up for the next call. For calls that
 * must not wait on IndexedDB: the reads a page makes while it loads and the app takes it over.
 */
export function knownDeviceId(): string | null {
  if (known === null) void deviceId()
  return known
}
