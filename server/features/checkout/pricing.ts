import type { z } from 'zod'
import type { MerchDetails } from '../../../contract/catalog.contract'
import { METHOD_CURRENCIES, PAYMENT_METHODS, type PaymentMethod } from '../../../contract/checkout.constants'
import type { OrderDelivery, quoteInput } from '../../../contract/checkout.contract'
import { CURRENCY_LIMITS, type CurrencyCode, currencies } from '../../../contract/currencies'
import { CHECKOUT, CHECKOUT_FIELD, PRICING } from '../../../contract/errors/checkout'
import { MEMBERSHIPS } from '../../../contract/errors/memberships'
import { formatMoney } from '../../../contract/format-money'
import type { Message, MessageParams } from '../../../contract/i18n'
import type { Money } from '../../../contract/money'
import type { Rates } from '../../../contract/storefront'
import type { OrderItem } from '../../db/columns.types'
import { clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { byKind, type ProductRow } from '../catalog'

/** What the buyer chose on the product page (validated by the contract, not yet against the product). */
export interface Selection {
  quantity: number
  variantId?: string | undefined
  ticketTypeId?: string | undefined
  slot?: string | undefined
  amount?: number | undefined
  delivery?: z.output<typeof quoteInput>['delivery']
}

export interface Priced {
  /** What is held: a variant or ticket type id, or '' (a slot's key is its start, set by the caller). */
  itemKey: string
  /** How many of `itemKey` there are in all (stock, capacity); null for no limit. */
  capacity: number | null
  label: string
  /** What the order keeps of the item; the caller adds the label and the buyer's time zone. */
  item: Omit<OrderItem, 'label' | 'timeZone'>
  quantity: number
  subtotal: number
  shipping: number
  total: number
  currency: CurrencyCode
  delivery: OrderDelivery | null
  /** The least the subtotal may come to after a discount: a pay-what-you-want minimum, else 0. */
  floor: number
}

export interface Charge {
  method: PaymentMethod
  amount: Money
  /** Units of the charge currency per unit of the order's; null when not converted. */
  rate: number | null
}

const invalid = (field: string, message: Message, params?: MessageParams) =>
  new AppError(400, message, {
    ...(params ? { params } : {}),
    fields: { [field]: { ...message, ...(params ? { params } : {}) } },
  })

/**
 * An amount as the product stores it, checked again before anyone is charged: products saved before
 * every amount was validated may hold a negative price or fee, or one in another currency. Such a product
 * is not sold until its seller fixes it, so no order can total less than nothing or add two currencies.
 */
function stored(m: Money, currency: CurrencyCode): number {
  if (!Number.isSafeInteger(m.amount) || m.amount < 0 || m.currency !== currency)
    throw new AppError(409, CHECKOUT.pricesNeedCorrecting, {
      fields: { productId: CHECKOUT_FIELD.pricesNeedCorrecting },
    })
  return m.amount
}

/**
 * Prices a selection of a published product: the item, its label, subtotal, shipping and total in the
 * product's currency. Throws 400 with the field to fix when the selection does not fit the product.
 */
export function priceSelection(row: ProductRow, selection: Selection, now = clock.ms()): Priced {
  const product = byKind(row)
  const currency = product.priceCurrency
  const base = { currency, delivery: null, shipping: 0, floor: 0 }
  switch (product.kind) {
    case 'digital': {
      const pwyw = product.details.payWhatYouWant
      const free = product.details.free === true
      let unit = stored({ amount: product.priceAmount, currency }, currency)
      let floor = 0
      if (free) unit = 0
      else if (pwyw) {
        const minimum = stored(pwyw.minimum, currency)
        floor = minimum
        unit = selection.amount ?? unit
        if (unit < minimum)
          throw invalid('amount', PRICING.payAtLeast, { amount: formatMoney(minimum, currency) })
        const most = CURRENCY_LIMITS[currency].maxPrice
        if (unit > most) throw invalid('amount', PRICING.payAtMost, { amount: formatMoney(most, currency) })
      }
      if (selection.quantity !== 1) throw invalid('quantity', PRICING.downloadOnce)
      return {
        ...base,
        itemKey: '',
        capacity: null,
        label: product.title,
        item: { title: product.title, unitPrice: unit },
        quantity: 1,
        subtotal: unit,
        total: unit,
        floor,
      }
    }
    case 'merch': {
      const variants = product.details.variants
      const variant =
        variants.find((v) => v.id === selection.variantId) ??
        (selection.variantId === undefined && variants.length === 1 ? variants[0] : undefined)
      if (!variant) throw invalid('variantId', PRICING.chooseVariant)
      const label = Object.values(variant.options).join(' / ') || product.title
      const unit = stored(variant.price, currency)
      const subtotal = unit * selection.quantity
      const { shipping, delivery } = deliveryOf(product.details, selection.delivery, currency)
      return {
        ...base,
        itemKey: variant.id,
        capacity: variant.stock,
        label,
        item: {
          title: product.title,
          variantId: variant.id,
          options: variant.options,
          unitPrice: unit,
        },
        quantity: selection.quantity,
        subtotal,
        shipping,
        total: subtotal + shipping,
        delivery,
      }
    }
    case 'event': {
      const types = product.details.ticketTypes
      const type =
        types.find((t) => t.id === selection.ticketTypeId) ??
        (selection.ticketTypeId === undefined && types.length === 1 ? types[0] : undefined)
      if (!type) throw invalid('ticketTypeId', PRICING.chooseTicketType)
      if (Date.parse(product.details.startsAt) <= now) throw invalid('ticketTypeId', PRICING.eventStarted)
      if (type.saleStartsAt && Date.parse(type.saleStartsAt) > now)
        throw invalid('ticketTypeId', PRICING.ticketsOnSaleFrom, {
          name: type.name,
          when: new Date(type.saleStartsAt).toUTCString(),
        })
      if (type.saleEndsAt && Date.parse(type.saleEndsAt) <= now)
        throw invalid('ticketTypeId', PRICING.ticketsNoLongerSold, { name: type.name })
      const unit = stored(type.price, currency)
      const subtotal = unit * selection.quantity
      return {
        ...base,
        itemKey: type.id,
        capacity: type.capacity,
        label: type.name,
        item: {
          title: product.title,
          ticketTypeId: type.id,
          ticketType: type.name,
          unitPrice: unit,
        },
        quantity: selection.quantity,
        subtotal,
        total: subtotal,
      }
    }
    case 'service': {
      if (!selection.slot) throw invalid('slot', PRICING.chooseTime)
      if (selection.quantity !== 1) throw invalid('quantity', PRICING.oneBooking)
      const price = stored({ amount: product.priceAmount, currency }, currency)
      return {
        ...base,
        itemKey: '',
        capacity: 1,
        label: product.title,
        item: { title: product.title, unitPrice: price },
        quantity: 1,
        subtotal: price,
        total: price,
      }
    }
    case 'membership':
      // A membership is joined at a tier's price, by joinMembership: it is not a checkout's one-off item.
      throw new AppError(400, MEMBERSHIPS.joinFromTiers, { fields: { productId: MEMBERSHIPS.joinFromTiers } })
    default:
      throw new Error(`unknown product kind ${row.kind}`)
  }
}

function deliveryOf(
  details: MerchDetails,
  choice: Selection['delivery'],
  currency: CurrencyCode,
): { shipping: number; delivery: OrderDelivery } {
  // Stored details are not parsed again: no zones counts as none, as before.
  const zones = details.shippingZones ?? []
  const pickup = details.pickup
  if (!choice)
    throw invalid('delivery', pickup ? PRICING.chooseDeliveryOrPickup : PRICING.giveShippingAddress)
  if (choice.kind === 'pickup') {
    if (!pickup) throw invalid('delivery', PRICING.noPickup)
    return { shipping: 0, delivery: { kind: 'pickup', address: pickup.address } }
  }
  const zone = zones.find((z) => z.countries.includes(choice.country))
  if (!zone) throw invalid('delivery.country', pickup ? PRICING.noShippingHerePickup : PRICING.noShippingHere)
  return { shipping: stored(zone.fee, currency), delivery: { ...choice, zone: zone.name } }
}

/**
 * What each payment method would charge for `total`. A method that takes the order's currency charges it
 * as it is; otherwise it is converted at the stored rate into the method's currency and rounded up to
 * what the method can take (M-Pesa: whole shillings). Methods with no rate to convert with are left out.
 */
export function chargesFor(
  total: Money,
  rates: Rates,
  methods: readonly PaymentMethod[] = PAYMENT_METHODS,
): Charge[] {
  const charges: Charge[] = []
  for (const method of methods) {
    const accepted = METHOD_CURRENCIES[method] as readonly string[]
    const target = (accepted.includes(total.currency) ? total.currency : accepted[0]) as CurrencyCode
    let amount = total.amount
    let rate: number | null = null
    if (target !== total.currency) {
      const from = rates.perUsd[total.currency]
      const to = rates.perUsd[target]
      if (!from || !to) continue
      rate = to / from
      const major = (total.amount / 10 ** currencies[total.currency].minorUnits) * rate
      // toFixed first: 7.5 × 129.3 must not become 969.7500000001 and round up a whole cent.
      amount = Math.ceil(Number((major * 10 ** currencies[target].minorUnits).toFixed(6)))
    }
    if (method === 'mpesa') amount = Math.ceil(amount / 100) * 100
    charges.push({ method, amount: { amount, currency: target }, rate })
  }
  return charges
}
