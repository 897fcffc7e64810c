import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../server/features/accounts/accounts.service'
import { createSession } from '../../server/features/accounts/sessions'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'

type Upload = { uploadId: string; uploadUrl: string }
type Me = { user: { avatar?: { small: string; large: string } } }

describe.each(databaseKinds)('profile photos and signed upload URLs on %s', (kind) => {
  let app: RunningApp
  beforeAll(async () => {
    app = await startApp(kind)
  })
  afterAll(() => app.close())

  let n = 0
  async function person() {
    n++
    const user = await createUser(app.database.db, {
      email: `a${n}@example.com`,
      name: `A ${n}`,
      password: 'pictures-of-lamu',
    })
    return { user, token: (await createSession(app.database.db, user.id)).token }
  }
  const photo = (width = 640, height = 480) =>
    sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer()
  async function upload(token: string, body: Buffer, contentType = 'image/jpeg', putType = contentType) {
    const answer = await app.call('createAvatarUpload', { contentType, size: body.length }, token)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const grant = answer.body.data as Upload
    const put = await fetch(app.url + grant.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': putType },
      body: new Uint8Array(body),
    })
    return { grant, put }
  }

  it('uploads a photo straight to storage, then crops and resizes it to square WebP', async () => {
    const { token } = await person()
    const { grant, put } = await upload(token, await photo())
    expect(put.status).toBe(200)
    const set = await app.call('setAvatar', { uploadId: grant.uploadId }, token)
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    const { avatar } = (set.body.data as Me).user
    expect(avatar?.small).toMatch(/^\/files\/public\/avatars\/.+-96\.webp$/)

    const image = await fetch(app.url + avatar?.large)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/webp')
    expect(image.headers.get('cache-control')).toContain('immutable')
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256])
    // The raw upload is gone once processed.
    expect((await app.call('setAvatar', { uploadId: grant.uploadId }, token)).status).toBe(400)

    const removed = await app.call('removeAvatar', {}, token)
    expect((removed.body.data as Me).user.avatar).toBeUndefined()
    expect((await fetch(app.url + avatar?.large)).status).toBe(404)
  })

  it('refuses a file that is not a picture, whatever it claims', async () => {
    const { token } = await person()
    const { grant } = await upload(token, Buffer.from('<script>alert(1)</script>'.repeat(20)), 'image/png')
    const set = await app.call('setAvatar', { uploadId: grant.uploadId }, token)
    expect(set.status).toBe(400)
    expect(set.body.errors).toEqual({ uploadId: 'Not a picture' })
  })

  it('checks the signature, the content type and the size of an upload', async () => {
    const { token } = await person()
    const body = await photo()
    const wrongType = await upload(token, body, 'image/jpeg', 'text/html')
    expect(wrongType.put.status).toBe(403)
    const answer = await app.call(
      'createAvatarUpload',
      { contentType: 'image/jpeg', size: body.length },
      token,
    )
    const { uploadUrl } = answer.body.data as Upload
    const tampered = uploadUrl.replace(/uploads\/avatars\/[^/]+\//, 'uploads/avatars/someone-else/')
    const forged = await fetch(app.url + tampered, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body,
    })
    expect(forged.status).toBe(403)
    const huge = await fetch(app.url + uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array(5 * 1024 * 1024 + 1),
    })
    expect(huge.status).toBe(413)
    const tooBig = await app.call(
      'createAvatarUpload',
      { contentType: 'image/gif', size: 6 * 1024 * 1024 },
      token,
    )
    expect(tooBig.body.errors).toEqual({
      contentType: 'Choose a JPEG, PNG or WebP picture',
      size: 'Choose a picture under 5 MB',
    })
  })

  it("never reads someone else's upload, nor a private file without a signature", async () => {
    const owner = await person()
    const other = await person()
    const { grant } = await upload(owner.token, await photo())
    const stolen = await app.call('setAvatar', { uploadId: grant.uploadId }, other.token)
    expect(stolen.status).toBe(400)
    expect((await fetch(`${app.url}/files/${grant.uploadId}`)).status).toBe(403)
  })
})
