import { count, sql } from 'drizzle-orm'
import type { SubjectInput } from '../../../contract'
import { newProduct } from '../../../contract/catalog.contract'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import type { Config } from '../../env'
import type { Logger } from '../../lib/log'
import { createUser, makeSeller } from '../accounts/accounts.service'
import { createProduct, publishProduct } from '../catalog/catalog.service'

export interface DemoAccounts {
  adminEmail: string
  sellerEmail: string
  sellerHandle: string
  password: string
}

const demoProducts: SubjectInput<'createProduct'>[] = [
  {
    kind: 'digital',
    title: 'Nairobi Nights — Lightroom Preset Pack',
    description:
      '12 presets tuned for city lights after dark: warm street lamps, deep blues, clean skin tones. ' +
      'For Lightroom Classic and mobile, with a PDF guide.',
    price: { amount: 1_500_00, currency: 'KES' },
  },
  {
    kind: 'digital',
    title: 'Freelancer Invoice & Proposal Kit',
    description:
      'Editable invoice, quote and proposal templates in DOCX, Google Docs and Figma, with M-Pesa and PayPal ' +
      'payment blocks and a short guide to getting paid on time.',
    price: { amount: 9_00, currency: 'USD' },
  },
  {
    kind: 'digital',
    title: 'Kanga Lettering Brushes for Procreate',
    description: '24 brushes drawn from East African kanga prints and sign painting, with a practice sheet.',
    price: { amount: 800_00, currency: 'KES' },
  },
]

/**
 * Fills an empty database with the demo admin, a seller with a storefront and a few published products,
 * through the same services people use, in one transaction, so a half-seeded database cannot happen.
 */
export async function seedDemoData(db: Db, config: Config, log: Logger): Promise<DemoAccounts> {
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
    const t = tx as unknown as Db
    await createUser(t, {
      email: accounts.adminEmail,
      name: 'Soko Admin',
      password: accounts.password,
      roles: ['admin'],
      emailVerified: true,
    })
    const seller = await createUser(t, {
      email: accounts.sellerEmail,
      name: 'Wanjiru Kamau',
      password: accounts.password,
      emailVerified: true,
    })
    await makeSeller(t, seller.id, {
      handle: accounts.sellerHandle,
      displayName: 'Wanjiru Studio',
      country: 'KE',
      // Daraja's sandbox test number: payouts to it go to the M-Pesa simulator.
      payoutMethod: { kind: 'mpesa', phone: '254708374149' },
    })
    for (const product of demoProducts) {
      const created = await createProduct(t, seller.id, newProduct.parse(product))
      await publishProduct(t, seller.id, created.id)
    }
    log.info('demo data seeded', { admin: accounts.adminEmail, seller: accounts.sellerEmail })
  })
  return accounts
}
