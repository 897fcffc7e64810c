import { describe, expect, it } from 'vitest'
import { deviceIdOf } from '../../../contract/device'

describe('deviceIdOf', () => {
  it('takes a short opaque token: 16 to 64 letters, digits, _ and -', () => {
    expect(deviceIdOf('0123456789abcdef')).toBe('0123456789abcdef')
    expect(deviceIdOf('9f86d081884c7d659a2feaa0c55ad015')).toBe('9f86d081884c7d659a2feaa0c55ad015')
    expect(deviceIdOf('Zx_-'.repeat(16))).toBe('Zx_-'.repeat(16))
    expect(deviceIdOf('6f1c2d44-1b7e-4c7a-9a55-0e1f2a3b4c5d')).toBe('6f1c2d44-1b7e-4c7a-9a55-0e1f2a3b4c5d')
  })

  it('ignores anything else', () => {
    for (const value of [
      undefined,
      null,
      '',
      '0123456789abcde',
      'a'.repeat(65),
      '0123456789abcdef ',
      ' 0123456789abcdef',
      '0123456789abcdef\n',
      '0123456789abcdef, 0123456789abcdef',
      '0123456789abcdef/x',
      '0123456789abcdéf',
      'checkout:ip:203.0.113.1',
      42,
      ['0123456789abcdef'],
    ])
      expect(deviceIdOf(value), JSON.stringify(value)).toBeNull()
  })
})
