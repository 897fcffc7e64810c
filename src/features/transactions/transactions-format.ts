import { t } from '@lingui/core/macro'
import { formatLocale } from '../../../contract/format-locale'
import { formatDate, formatDateTime, formatTime } from '../../lib/dates'
import { currentLang } from '../../lib/i18n'
import { formatMoney } from '../../lib/money'
import { kindName } from './transactions-csv'
import type { MovementKind } from './transactions-search'

// How the transactions page writes dates, amounts and kinds.

/** The chart's days are UTC days: name them in UTC, or a day could show as its neighbour. */
const dayFormat = () =>
  new Intl.DateTimeFormat(currentLang() === 'en' ? undefined : (formatLocale() ?? currentLang()), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })

export const dateTimeText = (iso: string) => formatDateTime(iso)
export const dateText = (iso: string) => formatDate(iso)
export const dayText = (day: string) => dayFormat().format(new Date(`${day}T00:00:00Z`))

/** Money in with a plus, money out with the minus formatMoney already writes. */
export const signed = (amount: number, currency: string) =>
  `${amount > 0 ? '+' : ''}${formatMoney(amount, currency)}`

/** A movement's kind in words; a fee with a plus is one given back with a refund. */
export const kindText = (m: { kind: MovementKind; amount: number }) =>
  m.kind === 'fee' && m.amount > 0 ? t`Soko fee returned` : kindName(m.kind)

/** What a movement was for: the title, and a booking's time in the reader's zone. */
export const movementTitle = (m: { title: string; slot: { start: string; end: string } | null }) =>
  m.slot
    ? `${m.title}, ${formatDateTime(m.slot.start, { weekday: true })}–${formatTime(m.slot.end)}`
    : m.title
