import { useState } from 'react'
import { DISCOUNT_CODE_PARAM } from '../../../contract/discounts.constants'

/** Where a code from a shared link is kept while the buyer browses, for this tab only. */
const KEPT = 'soko.discountCode'
/** Where the product page keeps a reminder link's token for the tab (the same key there). */
const KEPT_RECOVERY = 'soko.recovery'

/**
 * The code a shared link brought (`?code=NAIROBI20`), kept for the tab so it survives the way from a
 * storefront to a product and its checkout.
 */
export function linkedCode(): string {
  try {
    const fromLink = new URLSearchParams(location.search).get(DISCOUNT_CODE_PARAM)?.trim() ?? ''
    if (fromLink) sessionStorage.setItem(KEPT, fromLink)
    return fromLink || (sessionStorage.getItem(KEPT) ?? '')
  } catch {
    // Storage refused (a private window's quota): the link's own code still applies.
    return ''
  }
}

/**
 * The token of the checkout reminder's link this tab came through, kept by the product page it opened
 * (ProductPage's StopReminders): the checkout it leads to counts as recovered.
 */
export function linkedRecovery(): string {
  try {
    return sessionStorage.getItem(KEPT_RECOVERY) ?? ''
  } catch {
    return ''
  }
}

function forget() {
  try {
    sessionStorage.removeItem(KEPT)
  } catch {
    // Nothing kept.
  }
}

/**
 * The checkout's discount code: as typed, as applied (sent with the quote and the order), and why the
 * server refused it. A refused code is taken off, so the buyer still sees the total without it.
 */
export function useDiscountCode() {
  const [text, setText] = useState(linkedCode)
  const [applied, setApplied] = useState(text)
  const [error, setError] = useState<string | null>(null)
  return {
    text,
    setText,
    applied,
    error,
    apply() {
      setError(null)
      setApplied(text.trim())
    },
    remove() {
      setApplied('')
      setText('')
      setError(null)
      forget()
    },
    refused(message: string) {
      setError(message)
      setApplied('')
      forget()
    },
  }
}

export type DiscountCodeState = ReturnType<typeof useDiscountCode>
