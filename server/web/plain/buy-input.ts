import type { BundleQuote } from '../../../contract/bundles.contract'
import type { Quote } from '../../../contract/checkout.contract'
import { currencies, isCurrencyCode } from '../../../contract/currencies'
import type { PublicProduct } from '../../../contract/storefront'
import { formInput } from './fields'

/** A checkout's answers as the plain steps carry them, and what they become for the contract. */

export type Step = 'choose' | 'details' | 'pay'

/** The answers a step carries forward, as the form names them (the contract's fields, dotted). */
export const NUMBERS = ['quantity'] as const
const DETAIL = /^(holders|delivery)(\.|$)/
const CHOICE = /^(productId|quantity|variantId|ticketTypeId|slot|amount)$/

/** The step that asks a field. */
export function stepOfField(key: string): Step {
  if (DETAIL.test(key)) return 'details'
  return CHOICE.test(key) ? 'choose' : 'pay'
}

export const hasChoices = (p: PublicProduct) =>
  p.kind === 'service' ||
  p.kind === 'merch' ||
  p.kind === 'event' ||
  (p.kind === 'digital' && p.details.payWhatYouWant !== null)

export const hasDetails = (p: PublicProduct) => p.kind === 'event' || p.kind === 'merch'

export interface Draft {
  fields: Record<string, string>
  errors: Record<string, string>
  message: string | null
  /** At the last step: what each method would charge. */
  quote?: Quote
  /** A bundle's last step: its lines, shipping, total and charges. */
  bundleQuote?: BundleQuote
}

/** The form's answers as the contract's checkout input (the amount typed in major units made minor). */
export function checkoutInput(
  product: PublicProduct,
  fields: Record<string, string>,
): Record<string, unknown> {
  const amount = amountMinor(fields.amount, product.price.currency)
  const { textMe, upsell, ...rest } = fields
  return {
    ...formInput(rest, NUMBERS),
    ...(amount === undefined ? {} : { amount }),
    ...(textMe === 'on' ? { textMe: true } : {}),
    ...(upsell === 'on' ? { upsell: true } : {}),
    productId: product.id,
  }
}

/** What the quote is asked: the item chosen, and where it goes once that is asked. */
export function selectionOf(product: PublicProduct, fields: Record<string, string>, withDelivery: boolean) {
  const input = checkoutInput(product, fields)
  return Object.fromEntries(
    [
      'productId',
      'quantity',
      'variantId',
      'ticketTypeId',
      'slot',
      'amount',
      'code',
      'upsell',
      ...(withDelivery ? ['delivery'] : []),
    ]
      .filter((key) => input[key] !== undefined)
      .map((key) => [key, input[key]]),
  )
}

/** An amount typed in major units (`350`, `350.50`) as the contract's minor units; undefined when none. */
function amountMinor(typed: string | undefined, currency: string): number | string | undefined {
  const text = typed?.trim().replace(/,/g, '')
  if (!text) return undefined
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return text
  const digits = isCurrencyCode(currency) ? currencies[currency].minorUnits : 2
  return Math.round(Number(text) * 10 ** digits)
}

/** The hidden field that says whether the total the pay step showed included the offer (`on`, `off`). */
export const OFFER_QUOTED = '_offerQuoted'

/** Whether the buyer ticked or unticked the offer after the total was shown: the total shown was not this. */
export const offerChanged = (fields: Record<string, string>) =>
  fields[OFFER_QUOTED] !== undefined && (fields.upsell === 'on') !== (fields[OFFER_QUOTED] === 'on')
