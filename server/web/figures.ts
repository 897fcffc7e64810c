import { brotliCompressSync, gzipSync } from 'node:zlib'
import { HOLD_DAYS_MARK } from '../../contract/platform'
import { type Asset, makeAsset } from './static'

/** The platform figures configuration can change, which the build's pages state. */
export interface PageFigures {
  holdDays: number
}

/** The text with the running figures written in place of the build's marks. */
export function fillFigures(text: string, figures: PageFigures): string {
  return text.replaceAll(HOLD_DAYS_MARK, String(figures.holdDays))
}

/**
 * The build's payloads and pages with the running figures in them, compressed again: the marketing pages
 * say how long sales are held as `HOLD_DAYS` has it, not as it was when the app was built.
 */
export function fillAssetFigures(assets: Map<string, Asset>, figures: PageFigures) {
  for (const [urlPath, asset] of assets) {
    if (!/(\/_payload\.json|\.html)$/.test(urlPath)) continue
    const text = asset.body.toString('utf8')
    if (!text.includes(HOLD_DAYS_MARK)) continue
    const body = Buffer.from(fillFigures(text, figures))
    assets.set(urlPath, makeAsset(urlPath, body, { br: brotliCompressSync(body), gzip: gzipSync(body) }))
  }
}
