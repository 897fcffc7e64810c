import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { platformSettings } from '../../server/db/schema'
import { TransactionGuardError, takeTransactionGuardViolations } from '../../server/db/transaction-guard'
import { databaseKinds, openTestDatabase } from '../support/db'
import { gate } from '../support/jobs'

/**
 * The transaction guard, on in every test: using the root database while a transaction of the same call is
 * open throws at once (on PGlite it would wait for ever), naming both places; what runs after the commit,
 * even if started inside the transaction, is free to use it.
 */
describe.each(databaseKinds)('the transaction guard on %s', (kind) => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.close()
  })
  // These tests break the rule on purpose: what they caused is not a finding.
  afterEach(() => {
    takeTransactionGuardViolations()
  })

  const count = async () => (await database.db.select().from(platformSettings)).length
  const keyed = (key: string) => ({ key, value: {}, version: 1 })

  async function readTheRootInside() {
    // Named so the stack shows it.
    return database.db.select().from(platformSettings)
  }

  it('throws at once, naming where the root database was used and where the transaction began, and rolls back', async () => {
    const before = await count()
    const attempt = database.db.transaction(async (tx) => {
      await tx.insert(platformSettings).values(keyed('guard.rolled-back'))
      await readTheRootInside()
    })
    const error = await attempt.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransactionGuardError)
    const stack = (error as Error).stack ?? ''
    expect(stack).toMatch(/db\.select\(\) on the root database while a transaction of the same call/)
    expect(stack).toMatch(/used at:\n\s+at readTheRootInside .*transaction-guard\.test\.ts/)
    expect(stack).toMatch(/transaction begun at:\n.*transaction-guard\.test\.ts/)
    expect(await count()).toBe(before)
    expect(takeTransactionGuardViolations()).toHaveLength(1)
  })

  it('catches a query built outside and run inside, and a transaction begun inside another', async () => {
    const built = database.db.select().from(platformSettings)
    await expect(
      database.db.transaction(async () => {
        await built
      }),
    ).rejects.toThrow(/A query on the root database/)
    await expect(
      database.db.transaction(async () => {
        await database.db.transaction(async () => {})
      }),
    ).rejects.toThrow(/db\.transaction\(\) on the root database/)
  })

  it('lets work started inside a transaction use the root database once it has committed', async () => {
    const committed = gate()
    let after: Promise<unknown> = Promise.resolve()
    await database.db.transaction(async (tx) => {
      await tx.insert(platformSettings).values(keyed('guard.after-commit'))
      after = committed.opened.then(() => database.db.select().from(platformSettings))
    })
    committed.open()
    expect(await after).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'guard.after-commit' })]),
    )
    expect(takeTransactionGuardViolations()).toEqual([])
  })

  it('does not mix up concurrent calls: root queries of other calls run while a transaction is open', async () => {
    const inside = gate()
    const release = gate()
    const open = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      inside.open()
      await release.opened
    })
    await inside.opened
    // On PostgreSQL another connection answers at once; on PGlite the read waits its turn, then answers.
    const read = database.db.select().from(platformSettings)
    release.open()
    await Promise.all([open, read])
    expect(takeTransactionGuardViolations()).toEqual([])
  })
})
