import { count, eq, sql } from 'drizzle-orm'
import { newProduct } from '../../../contract/catalog.contract'
import type { Db } from '../../db/client'
import { productAssets, sellers, sellerVerifications, users } from '../../db/schema'
import type { Config } from '../../env'
import { STANDARD_SALE_TERMS } from '../../ledger/postings'
import { clock } from '../../lib/clock'
import type { Logger } from '../../lib/log'
import { uuidv7 } from '../../lib/uuid'
import type { Storage } from '../../storage/storage'
import { createUser, makeSeller } from '../accounts'
import { createProduct, type ProductRow, publishProduct } from '../catalog'
import { seedDemoBundle } from './demo-bundle'
import { seedDemoInvoices } from './demo-invoices'
import { seedDemoPosts } from './demo-posts'
import { demoProducts } from './demo-products'
import { seedDemoSales } from './demo-sales'
import { productMedia } from './product-media'

export interface DemoAccounts {
  adminEmail: string
  sellerEmail: string
  sellerHandle: string
  password: string
}

/**
 * Fills an empty database with the demo admin, a seller with a storefront and one published product of
 * each kind, with photos and downloadable files, a few sales and invoices, through the same services people
 * use, in one transaction, so a half-seeded database cannot happen. Storage writes cannot roll back with it: a seed that fails
 * after writing leaves unreferenced objects behind (litter only), and the next start seeds afresh.
 */
export async function seedDemoData(
  db: Db,
  storage: Storage,
  config: Config,
  log: Logger,
): Promise<DemoAccounts> {
  const accounts: DemoAccounts = {
    adminEmail: 'admin@soko.test',
    sellerEmail: 'wanjiru@soko.test',
    sellerHandle: 'wanjiru',
    password: config.demoPassword,
  }
  await db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL take turns here; the second then finds people and stops.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('soko:seed'))`)
    const [row] = await tx.select({ n: count() }).from(users)
    if ((row?.n ?? 0) > 0) return
    const started = performance.now()
    await createUser(tx, {
      email: accounts.adminEmail,
      name: 'Soko Admin',
      password: accounts.password,
      roles: ['admin'],
      emailVerified: true,
    })
    const seller = await createUser(tx, {
      email: accounts.sellerEmail,
      name: 'Wanjiru Kamau',
      password: accounts.password,
      emailVerified: true,
    })
    await makeSeller(tx, seller.id, {
      handle: accounts.sellerHandle,
      displayName: 'Wanjiru Studio',
      country: 'KE',
      // Daraja's sandbox test number: payouts to it go to the M-Pesa simulator.
      payoutMethod: { kind: 'mpesa', phone: '254708374149' },
    })
    // The demo seller's identity is already checked, as the admin would have approved it: payouts work.
    const admin = await tx.select({ id: users.id }).from(users).where(eq(users.email, accounts.adminEmail))
    await tx.insert(sellerVerifications).values({
      id: uuidv7(),
      sellerId: seller.id,
      details: {
        legalName: 'Wanjiru Kamau',
        dateOfBirth: '1994-03-12',
        documentKind: 'national-id',
        documentNumber: '29384756',
        address: 'Argwings Kodhek Road, Kilimani, Nairobi',
      },
      status: 'approved',
      reviewedBy: admin[0]?.id ?? null,
      reviewedAt: clock.now(),
    })
    // What a storefront says about its maker, as a seller writes it in their profile.
    await tx
      .update(sellers)
      .set({
        bio:
          'Lettering, Lightroom presets and printed tees from a small studio in Kilimani, Nairobi. ' +
          'Everything here is drawn or shot in the studio.',
        links: ['https://wanjiru.example', 'https://wanjiru.example/commissions'],
      })
      .where(eq(sellers.userId, seller.id))
    await seedDemoInvoices(tx, seller.id, clock.ms())
    const demo = demoProducts(clock.ms())
    const created: ProductRow[] = []
    for (const product of demo) {
      const row = await createProduct(tx, seller.id, newProduct.parse(product.input))
      created.push(await publishProduct(tx, seller.id, row.id))
    }
    // Drawing and writing the media is most of the work: done for all products at once, with no query
    // meanwhile (the transaction has one connection), then the rows go in with a single insert.
    const media = await Promise.all(
      demo.map((product, i) => productMedia(storage, created[i] as ProductRow, product)),
    )
    const rows = media.flat().map((asset) => ({ ...asset, sellerId: seller.id }))
    await tx.insert(productAssets).values(rows)
    await seedDemoBundle(tx, seller.id, created)
    await seedDemoPosts(tx, seller.id, created)
    await seedDemoSales(
      tx,
      created,
      { ...STANDARD_SALE_TERMS, holdDays: config.payouts.holdDays },
      clock.ms(),
    )
    log.info('demo data seeded', {
      admin: accounts.adminEmail,
      seller: accounts.sellerEmail,
      products: created.length,
      assets: rows.length,
      ms: Math.round(performance.now() - started),
    })
  })
  return accounts
}
