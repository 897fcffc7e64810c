import { createHash, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product, UploadTicket } from '../../contract/catalog.contract'
import { productAssets } from '../../server/db/schema'
import { createUser, makeSeller } from '../../server/features/accounts/accounts.service'
import { createSession } from '../../server/features/accounts/sessions'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { startS3rver } from '../support/s3rver'

const MiB = 1024 * 1024
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)])
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

const cases = databaseKinds.flatMap((database) =>
  (['disk', 's3'] as const).map((storage) => [database, storage] as const),
)

describe.each(cases)('product uploads on %s with %s storage', (kind, storage) => {
  let app: RunningApp
  let s3: Awaited<ReturnType<typeof startS3rver>> | null = null
  beforeAll(async () => {
    s3 = storage === 's3' ? await startS3rver() : null
    app = await startApp(kind, s3 ? { s3: s3.settings } : {})
  })
  afterAll(async () => {
    await app.close()
    await s3?.close()
  })

  let n = 0
  async function seller() {
    n++
    const user = await createUser(app.database.db, {
      email: `u${n}@example.com`,
      name: `Uploader ${n}`,
      password: 'baobab-shade-2026',
    })
    await makeSeller(app.database.db, user.id, {
      handle: `uploader-${n}`,
      displayName: `Uploader ${n}`,
      country: 'KE',
      payoutMethod: { kind: 'mpesa', phone: '254712000000' },
    })
    return (await createSession(app.database.db, user.id)).token
  }
  async function draft(token: string, kind: 'digital' | 'merch' = 'digital') {
    const input =
      kind === 'digital'
        ? {
            kind,
            title: `Guide ${randomBytes(3).toString('hex')}`,
            price: { amount: 500_00, currency: 'KES' },
          }
        : {
            kind,
            title: `Tee ${randomBytes(3).toString('hex')}`,
            price: { amount: 1_500_00, currency: 'KES' },
            details: {
              variants: [{ options: { size: 'M' }, price: { amount: 1_500_00, currency: 'KES' }, stock: 3 }],
            },
          }
    const answer = await app.call('createProduct', input, token)
    expect(answer.status).toBe(200)
    return (answer.body.data as { product: Product }).product
  }
  const ticket = (answer: { body: Record<string, unknown> }) => answer.body.data as UploadTicket
  const put = (url: string, body: Buffer) =>
    fetch(new URL(url, app.url), { method: 'PUT', body: new Uint8Array(body) })
  const part = (bytes: Buffer, t: UploadTicket, number: number) =>
    bytes.subarray((number - 1) * t.partSize, number * t.partSize)

  it('takes a file in parts, goes on after an interruption from the parts that arrived, and records its SHA-256', async () => {
    const token = await seller()
    const product = await draft(token)
    const bytes = pdf(6 * MiB + 100)
    const start = await app.call(
      'createUploadUrl',
      {
        productId: product.id,
        role: 'file',
        fileName: 'guide.pdf',
        contentType: 'application/pdf',
        size: bytes.length,
      },
      token,
    )
    expect(start.status).toBe(200)
    const first = ticket(start)
    expect(first).toMatchObject({ partSize: 5 * MiB, partCount: 2, received: [] })
    expect(first.parts.map((p) => p.partNumber)).toEqual([1, 2])

    // Part 1 arrives, then the connection drops: completing now says what is missing.
    expect((await put(first.parts[0]?.url as string, part(bytes, first, 1))).status).toBe(200)
    const early = await app.call('completeUpload', { uploadId: first.uploadId }, token)
    expect(early.status).toBe(409)
    expect(early.body.message).toBe('1 of 2 parts have not arrived yet: resume the upload.')

    // Resuming asks only for what is missing.
    const resumed = ticket(await app.call('createUploadUrl', { uploadId: first.uploadId }, token))
    expect(resumed.received).toEqual([1])
    expect(resumed.parts.map((p) => p.partNumber)).toEqual([2])
    expect((await put(resumed.parts[0]?.url as string, part(bytes, first, 2))).status).toBe(200)

    const done = await app.call('completeUpload', { uploadId: first.uploadId }, token)
    expect(done.status).toBe(200)
    const { files } = (done.body.data as { product: Product }).product
    expect(files).toEqual([
      { id: first.uploadId, name: 'guide.pdf', size: bytes.length, contentType: 'application/pdf' },
    ])
    const [row] = await app.database.db
      .select()
      .from(productAssets)
      .where(eq(productAssets.id, first.uploadId))
    expect(row).toMatchObject({ status: 'ready', sha256: sha256(bytes), multipartId: null })
    // Completing twice changes nothing.
    expect((await app.call('completeUpload', { uploadId: first.uploadId }, token)).status).toBe(200)
    // A part URL cannot be reused once the upload is done.
    expect((await put(first.parts[0]?.url as string, part(bytes, first, 1))).status).toBe(404)

    // Now it can be published.
    expect((await app.call('publishProduct', { id: product.id }, token)).status).toBe(200)
  })

  it('refuses a file whose first bytes are not its type, a part larger than signed, and forged part URLs', async () => {
    const token = await seller()
    const product = await draft(token)
    const fake = randomBytes(1000)
    const t = ticket(
      await app.call(
        'createUploadUrl',
        {
          productId: product.id,
          role: 'file',
          fileName: 'notes.pdf',
          contentType: 'application/pdf',
          size: fake.length,
        },
        token,
      ),
    )
    const url = t.parts[0]?.url as string
    // Larger than signed: the disk store counts the bytes (413); S3 checks the signed Content-Length (403).
    expect((await put(url, Buffer.concat([fake, fake]))).status).toBe(storage === 'disk' ? 413 : 403)
    expect((await put(url, fake.subarray(0, 10))).status).toBe(storage === 'disk' ? 400 : 403)
    expect(
      (
        await put(
          // Another part number than the one signed, in the disk store's or S3's own query.
          url.replace(/(partNumber=|part=[^&]*?)1(?=&|$)/, '$19'),
          fake,
        )
      ).status,
    ).toBe(403)
    expect((await put(url, fake)).status).toBe(200)
    const answer = await app.call('completeUpload', { uploadId: t.uploadId }, token)
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(
      'This file is not the application/pdf it says it is: check it opens, then upload it again.',
    )
    expect((await app.call('completeUpload', { uploadId: t.uploadId }, token)).status).toBe(404)
  })

  it('resizes a photo into WebP variants for srcset, and refuses a file that only claims to be one', async () => {
    const token = await seller()
    const product = await draft(token, 'merch')
    const photo = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .jpeg()
      .toBuffer()
    const t = ticket(
      await app.call(
        'createUploadUrl',
        {
          productId: product.id,
          role: 'image',
          fileName: 'tee.jpg',
          contentType: 'image/jpeg',
          size: photo.length,
        },
        token,
      ),
    )
    expect((await put(t.parts[0]?.url as string, photo)).status).toBe(200)
    const done = await app.call('completeUpload', { uploadId: t.uploadId }, token)
    expect(done.status).toBe(200)
    const [image] = (done.body.data as { product: Product }).product.images
    expect(image).toMatchObject({ width: 2000, height: 1000 })
    expect(image?.srcset.split(', ').map((s) => s.split(' ')[1])).toEqual([
      '320w',
      '480w',
      '640w',
      '800w',
      '1024w',
      '1600w',
    ])
    const small = await fetch(new URL(image?.src as string, app.url))
    expect(small.status).toBe(200)
    expect(small.headers.get('content-type')).toBe('image/webp')
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(480)

    const junk = randomBytes(5000)
    const bad = ticket(
      await app.call(
        'createUploadUrl',
        {
          productId: product.id,
          role: 'image',
          fileName: 'x.png',
          contentType: 'image/png',
          size: junk.length,
        },
        token,
      ),
    )
    await put(bad.parts[0]?.url as string, junk)
    const refused = await app.call('completeUpload', { uploadId: bad.uploadId }, token)
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toEqual({ uploadId: 'Not a photo' })

    // Removing the photo through updateProduct removes its files too.
    const removed = await app.call('updateProduct', { id: product.id, images: [] }, token)
    expect((removed.body.data as { product: Product }).product.images).toEqual([])
    expect((await fetch(new URL(image?.src as string, app.url))).status).toBe(404)
  })

  it('checks type, size and room before any byte is sent', async () => {
    const token = await seller()
    const digital = await draft(token)
    const merch = await draft(token, 'merch')
    const start = (input: Record<string, unknown>) =>
      app.call(
        'createUploadUrl',
        {
          productId: digital.id,
          role: 'file',
          fileName: 'a.zip',
          contentType: 'application/zip',
          size: 10,
          ...input,
        },
        token,
      )
    const cases: [Record<string, unknown>, number, Record<string, string>][] = [
      [{ size: 3 * 1024 * MiB }, 400, { size: 'Files can be up to 2 GB' }],
      [{ size: 0 }, 400, { size: 'The file is empty' }],
      [
        { role: 'image', contentType: 'image/jpeg', size: 25 * MiB },
        413,
        { size: 'Photos can be up to 20 MB' },
      ],
      [{ role: 'image', contentType: 'image/gif' }, 400, { contentType: 'Use a JPEG, PNG or WebP photo' }],
      [
        { fileName: 'setup.exe', contentType: 'application/x-msdownload' },
        400,
        { contentType: 'This file type is not accepted' },
      ],
      [{ productId: merch.id }, 400, { role: 'Only digital products and memberships carry files' }],
      [
        { role: undefined, fileName: undefined },
        400,
        { role: 'Say whether it is a photo or a file', fileName: 'Name the file' },
      ],
    ]
    for (const [input, status, errors] of cases) {
      const answer = await start(input)
      expect(answer.status, JSON.stringify(input)).toBe(status)
      expect(answer.body.errors, JSON.stringify(input)).toEqual(errors)
    }
    // A browser that gives no type: the extension decides.
    const typed = await start({ fileName: 'beat.MP3', contentType: '' })
    expect(typed.status).toBe(200)
    const [row] = await app.database.db
      .select()
      .from(productAssets)
      .where(eq(productAssets.id, ticket(typed).uploadId))
    expect(row?.contentType).toBe('audio/mpeg')
    // A digital product cannot be published without a file.
    const publish = await app.call('publishProduct', { id: digital.id }, token)
    expect(publish.status).toBe(400)
    expect(publish.body.errors).toEqual({ files: 'Add at least one file' })
  })

  it('never lets a seller upload to, resume or complete another seller’s product or upload', async () => {
    const owner = await seller()
    const other = await seller()
    const product = await draft(owner)
    const bytes = pdf(2000)
    const asOther = await app.call(
      'createUploadUrl',
      {
        productId: product.id,
        role: 'file',
        fileName: 'a.pdf',
        contentType: 'application/pdf',
        size: bytes.length,
      },
      other,
    )
    expect(asOther.status).toBe(404)
    const t = ticket(
      await app.call(
        'createUploadUrl',
        {
          productId: product.id,
          role: 'file',
          fileName: 'a.pdf',
          contentType: 'application/pdf',
          size: bytes.length,
        },
        owner,
      ),
    )
    await put(t.parts[0]?.url as string, bytes)
    expect((await app.call('createUploadUrl', { uploadId: t.uploadId }, other)).status).toBe(404)
    expect((await app.call('completeUpload', { uploadId: t.uploadId }, other)).status).toBe(404)
    expect((await app.call('completeUpload', { uploadId: t.uploadId }, owner)).status).toBe(200)
    expect((await app.call('updateProduct', { id: product.id, files: [] }, other)).status).toBe(404)
  })
})
