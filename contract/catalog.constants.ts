/** Catalog figures without zod, so pages can use them without loading the schemas. */

export const PRODUCT_KINDS = ['digital', 'service', 'merch', 'event', 'membership'] as const
export type ProductKind = (typeof PRODUCT_KINDS)[number]

/** A bundle holds two to this many products; a seller keeps at most MAX_BUNDLES of them. */
export const MAX_BUNDLE_PARTS = 10
export const MAX_BUNDLES = 50

/** A membership offers at most this many tiers. */
export const MAX_TIERS = 10

/** A tier's free trial lasts 1 to this many days (card and PayPal), once per member of a membership. */
export const MAX_TRIAL_DAYS = 30

export const CATALOG_LIMITS = { title: 120, description: 20_000, variants: 100 } as const

const MiB = 1024 * 1024

/** What a product may carry, and how large each upload may be. */
export const UPLOAD_LIMITS = {
  /** A product's file (what digital buyers download): up to 2 GB. */
  fileBytes: 2 * 1024 * MiB,
  /** A product photo, before it is resized. */
  imageBytes: 20 * MiB,
  filesPerProduct: 20,
  imagesPerProduct: 10,
} as const

/**
 * A membership post's pictures and files: each post carries up to this many, and a membership keeps at
 * most `perMembership` of each kind across its posts (what its posts no longer use is removed).
 */
export const POST_MEDIA = { imagesPerPost: 10, filesPerPost: 10, perMembership: 1000 } as const

/** Types a seller's photos may have; they are re-encoded as WebP. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

/** File types a digital product may carry, by extension, for browsers that give a file no type. */
export const FILE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  epub: 'application/epub+zip',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  psd: 'image/vnd.adobe.photoshop',
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  ttf: 'font/ttf',
  otf: 'font/otf',
  woff2: 'font/woff2',
  xmp: 'application/rdf+xml',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
}

/** Other names browsers give the same types. */
export const FILE_TYPE_ALIASES: Record<string, string> = {
  'application/x-zip-compressed': 'application/zip',
  'application/x-rar-compressed': 'application/vnd.rar',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/x-m4a': 'audio/mp4',
  'audio/mp3': 'audio/mpeg',
  'audio/x-flac': 'audio/flac',
}

/** The type Soko files an upload under: its declared type (normalised), else its extension's. */
export function fileTypeOf(fileName: string, declared: string): string | null {
  const known = new Set(Object.values(FILE_TYPES))
  const type = declared.split(';')[0]?.trim().toLowerCase() ?? ''
  const normal = FILE_TYPE_ALIASES[type] ?? type
  if (known.has(normal)) return normal
  const extension = fileName.split('.').pop()?.toLowerCase() ?? ''
  return FILE_TYPES[extension] ?? null
}
