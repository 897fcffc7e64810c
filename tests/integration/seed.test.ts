import { count, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { products, sellers, users } from '../../server/db/schema'
import { verifyPassword } from '../../server/features/accounts/passwords'
import { seedDemoData } from '../../server/features/demo/seed'
import { createLogger } from '../../server/lib/log'
import { testConfig } from '../support/config'
import { databaseKinds, openTestDatabase } from '../support/db'

describe.each(databaseKinds)('demo data on %s', (kind) => {
  let database: Database
  afterEach(() => database.close())
  const log = createLogger('silent')

  it('seeds an admin, a seller with a storefront and published products, once', async () => {
    database = await openTestDatabase(kind)
    const { db } = database
    const config = testConfig()
    const accounts = await seedDemoData(db, config, log)
    await seedDemoData(db, config, log) // a second start changes nothing

    const people = await db.select().from(users)
    expect(people).toHaveLength(2)
    const admin = people.find((u) => u.email === accounts.adminEmail)
    expect(admin?.roles).toEqual(['customer', 'admin'])
    expect(await verifyPassword(config.demoPassword, admin?.passwordHash ?? '')).toBe(true)

    const [seller] = await db.select().from(sellers)
    expect(seller?.handle).toBe('wanjiru')
    expect(people.find((u) => u.id === seller?.userId)?.roles).toContain('seller')

    const listed = await db.select().from(products).where(eq(products.status, 'published'))
    expect(listed.length).toBeGreaterThanOrEqual(3)
    for (const product of listed) {
      expect(product.sellerId).toBe(seller?.userId)
      expect(Number.isInteger(product.priceAmount)).toBe(true)
      expect(product.slug).toMatch(/^[a-z0-9-]+$/)
    }
  })

  it('does not seed a database that already has people in it', async () => {
    database = await openTestDatabase(kind)
    await database.db
      .insert(users)
      .values({ id: '018f0000-0000-7000-8000-000000000001', email: 'x@example.com', name: 'X' })
    await seedDemoData(database.db, testConfig(), log)
    const [row] = await database.db.select({ n: count() }).from(users)
    expect(row?.n).toBe(1)
  })
})
