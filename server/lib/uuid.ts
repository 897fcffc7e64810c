import { randomBytes } from 'node:crypto'

let lastMs = 0
let counter = 0

/**
 * RFC 9562 UUIDv7: 48 bits of Unix milliseconds, then randomness, so ids sort by creation time and
 * B-tree inserts stay local. Within one millisecond a 12-bit counter keeps ids made here in order.
 */
export function uuidv7(now = Date.now()): string {
  if (now <= lastMs) {
    counter = (counter + 1) & 0xfff
    if (counter === 0) lastMs++
    now = lastMs
  } else {
    lastMs = now
    counter = randomBytes(2).readUInt16BE(0) & 0x7ff
  }
  const bytes = randomBytes(16)
  bytes.writeUIntBE(now, 0, 6)
  bytes[6] = 0x70 | (counter >> 8)
  bytes[7] = counter & 0xff
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f)
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** A UUID's text, for patterns that hold one (a page marker, say). */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const UUID = new RegExp(`^${UUID_PATTERN}$`, 'i')

/**
 * Whether a text is a UUID as the database reads one (8-4-4-4-12 hex digits). An id that comes from outside
 * (a provider's message, a link) is checked with this before it is looked up in a uuid column: anything
 * else would be a database error, not "no such row".
 */
export function isUuid(text: unknown): text is string {
  return typeof text === 'string' && UUID.test(text)
}
