import { eq } from 'drizzle-orm'
import { AVATAR_MAX_BYTES } from '../../../contract/accounts.constants'
import { ACCOUNTS, ACCOUNTS_FIELD } from '../../../contract/errors/accounts'
import { users } from '../../db/schema'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { uuidv7 } from '../../lib/uuid'
import type { Handlers, RpcContext } from '../../rpc/context'
import { loadPublicUser } from './accounts.handlers'
import { AVATAR_SIZES, resizeAvatar } from './avatar.service'

const UPLOAD_TTL_SECONDS = 10 * 60
const uploadPrefix = (userId: string) => `uploads/avatars/${userId}/`

async function deleteAvatarFiles(ctx: RpcContext, prefix: string | null) {
  if (!prefix) return
  for (const size of Object.values(AVATAR_SIZES))
    await ctx.storage.delete(`${prefix}-${size}.webp`).catch((error: unknown) => {
      ctx.log.warn('an old avatar file could not be deleted', { prefix, error })
    })
}

export const avatarHandlers: Pick<Handlers, 'createAvatarUpload' | 'setAvatar' | 'removeAvatar'> = {
  createAvatarUpload: async ({ contentType }, ctx) => {
    const { user } = ctx.caller
    const uploadId = `${uploadPrefix(user.id)}${uuidv7()}`
    const uploadUrl = await ctx.storage.uploadUrl(uploadId, {
      contentType,
      maxBytes: AVATAR_MAX_BYTES,
      expiresInSeconds: UPLOAD_TTL_SECONDS,
    })
    return { uploadId, uploadUrl, expiresAt: new Date(clock.ms() + UPLOAD_TTL_SECONDS * 1000).toISOString() }
  },

  setAvatar: async ({ uploadId }, ctx) => {
    const { user } = ctx.caller
    // Only the caller's own uploads: the id names the folder, and the folder names the person.
    if (
      !uploadId.startsWith(uploadPrefix(user.id)) ||
      !/^[0-9a-f-]{36}$/.test(uploadId.slice(uploadPrefix(user.id).length))
    )
      throw new AppError(400, ACCOUNTS.uploadPictureAgain, {
        fields: { uploadId: ACCOUNTS_FIELD.notYourUpload },
      })
    const object = await ctx.storage.stat(uploadId)
    if (!object)
      throw new AppError(400, ACCOUNTS.pictureDidNotArrive, {
        fields: { uploadId: ACCOUNTS_FIELD.notUploaded },
      })
    if (object.size > AVATAR_MAX_BYTES)
      throw new AppError(400, ACCOUNTS.choosePictureUnderMB, {
        fields: { uploadId: ACCOUNTS_FIELD.tooLarge },
      })
    const images = await resizeAvatar(await ctx.storage.read(uploadId))
    await ctx.storage.delete(uploadId)
    if (!images)
      throw new AppError(400, ACCOUNTS.notAPicture, {
        fields: { uploadId: ACCOUNTS_FIELD.notPicture },
      })
    const prefix = `public/avatars/${user.id}/${uuidv7()}`
    await ctx.storage.write(`${prefix}-${AVATAR_SIZES.small}.webp`, images.small, 'image/webp')
    await ctx.storage.write(`${prefix}-${AVATAR_SIZES.large}.webp`, images.large, 'image/webp')
    const [before] = await ctx.db
      .select({ avatarKey: users.avatarKey })
      .from(users)
      .where(eq(users.id, user.id))
    await ctx.db.update(users).set({ avatarKey: prefix, updatedAt: clock.now() }).where(eq(users.id, user.id))
    await deleteAvatarFiles(ctx, before?.avatarKey ?? null)
    return { user: await loadPublicUser(ctx.db, user.id) }
  },

  removeAvatar: async (_input, ctx) => {
    const { user } = ctx.caller
    const [before] = await ctx.db
      .select({ avatarKey: users.avatarKey })
      .from(users)
      .where(eq(users.id, user.id))
    await ctx.db.update(users).set({ avatarKey: null, updatedAt: clock.now() }).where(eq(users.id, user.id))
    await deleteAvatarFiles(ctx, before?.avatarKey ?? null)
    return { user: await loadPublicUser(ctx.db, user.id) }
  },
}
