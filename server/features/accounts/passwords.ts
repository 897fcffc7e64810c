import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

// scrypt parameters: N=2^15 costs ~50 ms and 32 MiB per hash on the target machine — slow for an attacker,
// still quick enough for a person signing in. They are stored with each hash so they can be raised later.
export const PASSWORD_HASH_COST = 2 ** 15
let N = PASSWORD_HASH_COST
const r = 8
const p = 1
const KEY_LENGTH = 32
const MAX_MEMORY = 64 * 1024 * 1024

/**
 * Sets N for the hashes made from now on, in this process. Only the integration tests call it: they make
 * thousands of accounts and hash at 2^10 (a hash keeps the cost it was made with, so every hash verifies
 * whatever the setting). The server never changes it.
 */
export function setPasswordHashCost(n: number) {
  if (!Number.isInteger(Math.log2(n)) || n < 2 ** 10 || n > 2 ** 20)
    throw new Error(`scrypt's N is a power of two from 2^10 to 2^20: ${n}`)
  N = n
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, N, r, p)
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(rr), Number(pp))
  return key.length === expected.length && timingSafeEqual(key, expected)
}

function derive(password: string, salt: Buffer, n: number, rr: number, pp: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N: n, r: rr, p: pp, maxmem: MAX_MEMORY },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  )
}
