import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEVICE_HEADER, deviceIdOf } from '../../../contract/device'
import { RUNTIME_SETTINGS_ELEMENT_ID } from '../../../contract/runtime'

/** idb-keyval in memory, kept between page loads; `broken` makes it fail, `hanging` never answer. */
const idb = vi.hoisted(() => ({ store: new Map<string, unknown>(), broken: false, hanging: false }))
const answer = async <T>(work: () => T): Promise<T> => {
  if (idb.hanging) return new Promise<T>(() => {})
  if (idb.broken) throw new DOMException('The operation failed', 'UnknownError')
  return work()
}
vi.mock('idb-keyval', () => ({
  get: (key: string) => answer(() => idb.store.get(key)),
  set: (key: string, value: unknown) => answer(() => void idb.store.set(key, value)),
}))

/** A fresh page load: the modules (and what they hold in memory) anew, IndexedDB as it was. */
async function pageLoad() {
  vi.resetModules()
  return {
    device: await import('../../../src/lib/device'),
    rpc: await import('../../../src/lib/rpc'),
  }
}

/** The headers of every request the page sends, by URL. */
function recordRequests() {
  const sent: { url: string; headers: Headers }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, headers: new Headers(init.headers) })
      return new Response(JSON.stringify({ statusCode: 200, message: 'OK', data: {} }), { status: 200 })
    }),
  )
  return sent
}

beforeEach(() => {
  idb.store.clear()
  idb.broken = false
  idb.hanging = false
  // The page's runtime settings: files on a storage host of their own.
  document.getElementById(RUNTIME_SETTINGS_ELEMENT_ID)?.remove()
  const settings = document.createElement('script')
  settings.id = RUNTIME_SETTINGS_ELEMENT_ID
  settings.type = 'application/json'
  settings.textContent = JSON.stringify({ apiBase: '', storageHost: 'files.soko.test/bucket/' })
  document.head.append(settings)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('the device id', () => {
  it('is made once, kept in IndexedDB, and the same on every page load', async () => {
    const first = await (await pageLoad()).device.deviceId()
    expect(deviceIdOf(first)).toBe(first)
    expect(idb.store.get('device_id')).toBe(first)
    const again = await pageLoad()
    expect(await again.device.deviceId()).toBe(first)
    expect(await again.device.deviceId()).toBe(first)
  })

  it('differs from browser to browser', async () => {
    const ids = new Set<string>()
    for (let i = 0; i < 20; i++) {
      idb.store.clear()
      ids.add(await (await pageLoad()).device.deviceId())
    }
    expect(ids.size).toBe(20)
  })

  it('replaces a stored value that is not one', async () => {
    idb.store.set('device_id', 'short')
    const id = await (await pageLoad()).device.deviceId()
    expect(id).not.toBe('short')
    expect(deviceIdOf(id)).toBe(id)
    expect(idb.store.get('device_id')).toBe(id)
  })

  it('is one for the page’s life when IndexedDB fails', async () => {
    idb.broken = true
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { device } = await pageLoad()
    const id = await device.deviceId()
    expect(deviceIdOf(id)).toBe(id)
    expect(await device.deviceId()).toBe(id)
    expect(console.error).toHaveBeenCalledWith('Could not keep the device id in IndexedDB', expect.anything())
  })

  it('holds no call up for more than a second when IndexedDB never answers', async () => {
    idb.hanging = true
    vi.useFakeTimers()
    const { device } = await pageLoad()
    let id: string | undefined
    void device.deviceId().then((value) => {
      id = value
    })
    await vi.advanceTimersByTimeAsync(999)
    expect(id).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(id && deviceIdOf(id)).toBe(id)
  })
})

describe('calls carry it', () => {
  it('to the API, on every call, signed in or not; never to the storage host', async () => {
    const sent = recordRequests()
    const { device, rpc } = await pageLoad()
    const id = await device.deviceId()
    await rpc.rpc('getMe', {})
    await rpc.apiFetch('/_payload.json')
    await rpc.apiFetch('https://files.soko.test/bucket/products/p1/files/beats.zip?sig=abc')
    expect(sent.map((request) => [request.url, request.headers.get(DEVICE_HEADER)])).toEqual([
      ['/', id],
      ['/_payload.json', id],
      ['https://files.soko.test/bucket/products/p1/files/beats.zip?sig=abc', null],
    ])
  })

  it('the same one after a reload', async () => {
    const sent = recordRequests()
    await (await pageLoad()).rpc.rpc('signOut', {})
    await (await pageLoad()).rpc.rpc('signOut', {})
    const [first, second] = sent.map((request) => request.headers.get(DEVICE_HEADER))
    expect(first).toBeTruthy()
    expect(second).toBe(first)
  })

  it('a page loading never waits for it: a read goes at once, a change waits for the id', async () => {
    const sent = recordRequests()
    idb.hanging = true
    vi.useFakeTimers()
    try {
      const { rpc } = await pageLoad()
      // IndexedDB has not answered: the read goes without the id, at once.
      await rpc.rpc('getMe', {})
      expect(sent.map((request) => request.headers.get(DEVICE_HEADER))).toEqual([null])
      // A checkout waits for it (here, the second after which an id for this page's life is used).
      const change = rpc.rpc('signOut', {})
      await vi.advanceTimersByTimeAsync(1000)
      await change
      const id = sent[1]?.headers.get(DEVICE_HEADER)
      expect(id && deviceIdOf(id)).toBe(id)
      // Reads after that carry it too.
      await rpc.rpc('getMe', {})
      expect(sent[2]?.headers.get(DEVICE_HEADER)).toBe(id)
    } finally {
      vi.useRealTimers()
    }
  })
})
