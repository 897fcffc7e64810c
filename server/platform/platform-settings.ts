import { CURRENCY_LIMITS, currencies, currencyCodes } from '../../contract/money'
import { PAYOUT_HOLD_DAYS, SALE_FEE_BPS, SALE_FEE_TEXT } from '../../contract/platform'
import type { PlatformSettings } from '../../contract/settings.contract'
import { english } from '../lib/i18n'
import { FEE_SENTENCE } from './terms-view'

/** 2 GB, the largest file a seller can upload. */
const MAX_UPLOAD_BYTES = 2 * 1024 ** 3

/** The platform's public settings. They depend only on configuration, so they are built once. */
export function buildPlatformSettings(opts: {
  livePayments: Partial<Record<'mpesa' | 'paypal' | 'card', boolean>>
  /** Days a sale is held (HOLD_DAYS); the constant's default when not given. */
  holdDays?: number
}) {
  const limit = (figure: 'minPrice' | 'maxPrice' | 'minWithdrawal') =>
    currencyCodes.map((currency) => ({ amount: CURRENCY_LIMITS[currency][figure], currency }))
  const mode = (id: 'mpesa' | 'paypal' | 'card'): 'live' | 'sandbox' =>
    opts.livePayments[id] ? 'live' : 'sandbox'
  const settings: PlatformSettings = {
    siteName: 'Soko',
    // i18n-ignore: the site's tagline as the API gives it, the words of the title that stays English
    tagline: 'Sell Digital Products & Get Paid Anywhere',
    defaultCurrency: 'KES',
    currencies: currencyCodes.map((code) => ({
      code,
      name: currencies[code].name,
      minorUnits: currencies[code].minorUnits,
    })),
    paymentMethods: [
      { id: 'mpesa', name: 'M-Pesa', enabled: true, mode: mode('mpesa'), currencies: ['KES'] },
      { id: 'card', name: 'Card', enabled: true, mode: mode('card'), currencies: [...currencyCodes] },
      {
        id: 'paypal',
        name: 'PayPal',
        enabled: true,
        mode: mode('paypal'),
        currencies: ['USD', 'EUR', 'GBP'],
      },
    ],
    fees: {
      saleFeeBps: SALE_FEE_BPS,
      description: english(FEE_SENTENCE, { fee: SALE_FEE_TEXT }),
    },
    payouts: {
      schedules: ['instant', 'daily', 'weekly', 'monthly'],
      holdDays: opts.holdDays ?? PAYOUT_HOLD_DAYS,
      minimumWithdrawal: limit('minWithdrawal'),
    },
    limits: { maxUploadBytes: MAX_UPLOAD_BYTES, minPrice: limit('minPrice'), maxPrice: limit('maxPrice') },
  }
  return settings
}
