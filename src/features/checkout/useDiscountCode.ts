import { useState } from 'react'
import { DISCOUNT_CODE_PARAM, RECOVERY_PARAM } from '../../../contract/discounts.constants'

/** Where a code from a shared link is kept while the buyer browses, for this tab only. */
const KEPT = 'soko.discountCode'

/** A link's parameter, kept for the tab under `key` so it survives the way to the checkout. */
function linked(param: string, key: string): string {
  try {
    const fromLink = new URLSearchParams(location.search).get(param)?.trim() ?? ''
    if (fromLink) sessionStorage.setItem(key, fromLink)
    return fromLink || (sessionStorage.getItem(key) ?? '')
  } catch {
    // Storage refused (a private window's quota): the link's own value still applies.
    return ''
  }
}

/** The code a shared link brought (`?code=NAIROBI20`), from a storefront to a product and its checkout. */
export const linkedCode = () => linked(DISCOUNT_CODE_PARAM, KEPT)

/** The token of a checkout reminder's link (`?r=`): the checkout it leads to counts as recovered. */
export const linkedRecovery = () => linked(RECOVERY_PARAM, 'soko.recovery')

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
