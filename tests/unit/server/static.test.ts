import { describe, expect, it } from 'vitest'
import { scriptSafeJson } from '../../../contract/runtime'
import { cacheControlFor, makeAsset, negotiate } from '../../../server/web/static'

describe('cacheControlFor', () => {
  it('keeps hashed assets and build metadata for a year', () => {
    expect(cacheControlFor('/assets/index-abc123.js')).toBe('public, max-age=31536000, immutable')
    expect(cacheControlFor('/builds/meta/abc.json')).toBe('public, max-age=31536000, immutable')
  })

  it('always revalidates the files that say which build is current', () => {
    expect(cacheControlFor('/index.html')).toBe('no-cache')
    expect(cacheControlFor('/sw.js')).toBe('no-cache')
    expect(cacheControlFor('/manifest.webmanifest')).toBe('no-cache')
    expect(cacheControlFor('/builds/latest.json')).toBe('no-store')
  })
})

describe('negotiate', () => {
  const asset = makeAsset('/assets/a.js', Buffer.from('plain'), {
    br: Buffer.from('br'),
    gzip: Buffer.from('gz'),
  })

  it('prefers brotli, then gzip, then the plain bytes', () => {
    expect(negotiate(asset, 'gzip, deflate, br').encoding).toBe('br')
    expect(negotiate(asset, 'gzip').encoding).toBe('gzip')
    expect(negotiate(asset, '').encoding).toBeUndefined()
  })

  it('respects q=0', () => {
    expect(negotiate(asset, 'br;q=0, gzip').encoding).toBe('gzip')
  })
})

describe('makeAsset', () => {
  it('gives equal bytes equal strong ETags and different bytes different ones', () => {
    const a = makeAsset('/x.js', Buffer.from('one'))
    expect(a.etag).toMatch(/^"[\w-]+"$/)
    expect(makeAsset('/y.js', Buffer.from('one')).etag).toBe(a.etag)
    expect(makeAsset('/x.js', Buffer.from('two')).etag).not.toBe(a.etag)
  })
})

describe('scriptSafeJson', () => {
  it('cannot close the script element it is written into', () => {
    const json = scriptSafeJson({ name: '</script><script>alert(1)</script>' })
    expect(json).not.toContain('</script>')
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' })
  })
})
