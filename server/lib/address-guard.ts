import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'

/**
 * The guard between a seller's webhook address and this server's network. A seller chooses the address,
 * so it could name this machine, the cloud's metadata service or a database on the private network. The
 * guard resolves the name once, refuses unless every answer is a public address, and the request then
 * connects to the address it checked: no second lookup that a short-lived DNS answer could change.
 */

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** Answers a host name's addresses; tests give their own, so no test looks anything up. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }))

export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'reserved'

/** Why a delivery was refused before any connection was opened. */
export class RefusedAddress extends Error {
  constructor(
    readonly why: 'scheme' | 'credentials' | 'unresolved' | Exclude<AddressClass, 'public'>,
    readonly host: string,
    detail: string,
  ) {
    super(detail)
    this.name = 'RefusedAddress'
  }
}

type Range = [prefix: bigint, bits: number, cls: Exclude<AddressClass, 'public'>]

const V4: Range[] = [
  ['0.0.0.0', 8, 'reserved'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'reserved'],
  ['240.0.0.0', 4, 'reserved'],
].map(([ip, bits, cls]) => [v4Number(ip as string), bits as number, cls] as Range)

const V6: Range[] = [
  ['::', 128, 'reserved'],
  ['::1', 128, 'loopback'],
  ['100::', 64, 'reserved'],
  ['2001:db8::', 32, 'reserved'],
  ['fc00::', 7, 'private'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'private'],
  ['ff00::', 8, 'reserved'],
].map(([ip, bits, cls]) => [v6Number(ip as string), bits as number, cls] as Range)

/** Which kind of address this is: only `public` ones are delivered to (and `loopback` in development). */
export function classify(address: string): AddressClass {
  const family = isIP(address)
  if (family === 4) return match(v4Number(address), 32, V4)
  if (family !== 6) return 'reserved'
  const n = v6Number(address)
  // Addresses that carry an IPv4 address are what that address is: mapped (::ffff:a.b.c.d), the
  // deprecated compatible form (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002:a.b.c.d::/48).
  const high96 = n >> 32n
  if (high96 === 0xffffn || (high96 === 0n && n > 1n) || high96 === 0x64ff9bn << 64n)
    return match(n & 0xffffffffn, 32, V4)
  if (n >> 112n === 0x2002n) return match((n >> 80n) & 0xffffffffn, 32, V4)
  return match(n, 128, V6)
}

function match(n: bigint, width: number, ranges: Range[]): AddressClass {
  for (const [prefix, bits, cls] of ranges) {
    const shift = BigInt(width - bits)
    if (n >> shift === prefix >> shift) return cls
  }
  return 'public'
}

function v4Number(ip: string): bigint {
  return ip.split('.').reduce((n, part) => (n << 8n) + BigInt(Number(part)), 0n)
}

/** An IPv6 address as a 128-bit number: `::` expanded, a trailing dotted IPv4 part read as two groups. */
function v6Number(ip: string): bigint {
  let text = ip.split('%')[0] ?? ip
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted?.[1]) {
    const v4 = v4Number(dotted[1])
    text = `${text.slice(0, -dotted[1].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
  return groups.reduce((n, g) => (n << 16n) + BigInt(Number.parseInt(g || '0', 16)), 0n)
}

export interface GuardPolicy {
  /** The development switch: http:// and loopback addresses are allowed. */
  allowLoopback: boolean
  resolve: Resolver
}

/**
 * Checks an address before anything is sent to it: https (http too under the development switch), no
 * user name or password in it, and a host whose every address is public. Answers the address to connect
 * to; throws RefusedAddress otherwise, having opened no socket.
 */
export async function checkTarget(url: URL, policy: GuardPolicy): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowLoopback))
    throw new RefusedAddress('scheme', host, `only https:// addresses are delivered to, not ${url.protocol}`)
  if (url.username || url.password)
    throw new RefusedAddress('credentials', host, 'an address with a user name or password in it')
  const literal = isIP(host)
  let answers: ResolvedAddress[]
  if (literal) answers = [{ address: host, family: literal === 6 ? 6 : 4 }]
  else {
    try {
      answers = await policy.resolve(host)
    } catch (error) {
      throw new RefusedAddress('unresolved', host, `${host} could not be resolved: ${String(error)}`)
    }
    if (answers.length === 0) throw new RefusedAddress('unresolved', host, `${host} has no address`)
  }
  for (const answer of answers) {
    const cls = classify(answer.address)
    if (cls === 'public' || (cls === 'loopback' && policy.allowLoopback)) continue
    throw new RefusedAddress(cls, host, `${host} is at ${answer.address}, a ${cls} address`)
  }
  const [first] = answers
  if (!first) throw new RefusedAddress('unresolved', host, `${host} has no address`)
  return first
}
