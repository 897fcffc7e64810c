import { publicFilePath } from '../../storage/storage'

/** Square sizes kept of each profile photo: a list thumbnail and the profile page. */
export const AVATAR_SIZES = { small: 96, large: 256 } as const

export function avatarUrls(prefix: string): { small: string; large: string } {
  return {
    small: publicFilePath(`${prefix}-${AVATAR_SIZES.small}.webp`),
    large: publicFilePath(`${prefix}-${AVATAR_SIZES.large}.webp`),
  }
}

/**
 * Decodes the upload (so a file that only claims to be a picture is refused), turns it upright by its EXIF
 * orientation, crops it square around the centre and writes small WebP images without the metadata (a
 * phone's photo carries its GPS position).
 */
export async function resizeAvatar(input: Buffer): Promise<{ small: Buffer; large: Buffer } | null> {
  try {
    // sharp is a native library: loaded on the first photo, not at every start.
    const { default: sharp } = await import('sharp')
    const image = sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' }).rotate()
    const meta = await image.metadata()
    if (!meta.width || !meta.height || !['jpeg', 'png', 'webp'].includes(meta.format ?? '')) return null
    const resize = (size: number) =>
      image
        .clone()
        .resize(size, size, { fit: 'cover', position: 'attention' })
        .webp({ quality: 80 })
        .toBuffer()
    const [small, large] = await Promise.all([resize(AVATAR_SIZES.small), resize(AVATAR_SIZES.large)])
    return { small, large }
  } catch {
    return null
  }
}
