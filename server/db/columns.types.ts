/**
 * What schema.ts's JSON columns hold and the values its text columns take, the contract's types among them:
 * for `$type`, so types only, no migration. The CHECK constraints in schema.ts keep the same lists.
 */

export type {
  PayoutMethod,
  Role,
  SellerVerificationDetails,
  VerificationStatus,
} from '../../contract/accounts.contract'
export type { ProductKind } from '../../contract/catalog.constants'
export type { ProductDetails, ProductStatus } from '../../contract/catalog.contract'
export type { OrderStatus, PaymentMethod } from '../../contract/checkout.constants'
export type { OrderDelivery } from '../../contract/checkout.contract'
export type { ContactTopic } from '../../contract/contact.constants'
export type { CurrencyCode } from '../../contract/currencies'
export type { Lang } from '../../contract/i18n'

/** A product's photo or file, or a picture or file of one of a membership's posts. */
export type AssetRole = 'image' | 'file' | 'post-image' | 'post-file'
export type AssetStatus = 'uploading' | 'ready'
export type Fulfilment = 'to_ship' | 'shipped'
export type LedgerTransactionKind =
  | 'sale'
  | 'refund'
  | 'payout'
  | 'payout-sent'
  | 'payout-back'
  | 'excess-kept'
  | 'sms-fee'
export type RefundStatus = 'pending' | 'succeeded' | 'failed'

/** What an order bought, as it was then: the product may have changed since. */
/** A product's offer at checkout: `productId` (a digital product of the same seller) for `price`. */
export interface ProductUpsell {
  productId: string
  /** In minor units of both products' currency, less than the offered product's own price. */
  price: number
}

export interface OrderItem {
  title: string
  /** In minor units of the order's currency. */
  unitPrice: number
  /** The item as people read it: `M / Black`, `VIP`, the product's title. */
  label: string
  /** The buyer's time zone, so mails state a booking's time as they read it; null when not known. */
  timeZone: string | null
  /** Merch: the variant and its options. */
  variantId?: string
  options?: Record<string, string>
  /** Events: the ticket type and its name. */
  ticketTypeId?: string
  ticketType?: string
  /** Events: the name on each ticket, as the buyer gave them (their own when they gave none). */
  holders?: string[]
  /** Services: the booked time. */
  slot?: { start: string; end: string }
  /** Services: how often the booking has been moved (its calendar event's sequence). */
  moves?: number
  /** A line taken from the checkout's offer: the product's own price, which the offer undercut. */
  upsellOf?: { listPrice: number }
  /** A line of a bundle bought: the bundle, and the part's own price, of which the line has a share. */
  bundle?: { id: string; title: string; listPrice: number }
  /**
   * A membership's payment: the tier and period bought, and the membership it renews (absent on the
   * payment that starts one, which makes the membership once paid).
   */
  membership?: MembershipItem
}

/** What a membership's payment is for. */
export interface MembershipItem {
  tierId: string
  tier: string
  interval: 'month' | 'year'
  /** The membership renewed; absent when this payment starts one. */
  membershipId?: string
  /**
   * Joined with a free trial of this many days: this order takes nothing (the card is saved, the PayPal
   * subscription approved); from the trial's end each period costs `amount` (the order's currency), charged
   * as `chargeAmount` (its charge currency).
   */
  trial?: { days: number; amount: number; chargeAmount: number }
  /** The period paid for, once known (a renewal's), ISO. */
  periodStart?: string
  periodEnd?: string
}

/**
 * What the provider said about the payment: what it kept when the charge started (the phone prompted, say)
 * and, once paid, the receipt and its own references (a capture, a payment intent, the payer's phone).
 */
export interface OrderPayment {
  receipt?: string | null
  [detail: string]: unknown
}

/** Why payment did not complete. */
export interface OrderFailure {
  code: string
  message: string
}

/**
 * The platform's terms a sale is booked with, fixed when the order (or invoice payment) is placed: the fee
 * in basis points plus a fixed part in the sale's currency (minor units), and the days its earnings are held.
 */
export interface SaleTerms {
  feeBps: number
  feeFixed: number
  holdDays: number
}

export type MembershipStatus = 'active' | 'past_due' | 'paused' | 'ended'

/** The tier and price a membership moves to from its next period (the member's change of tier). */
export interface NextTier {
  tierId: string
  interval: 'month' | 'year'
  amount: number
  currency: string
}

/** What a membership charges again: a saved card (Stripe's customer and payment method). */
export interface SavedPayment {
  customer?: string
  paymentMethod?: string
  /** The card as its holder knows it, `Visa ending 4242`. */
  card?: string
  /** A PayPal subscription, which bills each period by itself. */
  subscription?: string
  /** What the subscription bills each period (fixed when it was made, whatever the rates do since). */
  charge?: { amount: number; currency: string }
}
