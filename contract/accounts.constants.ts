/** Account limits the browser needs too; kept apart from the schemas so pages can use them without zod. */
export const PASSWORD_MIN_LENGTH = 8
export const PHONE_CODE_LENGTH = 6
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
