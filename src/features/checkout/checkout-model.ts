import type { SubjectInput } from '../../../contract'
import { currencies, isCurrencyCode } from '../../../contract/currencies'
import type { PublicDetails } from '../../../contract/storefront'

/** What the checkout sends to start an order. */
export type StartInput = SubjectInput<'startCheckout'>
/** What the checkout asks the price of. */
export type QuoteInput = SubjectInput<'quoteCheckout'>
/** A variant as the page's data has it: `stock` is what is left. */
export type Variant = PublicDetails['merch']['variants'][number]
export type TicketType = PublicDetails['event']['ticketTypes'][number]
/** A booked time, as the slot picker gives it. */
export type Slot = { start: string; end: string }
export type DeliveryKind = 'ship' | 'pickup'

/** The delivery address as the buyer types it. */
export interface Address {
  name: string
  phone: string
  line1: string
  line2: string
  city: string
  region: string
  postalCode: string
  country: string
}

export const EMPTY_ADDRESS: Address = {
  name: '',
  phone: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
}

/** Digits after the point in a currency (2 for one this page does not know). */
export const minorUnits = (currency: string) =>
  isCurrencyCode(currency) ? currencies[currency].minorUnits : 2

/** Whether a ticket type can be bought at `now`: its sale has started and not yet ended. */
export const onSale = (t: TicketType, now: number) =>
  !(t.saleStartsAt && Date.parse(t.saleStartsAt) > now) && !(t.saleEndsAt && Date.parse(t.saleEndsAt) <= now)

/** Whether the address has what a courier needs (the server checks again). */
export function addressComplete(address: Address): boolean {
  return (
    address.name.trim().length >= 2 &&
    address.line1.trim().length >= 3 &&
    address.city.trim().length >= 2 &&
    address.country !== ''
  )
}
