import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { inflateRawSync } from 'node:zlib'
import { count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { FILE_TYPES, PRODUCT_KINDS } from '../../contract/catalog.constants'
import { type MembershipDetails, newProduct } from '../../contract/catalog.contract'
import type { Database } from '../../server/db/client'
import { ledgerTransactions, orders, productAssets, products, sellers, users } from '../../server/db/schema'
import { verifyPassword } from '../../server/features/accounts/passwords'
import { IMAGE_WIDTHS, looksLike } from '../../server/features/catalog/uploads.service'
import { seedDemoData } from '../../server/features/demo/seed'
import { ledgerImbalance } from '../../server/ledger/ledger'
import { createLogger } from '../../server/lib/log'
import { createStorage } from '../../server/storage/create-storage'
import { testConfig } from '../support/config'
import { databaseKinds, openTestDatabase } from '../support/db'

/** The names a ZIP's central directory lists, each checked against its local header and inflated size. */
function zipEntries(bytes: Buffer): string[] {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  expect(end).toBe(bytes.length - 22) // no archive comment
  const total = bytes.readUInt16LE(end + 10)
  let at = bytes.readUInt32LE(end + 16)
  expect(at + bytes.readUInt32LE(end + 12)).toBe(end)
  const names: string[] = []
  for (let i = 0; i < total; i++) {
    expect(bytes.readUInt32LE(at)).toBe(0x02014b50)
    const [method, packed, size] = [
      bytes.readUInt16LE(at + 10),
      bytes.readUInt32LE(at + 20),
      bytes.readUInt32LE(at + 24),
    ]
    const nameLength = bytes.readUInt16LE(at + 28)
    const skip = nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32)
    const local = bytes.readUInt32LE(at + 42)
    names.push(bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8'))
    expect(bytes.readUInt32LE(local)).toBe(0x04034b50)
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28)
    const data = bytes.subarray(start, start + packed)
    expect((method === 8 ? inflateRawSync(data) : data).length).toBe(size)
    at += 46 + skip
  }
  return names
}

describe.each(databaseKinds)('demo data on %s', (kind) => {
  let database: Database
  let dataDir: string
  afterEach(async () => {
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  })
  const log = createLogger('silent')
  function setUp() {
    dataDir = mkdtempSync(path.join(tmpdir(), 'soko-seed-'))
    const config = testConfig({ dataDir })
    return { config, storage: createStorage(config) }
  }

  it('seeds an admin, a seller with a storefront and published products, once', async () => {
    const { config, storage } = setUp()
    database = await openTestDatabase(kind)
    const { db } = database
    const accounts = await seedDemoData(db, storage, config, log)
    const [assets] = await db.select({ n: count() }).from(productAssets)
    await seedDemoData(db, storage, config, log) // a second start changes nothing

    const people = await db.select().from(users)
    // The admin, the seller and two buyers of the demo's sales (who have no password).
    expect(people).toHaveLength(4)
    expect(
      people
        .filter((u) => u.passwordHash === null)
        .map((u) => u.email)
        .sort(),
    ).toEqual(['amina@soko.test', 'kevin@soko.test'])
    const admin = people.find((u) => u.email === accounts.adminEmail)
    expect(admin?.roles).toEqual(['customer', 'admin'])
    expect(await verifyPassword(config.demoPassword, admin?.passwordHash ?? '')).toBe(true)

    const [seller] = await db.select().from(sellers)
    expect(seller?.handle).toBe('wanjiru')
    expect(people.find((u) => u.id === seller?.userId)?.roles).toContain('seller')
    // The sales are paid as a card payment pays them: in the books (which balance) and counted on products.
    const sold = await db.select().from(orders)
    expect(sold.map((o) => [o.status, o.buyerEmail, o.sellerId === seller?.userId])).toEqual(
      expect.arrayContaining([
        ['paid', 'amina@soko.test', true],
        ['paid', 'kevin@soko.test', true],
      ]),
    )
    expect(sold).toHaveLength(3)
    expect(await db.select({ n: count() }).from(ledgerTransactions)).toEqual([{ n: 3 }])
    expect(await ledgerImbalance(db)).toEqual({})

    const listed = await db.select().from(products).where(eq(products.status, 'published'))
    expect(listed.length).toBeGreaterThanOrEqual(3)
    for (const product of listed) {
      expect(product.sellerId).toBe(seller?.userId)
      expect(Number.isInteger(product.priceAmount)).toBe(true)
      expect(product.slug).toMatch(/^[a-z0-9-]+$/)
    }
    expect(await db.select({ n: count() }).from(productAssets)).toEqual([assets])
  })

  it('seeds a valid, published product of each kind, with photos in storage and genuine files', async () => {
    const { config, storage } = setUp()
    database = await openTestDatabase(kind)
    await seedDemoData(database.db, storage, config, log)
    const all = await database.db.select().from(products)
    expect(new Set(all.map((p) => p.kind))).toEqual(new Set(PRODUCT_KINDS))
    expect(all.filter((p) => p.kind === 'digital')).toHaveLength(3)
    for (const product of all) {
      expect(product.status).toBe('published')
      expect(product.publishedAt).not.toBeNull()
      expect(product.category).toMatch(/\w/)
      expect(product.description).toMatch(/^<p>.*<\/p>.*<ul><li>/)
      expect(product.searchText).toContain(product.category)
      const payload = {
        kind: product.kind,
        title: product.title,
        description: product.description,
        price: { amount: product.priceAmount, currency: product.priceCurrency },
        category: product.category,
        details: product.details,
      }
      expect(newProduct.safeParse(payload).error?.issues ?? []).toEqual([])
    }
    const event = all.find((p) => p.kind === 'event')?.details as { startsAt: string; timeZone: string }
    const daysAhead = (Date.parse(event.startsAt) - Date.now()) / 86_400_000
    expect(daysAhead).toBeGreaterThan(44)
    expect(daysAhead).toBeLessThan(53)
    expect(event.timeZone).toBe('Africa/Nairobi')

    const assets = await database.db.select().from(productAssets)
    const zips: Record<string, string[]> = {}

    for (const product of all) {
      const own = assets.filter((a) => a.productId === product.id)
      for (const asset of own) expect(asset.status).toBe('ready')
      const images = own.filter((a) => a.role === 'image')
      expect(images.length, product.title).toBeGreaterThanOrEqual(1)
      for (const image of images) {
        expect(image.storageKey).toBe(`public/products/${product.id}/${image.id}`)
        expect(image.image).toEqual({ width: 1600, height: 1200, widths: [...IMAGE_WIDTHS] })
        for (const width of IMAGE_WIDTHS) {
          const key = `${image.storageKey}-${width}.webp`
          expect((await storage.stat(key))?.size, key).toBeGreaterThan(1000)
        }
        const largest = await sharp(await storage.read(`${image.storageKey}-1600.webp`)).metadata()
        expect([largest.format, largest.width, largest.height]).toEqual(['webp', 1600, 1200])
      }

      const files = own.filter((a) => a.role === 'file')
      if (product.kind !== 'digital' && product.kind !== 'membership') {
        expect(files).toEqual([])
        continue
      }
      // A membership gives its files to every tier: members find them in their library.
      if (product.kind === 'membership')
        for (const tier of (product.details as MembershipDetails).tiers)
          expect(tier.files, tier.name).toEqual(files.map((f) => f.id))
      expect(files.length, product.title).toBeGreaterThanOrEqual(1)
      for (const file of files) {
        expect(file.storageKey).toBe(`products/${product.id}/files/${file.id}`)
        expect(file.contentType).toBe(FILE_TYPES[file.fileName.split('.').pop() ?? ''])
        const bytes = await storage.read(file.storageKey)
        expect(bytes.length).toBe(file.size)
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256)
        expect(looksLike(file.contentType, bytes.subarray(0, 16)), file.fileName).toBe(true)
        if (file.contentType === 'application/pdf') {
          const text = bytes.toString('latin1')
          expect(text.startsWith('%PDF-')).toBe(true)
          expect(text.trimEnd().endsWith('%%EOF')).toBe(true)
          const xref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1])
          expect(text.slice(xref, xref + 4)).toBe('xref')
        } else zips[file.fileName] = zipEntries(bytes)
      }
    }

    expect(Object.keys(zips).sort()).toEqual([
      'invoice-template.docx',
      'kanga-lettering-brushes.zip',
      'nairobi-nights-presets.zip',
      'proposal-template.docx',
    ])
    const presets = zips['nairobi-nights-presets.zip'] ?? []
    expect(presets).toContain('Nairobi Nights/README.txt')
    expect(presets.filter((name) => name.endsWith('.xmp'))).toHaveLength(12)
    const brushes = zips['kanga-lettering-brushes.zip'] ?? []
    expect(brushes).toEqual(expect.arrayContaining(['README.txt', 'practice-sheet.pdf']))
    expect(brushes.filter((name) => /^shapes\/.+\.png$/.test(name))).toHaveLength(6)
    for (const name of ['invoice-template.docx', 'proposal-template.docx'])
      expect(zips[name]).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml'])
  })

  it('does not seed a database that already has people in it', async () => {
    const { config, storage } = setUp()
    database = await openTestDatabase(kind)
    await database.db
      .insert(users)
      .values({ id: '018f0000-0000-7000-8000-000000000001', email: 'x@example.com', name: 'X' })
    await seedDemoData(database.db, storage, config, log)
    const [row] = await database.db.select({ n: count() }).from(users)
    expect(row?.n).toBe(1)
    expect(await database.db.select({ n: count() }).from(productAssets)).toEqual([{ n: 0 }])
  })
})
