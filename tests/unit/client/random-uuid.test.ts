import { afterEach, describe, expect, it, vi } from 'vitest'
import { randomUuid } from '../../../src/lib/random-uuid'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('randomUuid', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('makes UUIDs, with or without crypto.randomUUID (a page that is not secure lacks it)', () => {
    expect(randomUuid()).toMatch(UUID_V4)
    const real = globalThis.crypto
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a) })
    const keys = new Set(Array.from({ length: 50 }, () => randomUuid()))
    expect(keys.size).toBe(50)
    for (const key of keys) expect(key).toMatch(UUID_V4)
  })
})
