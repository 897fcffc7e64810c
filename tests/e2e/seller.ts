import { randomBytes } from 'node:crypto'
import { type APIRequestContext, expect } from '@playwright/test'

/** Calls a subject through the API as the token's owner; throws with the server's message unless 200. */
export async function rpc<T = Record<string, unknown>>(
  request: APIRequestContext,
  subject: string,
  input: object,
  token?: string,
): Promise<T> {
  const res = await request.post('/', {
    data: { subject, ...input },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  const body = (await res.json()) as { data: T; message: string }
  if (res.status() !== 200) throw new Error(`${subject}: ${res.status()} ${body.message}`)
  return body.data
}

/**
 * A seller puts a digital product with files on sale through the API, as the product editor does:
 * create, upload each file part by part, complete, publish.
 */
export async function sellDigitalProduct(
  request: APIRequestContext,
  token: string,
  product: { title: string; description: string; price: { amount: number; currency: string } },
  /** Each file's type is a ZIP's unless named. */
  files: { name: string; bytes: Buffer; type?: string }[],
): Promise<{ id: string; slug: string }> {
  const { product: made } = await rpc<{ product: { id: string; slug: string } }>(
    request,
    'createProduct',
    { kind: 'digital', ...product },
    token,
  )
  for (const file of files) {
    const ticket = await rpc<{
      uploadId: string
      partSize: number
      parts: { partNumber: number; url: string }[]
    }>(
      request,
      'createUploadUrl',
      {
        productId: made.id,
        role: 'file',
        fileName: file.name,
        contentType: file.type ?? 'application/zip',
        size: file.bytes.length,
      },
      token,
    )
    for (const part of ticket.parts) {
      const from = (part.partNumber - 1) * ticket.partSize
      const res = await request.put(part.url, {
        data: file.bytes.subarray(from, from + ticket.partSize),
        headers: { 'content-type': file.type ?? 'application/zip' },
      })
      expect(res.status(), `part ${part.partNumber}`).toBeLessThan(300)
    }
    await rpc(request, 'completeUpload', { uploadId: ticket.uploadId }, token)
  }
  await rpc(request, 'publishProduct', { id: made.id }, token)
  return made
}

/** A small file for a digital product: a ZIP's first bytes, so the upload's type check accepts it. */
export function zipBytes(size = 4 * 1024) {
  const bytes = randomBytes(size)
  bytes.set([0x50, 0x4b, 0x03, 0x04])
  return bytes
}

/** Someone new who opens a storefront through the API (signs up, then /register's call): their token. */
export async function newSeller(
  request: APIRequestContext,
  who: { email: string; password: string; name: string; handle: string; displayName: string; phone: string },
): Promise<string> {
  const { token } = await rpc<{ token: string }>(request, 'signUp', {
    name: who.name,
    email: who.email,
    password: who.password,
  })
  await rpc(
    request,
    'becomeSeller',
    {
      handle: who.handle,
      displayName: who.displayName,
      country: 'KE',
      payoutMethod: { kind: 'mpesa', phone: who.phone },
    },
    token,
  )
  return token
}
