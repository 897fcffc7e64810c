import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productAssets } from '../../server/db/schema'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { personOf, productOnSale, sellerOf } from '../support/shop'

/**
 * Input a handler cannot take is refused whole: text no database can store is a 400 on its field before
 * anything is written, a change refused half way leaves every row and stored file as it was, and a
 * subject that needs a storefront says so to an admin who has none.
 */
describe.each(databaseKinds)('refused input on %s', (kind) => {
  let app: RunningApp
  let seller: { id: string; token: string }
  beforeAll(async () => {
    app = await startApp(kind)
    seller = await sellerOf(app, 'refusal-seller')
  })
  afterAll(() => app.close())

  const errorsOf = (answer: { body: Record<string, unknown> }) => answer.body.errors as Record<string, string>
  const filesOnDisk = () => {
    const root = path.join(app.dataDir, 'files', 'products')
    return existsSync(root) ? readdirSync(root, { recursive: true }).length : 0
  }
  const count = async (table: string) =>
    (
      (await app.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[]
      }
    ).rows[0]?.n

  it('answers NUL characters and lone surrogates with a 400 naming each field, and writes nothing', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['updateProfile', { name: 'Wanjiru\u0000' }, 'name'],
      ['updateProfile', { bio: 'Half an emoji \ud83d' }, 'bio'],
      [
        'createProduct',
        {
          kind: 'digital',
          title: 'Presets',
          description: 'Soft\u0000light',
          price: { amount: 500_00, currency: 'KES' },
        },
        'description',
      ],
      [
        'createProduct',
        {
          kind: 'digital',
          title: 'Presets',
          category: 'Photo\udc00',
          price: { amount: 500_00, currency: 'KES' },
        },
        'category',
      ],
      [
        'createProduct',
        {
          kind: 'merch',
          title: 'Tote',
          price: { amount: 1_500_00, currency: 'KES' },
          details: {
            variants: [
              { options: { size: 'M\u0000' }, price: { amount: 1_500_00, currency: 'KES' }, stock: 3 },
            ],
            pickup: { address: 'Kilimani studio, Nairobi' },
          },
        },
        'details.variants.0.options.size',
      ],
    ]
    const productsBefore = await count('products')
    for (const [subject, input, field] of cases) {
      const answer = await app.call(subject, input, seller.token)
      expect(answer.status, `${subject} ${field}`).toBe(400)
      expect(Object.keys(errorsOf(answer)), subject).toEqual([field])
    }
    expect(await count('products')).toBe(productsBefore)

    // An upload's file name: refused before any upload (row or folder) is made.
    const product = await productOnSale(app, seller.id, {
      kind: 'digital',
      title: 'Upload target',
      description: '',
      price: { amount: 500_00, currency: 'KES' },
    })
    const [assetsBefore, filesBefore] = [await count('product_assets'), filesOnDisk()]
    const upload = await app.call(
      'createUploadUrl',
      {
        productId: product,
        role: 'file',
        fileName: 'guide\u0000.pdf',
        contentType: 'application/pdf',
        size: 1000,
      },
      seller.token,
    )
    expect(upload.status).toBe(400)
    expect(errorsOf(upload)).toEqual({ fileName: expect.stringMatching(/NUL/) })
    expect([await count('product_assets'), filesOnDisk()]).toEqual([assetsBefore, filesBefore])
    // And a key that is not text is refused on the object holding it.
    const key = await app.rpc(`{"subject":"updateSettings","settings":{"cur\\ud800rency":"KES"}}`, {
      authorization: `Bearer ${seller.token}`,
    })
    expect(key.status).toBe(400)
    expect(Object.keys(errorsOf(key))).toEqual(['settings'])
  })

  it('keeps a draft’s files when a change to it is refused, in the database and in storage', async () => {
    const draft = await productOnSale(
      app,
      seller.id,
      {
        kind: 'digital',
        title: 'Field recordings',
        description: '',
        price: { amount: 900_00, currency: 'KES' },
      },
      [{ name: 'recordings.zip', body: Buffer.from('PK\u0003\u0004 field recordings') }],
    )
    await app.call('unpublishProduct', { id: draft }, seller.token)
    const other = await productOnSale(app, seller.id, {
      kind: 'digital',
      title: 'Taken address',
      slug: 'taken-address',
      description: '',
      price: { amount: 900_00, currency: 'KES' },
    })
    expect(other).toBeTruthy()
    const files = () => app.database.db.select().from(productAssets).where(eq(productAssets.productId, draft))
    const [stored] = await files()
    const object = path.join(app.dataDir, 'files', stored?.storageKey ?? '')
    expect(existsSync(object)).toBe(true)
    // The reproduction: drop the files and take a slug in use, in one change.
    const refused = await app.call(
      'updateProduct',
      { id: draft, files: [], slug: 'taken-address' },
      seller.token,
    )
    expect(refused.status).toBe(409)
    expect(errorsOf(refused)).toEqual({ slug: '/taken-address is already in use' })
    expect(await files()).toHaveLength(1)
    expect(existsSync(object)).toBe(true)
    // The same change without the taken slug goes through: the file goes, row and object.
    expect((await app.call('updateProduct', { id: draft, files: [] }, seller.token)).status).toBe(200)
    expect(await files()).toHaveLength(0)
    expect(existsSync(object)).toBe(false)
  })

  it('tells an admin with no storefront to set one up, instead of failing on seller subjects', async () => {
    const { token } = await personOf(app, 'storeless-admin@example.com', { name: 'Admin', roles: ['admin'] })
    const calls: [string, Record<string, unknown>][] = [
      [
        'createProduct',
        { kind: 'digital', title: 'Admin presets', price: { amount: 500_00, currency: 'KES' } },
      ],
      [
        'submitSellerVerification',
        { legalName: 'Admin Person', idType: 'national_id', idNumber: '12345678', country: 'KE' },
      ],
      ['listMyProducts', {}],
    ]
    for (const [subject, input] of calls) {
      const answer = await app.call(subject, input, token)
      expect(answer.status, subject).toBe(403)
      expect(answer.body.message, subject).toBe(
        'Only sellers can do this: set up your storefront at /register first',
      )
    }
  })
})
