/** A checkout reminder's link, as the product page and the checkout read it. Zod-free, for the client. */

/** A checkout reminder's link back to the product carries its token in this parameter: `/slug?r=…`. */
export const RECOVERY_PARAM = 'r'
/** Where the server keeps a reminder link's token for the checkout without script. */
export const RECOVERY_COOKIE = 'soko_recovery'
/** A reminder link's token: 16 URL-safe characters (96 random bits). */
export const RECOVERY_TOKEN_PATTERN = /^[\w-]{16}$/
