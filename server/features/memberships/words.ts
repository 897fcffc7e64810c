import type { Lang } from '../../../contract/i18n'
import { translate } from '../../lib/i18n'
import type { Interval } from '../../lib/membership-periods'

const INTERVALS = {
  month: /*i18n*/ { id: 'memberships.monthly', message: 'monthly' },
  year: /*i18n*/ { id: 'memberships.yearly', message: 'yearly' },
} as const

/** "monthly" or "yearly", in the reader's language. */
export const intervalLabel = (interval: Interval, lang: Lang) => translate(lang, INTERVALS[interval])

const TRIAL = /*i18n*/ { id: 'memberships.trialLabel', message: '{days}-day free trial' }

/** "14-day free trial", in the reader's language. */
export const trialLabel = (days: number, lang: Lang) => translate(lang, TRIAL, { days })

const DECLINES = {
  expired_card: /*i18n*/ { id: 'memberships.decline.expired', message: 'your card has expired.' },
  authentication_required: /*i18n*/ {
    id: 'memberships.decline.authenticate',
    message: 'your bank asks you to confirm this payment yourself.',
  },
  insufficient_funds: /*i18n*/ {
    id: 'memberships.decline.funds',
    message: 'the card does not have enough money on it.',
  },
  no_saved_method: /*i18n*/ {
    id: 'memberships.decline.nothingSaved',
    message: 'no card is saved to charge.',
  },
  other: /*i18n*/ { id: 'memberships.decline.other', message: 'your card was declined.' },
} as const

/** Why a renewal's charge was declined, from the provider's code, in the member's language. */
export function declineReason(code: string, lang: Lang): string {
  return translate(lang, DECLINES[code as keyof typeof DECLINES] ?? DECLINES.other)
}
