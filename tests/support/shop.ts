import { createHash } from 'node:crypto'
import { productAssets } from '../../server/db/schema'
import { createUser, makeSeller } from '../../server/features/accounts/accounts.service'
import { createSession } from '../../server/features/accounts/sessions'
import { createProduct, publishProduct } from '../../server/features/catalog/catalog.service'
import { createStorage } from '../../server/storage/create-storage'
import type { RunningApp } from './app'

/** Someone with an account (a customer, or with the roles given) and a session token. */
export async function personOf(
  app: RunningApp,
  email: string,
  opts: { name?: string; roles?: ('admin' | 'seller')[] } = {},
) {
  const user = await createUser(app.database.db, {
    email,
    name: opts.name ?? email.split('@')[0] ?? email,
    password: 'baobab-shade-2026',
    ...(opts.roles ? { roles: opts.roles } : {}),
  })
  return { id: user.id, user, token: (await createSession(app.database.db, user.id, null)).token }
}

/** A seller with a storefront (Kenyan, paid out by M-Pesa) and a session token. */
export async function sellerOf(app: RunningApp, handle: string, displayName = `${handle} Studio`) {
  const user = await createUser(app.database.db, {
    email: `${handle}@example.com`,
    name: handle,
    password: 'baobab-shade-2026',
  })
  await makeSeller(app.database.db, user.id, {
    handle,
    displayName,
    country: 'KE',
    payoutMethod: { kind: 'mpesa', phone: '254712000000' },
  } as never)
  return { id: user.id, token: (await createSession(app.database.db, user.id, null)).token }
}

/**
 * Puts a product of the seller's on sale, with its files stored as uploads leave them (ready, SHA-256
 * recorded); returns the product's id.
 */
export async function productOnSale(
  app: RunningApp,
  sellerId: string,
  input: Record<string, unknown>,
  files: { name: string; body: Buffer }[] = [],
) {
  const row = await createProduct(app.database.db, sellerId, input as never)
  const storage = createStorage(app.config)
  for (const [position, file] of files.entries()) {
    const key = `products/${row.id}/files/${file.name}`
    await storage.write(key, file.body, 'application/zip')
    await app.database.db.insert(productAssets).values({
      id: crypto.randomUUID(),
      productId: row.id,
      sellerId,
      role: 'file',
      status: 'ready',
      storageKey: key,
      partSize: file.body.length,
      fileName: file.name,
      contentType: 'application/zip',
      size: file.body.length,
      sha256: createHash('sha256').update(file.body).digest('hex'),
      position,
    })
  }
  await publishProduct(app.database.db, sellerId, row.id)
  return row.id
}

/** A published event 30 days ahead (no file needed to publish) with one ticket type at `price`. */
export async function eventOnSale(
  app: RunningApp,
  sellerId: string,
  title: string,
  price: { amount: number; currency: string },
) {
  const row = await createProduct(app.database.db, sellerId, {
    kind: 'event',
    title,
    description: '',
    price,
    details: {
      startsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      endsAt: null,
      timeZone: 'Africa/Nairobi',
      where: { kind: 'place', address: 'The Alchemist, Westlands' },
      ticketTypes: [{ name: 'Regular', price, capacity: 100, saleStartsAt: null, saleEndsAt: null }],
    },
  } as never)
  await publishProduct(app.database.db, sellerId, row.id)
  return row.id
}
