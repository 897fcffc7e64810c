// `npm run icons`: draws the app icons and the share-card image from the basket mark in
// public/favicon.svg into public/icons/ (committed, so a build needs no image tools). Run again after
// changing the mark.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = path.join(root, 'public', 'icons')
const brand = '#0f766e'
const cream = '#fef3c7'

/** The basket mark on a 64-unit grid, scaled by `scale` and moved to (x, y). */
const mark = (x, y, scale) =>
  `<g transform="translate(${x} ${y}) scale(${scale})"><path d="M18 24h28l-3 26H21z" fill="${cream}"/>` +
  `<path d="M25 24a7 7 0 0 1 14 0" fill="none" stroke="${cream}" stroke-width="4" stroke-linecap="round"/></g>`

const svg = (width, height, body) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`)

/** Rounded tile, as the favicon. */
const icon = (size) =>
  svg(
    size,
    size,
    `<rect width="${size}" height="${size}" rx="${size * 0.22}" fill="${brand}"/>${mark(0, 0, size / 64)}`,
  )

/** Full-bleed square with the mark inside the maskable safe zone (the middle 80%). */
const maskable = (size) =>
  svg(
    size,
    size,
    `<rect width="${size}" height="${size}" fill="${brand}"/>${mark(size * 0.2, size * 0.2, (size * 0.6) / 64)}`,
  )

/** 1200×630 share card: the mark large on the brand colour with a band of warm paper. */
const shareCard = () =>
  svg(
    1200,
    630,
    `<rect width="1200" height="630" fill="${brand}"/><rect y="540" width="1200" height="90" fill="#fffbeb"/>` +
      mark(420, 60, 360 / 64),
  )

mkdirSync(out, { recursive: true })
const files = [
  ['icon-192.png', icon(192)],
  ['icon-512.png', icon(512)],
  ['maskable-512.png', maskable(512)],
  ['apple-touch-icon-180.png', maskable(180)],
  ['og-1200x630.png', shareCard()],
]
for (const [name, source] of files) {
  await sharp(source).png({ compressionLevel: 9, palette: true }).toFile(path.join(out, name))
  console.log(`public/icons/${name}`)
}
