import type { Lang, Message } from '../../../contract/i18n'
import { translate } from '../../lib/i18n'

/**
 * Words Soko stores on an order or a refund and shows later (a refund's reason, why a payment was not
 * taken), kept by message id so each reader gets them in their language. The English is stored too.
 */
export const CHECKOUT_NOTES = {
  soldOut: /*i18n*/ {
    id: 'checkout.refund.sold-out',
    message: 'It sold out while the payment was on its way',
  },
  buyerCancelled: /*i18n*/ { id: 'checkout.refund.buyer-cancelled', message: 'You cancelled the booking' },
  sellerCancelled: /*i18n*/ {
    id: 'checkout.refund.seller-cancelled',
    message: 'The seller cancelled the booking',
  },
  amountMismatch: /*i18n*/ {
    id: 'checkout.failure.amount',
    message: 'The amount paid does not match: Soko will look into it',
  },
} as const satisfies Record<string, Message>

const byId: ReadonlyMap<string, Message> = new Map(Object.values(CHECKOUT_NOTES).map((m) => [m.id, m]))

/** A refund's reason or an order's failure in a language: by its id when Soko wrote it, else as stored. */
export function checkoutNoteIn(lang: Lang, stored: string, code: string | null | undefined): string {
  const message = code ? byId.get(code) : undefined
  return lang === 'en' || !message ? stored : translate(lang, message)
}

/** The message id of an order failure Soko wrote itself, by the failure's code. */
export const ORDER_FAILURE_NOTES: Record<string, Message> = { amount: CHECKOUT_NOTES.amountMismatch }
