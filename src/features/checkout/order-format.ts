import { t } from '@lingui/core/macro'
import type { Order } from '../../../contract/checkout.contract'
import { mpesaResult } from '../../../contract/mpesa'
import { countryName } from '../../lib/country'
import { formatDateTime, formatTime } from '../../lib/dates'
import { translateCode } from '../../lib/i18n'

/** What an M-Pesa result code means for the buyer, in the page's language (contract/mpesa.ts). */
export function mpesaWords(code: number | string): { title: string; nextStep: string; retry: boolean } {
  const words = mpesaResult(code)
  return {
    title: translateCode(words.titleId, words.params, words.title),
    nextStep: translateCode(words.nextStepId, undefined, words.nextStep),
    retry: words.retry,
  }
}

/** 254712345678 → `0712 345 678`, as Kenyans write it; anything else as it is. */
export function formatPhone(phone: string): string {
  const match = /^(?:254|0)?([17]\d{2})(\d{3})(\d{3})$/.exec(phone.replace(/\D/g, ''))
  return match ? `0${match[1]} ${match[2]} ${match[3]}` : phone
}

/** The zone this browser shows times in; bookings are shown and mailed in it. */
export function buyerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

export const zoneName = (timeZone: string) => timeZone.replace(/_/g, ' ')

/** A booked time in the buyer's zone, named: `Tue, Dec 3, 2026, 10:00 AM–10:30 AM (Africa/Nairobi)`. */
export function slotText(slot: { start: string; end: string }, timeZone = buyerTimeZone()): string {
  const start = formatDateTime(slot.start, { timeZone, weekday: true })
  return `${start}–${formatTime(slot.end, { timeZone })} (${zoneName(timeZone)})`
}

/** A merch order's address on one line, or null for pickup. */
export function addressText(delivery: Order['delivery']): string | null {
  if (delivery?.kind !== 'ship') return null
  const { name, line1, line2, city, region, postalCode, country } = delivery
  return [name, line1, line2, city, region, postalCode]
    .concat(country ? countryName(country) : '')
    .filter(Boolean)
    .join(', ')
}

/** Why a payment failed and what to do, in words: M-Pesa's result codes have their own. */
export function failureWords(order: Order): { title: string; nextStep: string; retry: boolean } | null {
  if (!order.failure) return null
  if (order.method === 'mpesa') return mpesaWords(order.failure.code)
  return { title: t`The payment did not go through`, nextStep: order.failure.message, retry: true }
}

/** What was bought beyond the product's title: the variant or ticket type, or a booking's time here. */
export function itemText(order: Pick<Order, 'label' | 'slot' | 'quantity' | 'product'>): string {
  const what = order.slot
    ? slotText(order.slot)
    : order.label && order.label !== order.product.title
      ? order.label
      : ''
  return [what, order.quantity > 1 ? `× ${order.quantity}` : ''].filter(Boolean).join(' ')
}

/**
 * What a bundle's order gives besides what its first line's kind shows (the order is that line's kind):
 * the files of its downloads, the delivery of its merch.
 */
export const otherParts = (order: Order): Order['kind'][] => [
  ...(order.kind !== 'digital' && order.files.length > 0 ? (['digital'] as const) : []),
  ...(order.kind !== 'merch' && order.delivery ? (['merch'] as const) : []),
]
