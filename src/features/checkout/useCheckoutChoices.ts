import { useState } from 'react'
import { MAX_QUANTITY } from '../../../contract/checkout.constants'
import type { PublicProduct } from '../../../contract/storefront'
import { minorUnits, onSale, type QuoteInput, type Slot } from './checkout-model'

/**
 * What the buyer picks of the item itself: the variant or ticket type, how many, the booked time and, for
 * pay-what-you-want, the amount; with the limits the page's data sets on them.
 */
export function useCheckoutChoices(product: PublicProduct, buyerName = '', chosenSlot?: Slot) {
  const variants = product.kind === 'merch' ? product.details.variants : []
  const ticketTypes = product.kind === 'event' ? product.details.ticketTypes : []
  const pwyw = product.kind === 'digital' ? product.details.payWhatYouWant : null

  const [now] = useState(() => Date.now())
  const [variantId, setVariantId] = useState(
    () => (variants.find((v) => v.stock > 0) ?? variants[0])?.id ?? '',
  )
  const [ticketTypeId, setTicketTypeId] = useState(
    () => (ticketTypes.find((t) => onSale(t, now)) ?? ticketTypes[0])?.id ?? '',
  )
  const [quantity, setQuantity] = useState('1')
  const [pickedSlot, setSlot] = useState<Slot | null>(null)
  // /book/{slug} picks the time beside the form (calendar first); the form then books that one.
  const slot = chosenSlot ?? pickedSlot
  // Events: the name on each ticket, the buyer's own on the first when they are signed in.
  const [holders, setHolders] = useState<string[]>([])
  const setHolder = (index: number, name: string) =>
    setHolders((all) => {
      const next = [...all]
      next[index] = name
      return next
    })
  const [amount, setAmount] = useState(() =>
    pwyw ? String(product.price.amount / 10 ** minorUnits(product.price.currency)) : '',
  )

  const variant = variants.find((v) => v.id === variantId)
  const ticketType = ticketTypes.find((t) => t.id === ticketTypeId)
  // What is left, as the page's data counted it (the server checks again when the order is placed).
  const available = variant ? variant.stock : (ticketType?.left ?? MAX_QUANTITY)
  const maxQuantity = Math.max(1, Math.min(MAX_QUANTITY, available))
  const counted = product.kind === 'merch' || product.kind === 'event'
  const quantityValue = counted ? Number(quantity) : 1
  const quantityOk = Number.isInteger(quantityValue) && quantityValue >= 1 && quantityValue <= maxQuantity
  const amountMinor = pwyw ? Math.round(Number(amount) * 10 ** minorUnits(product.price.currency)) : null
  const amountOk =
    !pwyw || (amount.trim() !== '' && amountMinor !== null && amountMinor >= pwyw.minimum.amount)

  /** The choices as the quote asks for them; delivery is added by the form. */
  const selection: QuoteInput = {
    productId: product.id,
    quantity: quantityOk ? quantityValue : 1,
    ...(variantId && product.kind === 'merch' ? { variantId } : {}),
    ...(ticketTypeId && product.kind === 'event' ? { ticketTypeId } : {}),
    ...(slot ? { slot: slot.start } : {}),
    ...(pwyw && amountOk && amountMinor !== null ? { amount: amountMinor } : {}),
  }

  return {
    variants,
    ticketTypes,
    pwyw,
    now,
    variantId,
    setVariantId,
    ticketTypeId,
    setTicketTypeId,
    quantity,
    setQuantity,
    slot,
    setSlot,
    /** One name per ticket of the quantity chosen (a ticket added later starts empty). */
    holders: Array.from(
      { length: product.kind === 'event' && quantityOk ? quantityValue : 0 },
      (_, i) => holders[i] ?? (i === 0 ? buyerName : ''),
    ),
    setHolder,
    amount,
    setAmount,
    variant,
    ticketType,
    maxQuantity,
    counted,
    quantityValue,
    quantityOk,
    amountOk,
    selection,
  }
}

/** The item choices' state, as the form and its fields share it. */
export type CheckoutChoicesState = ReturnType<typeof useCheckoutChoices>
