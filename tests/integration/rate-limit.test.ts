import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../server/lib/errors'
import { enforceRateLimit, type RateCheck } from '../../server/lib/rate-limit'
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/db'

/**
 * Several checks counted in one statement keep their order: a check is counted only when every check
 * before it was within its limit, so a person refused by their own limit uses none of what a shared
 * ceiling (an address) allows everyone.
 */
describe.each(databaseKinds)('rate limits checked in order on %s', (kind) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestDatabase(kind)
  })
  afterAll(async () => {
    await database.close()
  })

  const hitsOf = async (key: string) => {
    const result = await database.db.execute(sql`select hits from rate_limits where key = ${key}`)
    const [row] = (result as unknown as { rows: { hits: number }[] }).rows
    return row ? Number(row.hits) : 0
  }

  const TRIES_OF_YOURS = {
    id: 'test.triesOfYours',
    message:
      'Too many tries of yours. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  }
  const TRIES_FROM_NETWORK = {
    id: 'test.triesFromNetwork',
    message:
      'Too many tries from this network. Wait {count} {unit, select, minutes {minutes} other {seconds}}, then try again.',
  }
  const checks = (run: string, own: number, shared: number): RateCheck[] => [
    { key: `${run}:own`, limit: { max: own, windowSeconds: 600 }, refusal: TRIES_OF_YOURS, field: 'email' },
    { key: `${run}:shared`, limit: { max: shared, windowSeconds: 60 }, refusal: TRIES_FROM_NETWORK },
  ]

  it('stops counting at the first check over its limit, with that check’s message and wait', async () => {
    const mine = checks('order', 2, 100)
    await enforceRateLimit(database.db, mine)
    await enforceRateLimit(database.db, mine)
    for (let i = 0; i < 3; i++) {
      const refused = await enforceRateLimit(database.db, mine).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(AppError)
      expect(refused).toMatchObject({
        status: 429,
        message: expect.stringMatching(/^Too many tries of yours\. Wait \d+ minutes, then try again\.$/),
        errors: { email: expect.stringMatching(/^Too many tries of yours/) },
      })
      expect((refused as AppError).retryAfter).toBeGreaterThan(500)
    }
    // Five attempts: the first check counted all five, the shared one only the two it let through.
    expect(await hitsOf('order:own')).toBe(5)
    expect(await hitsOf('order:shared')).toBe(2)
  })

  it('counts every check before the one that refuses', async () => {
    const shared = checks('shared', 100, 1)
    await enforceRateLimit(database.db, shared)
    await expect(enforceRateLimit(database.db, shared)).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Too many tries from this network\. Wait \d+ seconds/),
    })
    expect(await hitsOf('shared:own')).toBe(2)
    expect(await hitsOf('shared:shared')).toBe(2)
  })

  it('counts ten at once exactly, on one key', async () => {
    const one = [checks('burst', 1000, 1000)[0] as RateCheck]
    await Promise.all(Array.from({ length: 10 }, () => enforceRateLimit(database.db, one)))
    expect(await hitsOf('burst:own')).toBe(10)
  })

  it('counts nothing for no checks', async () => {
    await expect(enforceRateLimit(database.db, [])).resolves.toBeUndefined()
  })
})
