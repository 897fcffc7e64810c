import { describe, expect, it } from 'vitest'
import { clientAddress } from '../../../server/lib/client-address'

describe('clientAddress', () => {
  it('behind a proxy, takes the right-most X-Forwarded-For entry: the hop the proxy added', () => {
    expect(clientAddress('203.0.113.77, 198.51.100.9', '10.0.0.2', true)).toBe('198.51.100.9')
    expect(clientAddress('198.51.100.9', '10.0.0.2', true)).toBe('198.51.100.9')
    expect(clientAddress('203.0.113.77,2001:db8::7', '10.0.0.2', true)).toBe('2001:db8::7')
  })

  it('never takes what the client wrote to the left of it', () => {
    expect(clientAddress('203.0.113.77, 203.0.113.78, 198.51.100.9', '10.0.0.2', true)).not.toMatch(/^203\./)
  })

  it('falls back to the socket when the last entry is missing or not an address', () => {
    expect(clientAddress(undefined, '10.0.0.2', true)).toBe('10.0.0.2')
    expect(clientAddress('', '10.0.0.2', true)).toBe('10.0.0.2')
    expect(clientAddress('203.0.113.77, ', '10.0.0.2', true)).toBe('10.0.0.2')
    expect(clientAddress('203.0.113.77, unknown', '10.0.0.2', true)).toBe('10.0.0.2')
  })

  it('without TRUST_PROXY, is the socket address whatever the header says', () => {
    expect(clientAddress('203.0.113.77', '10.0.0.2', false)).toBe('10.0.0.2')
    expect(clientAddress('203.0.113.77', undefined, false)).toBe('unknown')
  })
})
