import { afterEach, describe, expect, it, vi } from 'vitest'
import { failedPageShows } from '../../../src/components/PageError'
import { countryOf } from '../../../src/lib/geo'
import {
  importerHandlesChunkErrors,
  importHandlingErrors,
  isChunkLoadError,
  mayReload,
  RELOAD_THROTTLE_MS,
} from '../../../src/lib/reload'

afterEach(() => sessionStorage.clear())

describe('reload throttle', () => {
  it('allows one reload per path per 10000 ms', () => {
    expect(RELOAD_THROTTLE_MS).toBe(10_000)
    expect(mayReload('/pricing', 1_000)).toBe(true)
    expect(mayReload('/pricing', 1_000 + 9_999)).toBe(false)
    // Another path has its own allowance.
    expect(mayReload('/features', 1_500)).toBe(true)
    expect(mayReload('/pricing', 1_000 + 10_000)).toBe(true)
  })

  it('still allows a reload when session storage refuses to work', () => {
    const spy = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied')
    })
    expect(mayReload('/x')).toBe(true)
    spy.mockRestore()
  })
})

describe('chunk-load errors', () => {
  it('recognises the messages of Chromium, Firefox and Safari, and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(
      true,
    )
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
  })
})

describe('what a page that failed shows', () => {
  const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/login-a1.js')
  afterEach(() => {
    sessionStorage.clear()
    vi.restoreAllMocks()
  })

  it('reloads on a chunk error online, and says Soko cannot be reached when it fails again within 10 s', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    const assign = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...location,
      assign,
      href: 'http://soko.test/login',
    })
    expect(failedPageShows(chunkError)).toBe('reloading')
    expect(assign).toHaveBeenCalledTimes(1)
    // The reload came back to the same failure (the network dropped again): no dead end, no second reload.
    expect(failedPageShows(chunkError)).toBe('part-unreachable')
    expect(assign).toHaveBeenCalledTimes(1)
  })

  it('says Soko cannot be reached for a chunk error offline, and Internal Server Error for anything else', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    expect(failedPageShows(chunkError)).toBe('part-unreachable')
    expect(failedPageShows(new Error('Cannot read properties of undefined'))).toBe('error')
  })
})

describe('imports that show their own failure', () => {
  it('hold off the reload until they settle, failed or not', async () => {
    let fail: (error: Error) => void = () => {}
    const pending = importHandlingErrors(() => new Promise((_, reject) => (fail = reject)))
    expect(importerHandlesChunkErrors()).toBe(true)
    fail(new TypeError('Failed to fetch dynamically imported module: /assets/RichTextEditor-x.js'))
    await expect(pending).rejects.toThrow('Failed to fetch')
    expect(importerHandlesChunkErrors()).toBe(false)
    await expect(importHandlingErrors(async () => 'loaded')).resolves.toBe('loaded')
    expect(importerHandlesChunkErrors()).toBe(false)
  })
})

describe('location', () => {
  it('finds the country code in the answers of common geolocation services', () => {
    expect(countryOf({ country_code: 'ke' })).toBe('KE')
    expect(countryOf({ countryCode: 'UG' })).toBe('UG')
    expect(countryOf({ country: 'TZ' })).toBe('TZ')
    expect(countryOf({ country: 'Kenya' })).toBeNull()
    expect(countryOf(undefined)).toBeNull()
  })
})
