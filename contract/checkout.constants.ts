/** Checkout figures, without zod, so the browser can use them without loading the schemas. */
import { say } from './say'

/** How long a started checkout holds its stock, seats or slot: Stripe's shortest session is 30 minutes. */
export const ORDER_HOLD_MINUTES = 35

/** Most of one product (tickets, merch) in one order. */
export const MAX_QUANTITY = 20

export const ORDER_STATUSES = [
  'pending',
  'paid',
  'failed',
  'cancelled',
  'expired',
  'refunding',
  'refunded',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** Orders that hold their stock, seats or slot: waiting for payment, paid, or being refunded. */
export const HOLDING_STATUSES = ['pending', 'paid', 'refunding'] as const satisfies readonly OrderStatus[]

export const PAYMENT_METHODS = ['mpesa', 'card', 'paypal'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** The currencies each method charges in; anything else is converted at the stored rate. */
export const METHOD_CURRENCIES = {
  mpesa: ['KES'],
  paypal: ['USD', 'EUR', 'GBP'],
  card: ['KES', 'UGX', 'TZS', 'RWF', 'NGN', 'GHS', 'ZAR', 'USD', 'EUR', 'GBP'],
} as const satisfies Record<PaymentMethod, readonly string[]>

export const METHOD_NAMES: Record<PaymentMethod | 'free', string> = {
  mpesa: 'M-Pesa',
  card: say(/*i18n*/ { id: 'checkout.method.card', message: 'Card' }),
  paypal: 'PayPal',
  free: say(/*i18n*/ { id: 'checkout.method.free', message: 'Free' }),
}
