import { describe, expect, it } from 'vitest'
import { checkTarget, classify, type Resolver } from '../../../server/lib/address-guard'

/** Which addresses a webhook may reach: public ones only (loopback too under the development switch). */
describe('the address guard', () => {
  it('names each special range, and IPv6 forms that carry an IPv4 address by that address', () => {
    const cases: [string, string][] = [
      ['8.8.8.8', 'public'],
      ['172.32.0.1', 'public'],
      ['2001:4860:4860::8888', 'public'],
      ['::ffff:8.8.8.8', 'public'],
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['::1', 'loopback'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['100.64.0.1', 'private'],
      ['fd00::1', 'private'],
      ['2002:a00:1::1', 'private'],
      ['169.254.169.254', 'link-local'],
      ['fe80::1', 'link-local'],
      ['64:ff9b::a9fe:a9fe', 'link-local'],
      ['0.0.0.0', 'reserved'],
      ['::', 'reserved'],
      ['255.255.255.255', 'reserved'],
      ['224.0.0.1', 'reserved'],
      ['2001:db8::1', 'reserved'],
      ['not an address', 'reserved'],
    ]
    for (const [address, expected] of cases) expect(classify(address), address).toBe(expected)
  })

  it('refuses http, credentials, names it cannot resolve and any non-public answer, resolving once', async () => {
    let asked = 0
    const answers =
      (...list: string[]): Resolver =>
      async () => {
        asked++
        return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
      }
    const strict = (resolve: Resolver) => ({ allowLoopback: false, resolve })
    await expect(
      checkTarget(new URL('http://hooks.example/'), strict(answers('8.8.8.8'))),
    ).rejects.toMatchObject({
      why: 'scheme',
    })
    await expect(
      checkTarget(new URL('https://u:p@hooks.example/'), strict(answers('8.8.8.8'))),
    ).rejects.toMatchObject({ why: 'credentials' })
    await expect(checkTarget(new URL('https://hooks.example/'), strict(answers()))).rejects.toMatchObject({
      why: 'unresolved',
    })
    await expect(
      checkTarget(new URL('https://hooks.example/'), strict(answers('8.8.8.8', '10.0.0.1'))),
    ).rejects.toMatchObject({ why: 'private' })
    await expect(checkTarget(new URL('https://[::1]/'), strict(answers()))).rejects.toMatchObject({
      why: 'loopback',
    })
    asked = 0
    expect(await checkTarget(new URL('https://hooks.example/'), strict(answers('8.8.4.4')))).toEqual({
      address: '8.8.4.4',
      family: 4,
    })
    expect(asked).toBe(1)
    // The development switch allows http and loopback, never private addresses.
    const dev = { allowLoopback: true, resolve: answers('127.0.0.1') }
    expect(await checkTarget(new URL('http://localhost:3000/'), dev)).toMatchObject({ address: '127.0.0.1' })
    await expect(
      checkTarget(new URL('http://db.internal/'), { allowLoopback: true, resolve: answers('192.168.0.10') }),
    ).rejects.toMatchObject({ why: 'private' })
  })
})
