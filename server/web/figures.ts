import { brotliCompressSync, gzipSync } from 'node:zlib'
import { isCurrencyCode } from '../../contract/currencies'
import { formatMoney } from '../../contract/format-money'
import { daysText, HOLD_DAYS_MARK, SALE_FEE_MARK } from '../../contract/platform'
import type { PlatformTerms } from '../../contract/platform-terms.contract'
import { saleFee } from '../ledger/postings'
import { type Asset, makeAsset } from './static'

/** The platform figures an admin can change, which the build's pages state. */
export interface PageFigures {
  terms: PlatformTerms
}

/** `[[fee:KES:100000]]`, `[[net:USD:2000]]`: a worked example's fee, or what the seller keeps. */
const EXAMPLE_MARK = /\[\[(fee|net):([A-Z]{3}):(\d+)\]\]/g
/** `[[hold|Held for {days}.|Yours at once.]]`: one of two texts, as the hold in force is or is not 0. */
const HOLD_MARK = /\[\[hold\|([^|\]]*)\|([^|\]]*)\]\]/g
const ANY_MARK = /\[\[(hold-days|hold\||sale-fee|fee:|net:)/

/** The text with the figures in force written in place of the build's marks. */
export function fillFigures(text: string, { terms }: PageFigures): string {
  return text
    .replace(HOLD_MARK, (_mark, withHold: string, without: string) =>
      terms.holdDays > 0
        ? withHold.replaceAll('{days}', daysText(terms.holdDays)).replaceAll('{n}', String(terms.holdDays))
        : without,
    )
    .replaceAll(HOLD_DAYS_MARK, String(terms.holdDays))
    .replaceAll(
      SALE_FEE_MARK,
      `${(terms.saleFeeBps / 100).toLocaleString('en', { maximumFractionDigits: 2 })}%`,
    )
    .replace(EXAMPLE_MARK, (mark, what: string, currency: string, amount: string) => {
      if (!isCurrencyCode(currency)) return mark
      const sale = Number(amount)
      const fee = saleFee(sale, { feeBps: terms.saleFeeBps, feeFixed: terms.saleFeeFixed[currency] })
      return formatMoney(what === 'fee' ? fee : sale - fee, currency, 'en')
    })
}

/**
 * The build's payloads and prerendered pages that state platform figures, kept as built and filled again
 * whenever the figures change: the marketing pages say what the platform's terms say now, not what they
 * were when the app was built.
 */
export class PageFigureFiller {
  private readonly assetsAsBuilt = new Map<string, string>()
  private readonly pagesAsBuilt = new Map<string, string>()

  constructor(
    private readonly assets: Map<string, Asset>,
    private readonly prerendered: Map<string, string>,
  ) {
    for (const [urlPath, asset] of assets) {
      if (!/(\/_payload(\.\w+)?\.json|\.html)$/.test(urlPath)) continue
      const text = asset.body.toString('utf8')
      if (ANY_MARK.test(text)) this.assetsAsBuilt.set(urlPath, text)
    }
    for (const [pagePath, html] of prerendered) if (ANY_MARK.test(html)) this.pagesAsBuilt.set(pagePath, html)
  }

  /** Whether a path's answer states figures (so it is worth making sure they are the ones in force). */
  states(urlPath: string): boolean {
    return this.assetsAsBuilt.has(urlPath) || this.pagesAsBuilt.has(urlPath)
  }

  fill(figures: PageFigures) {
    for (const [urlPath, text] of this.assetsAsBuilt) {
      const body = Buffer.from(fillFigures(text, figures))
      this.assets.set(
        urlPath,
        makeAsset(urlPath, body, { br: brotliCompressSync(body), gzip: gzipSync(body) }),
      )
    }
    for (const [pagePath, html] of this.pagesAsBuilt)
      this.prerendered.set(pagePath, fillFigures(html, figures))
  }
}
