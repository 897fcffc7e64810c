import { get, set } from 'idb-keyval'

/**
 * The access key startCheckout gives with each order, kept in IndexedDB by order id: a buyer who paid
 * signed out can reopen /sucess-payment?order=… and /download/{id} after the card page, a closed tab or a
 * restart. A copy in memory covers browsers where IndexedDB fails (some private modes) for this visit.
 */
const known = new Map<string, string>()
const storeKey = (orderId: string) => `order-key:${orderId}`

export async function keepOrderKey(orderId: string, key: string): Promise<void> {
  known.set(orderId, key)
  try {
    await set(storeKey(orderId), key)
  } catch (error) {
    console.error('Could not keep the order key in IndexedDB', error)
  }
}

/** The order's key, when this browser started it; undefined otherwise (a signed-in buyer needs none). */
export async function orderKey(orderId: string): Promise<string | undefined> {
  const inMemory = known.get(orderId)
  if (inMemory) return inMemory
  try {
    const stored = await get<string>(storeKey(orderId))
    // A waiting order is asked about every 2 s: read IndexedDB once.
    if (stored) known.set(orderId, stored)
    return stored ?? undefined
  } catch {
    return undefined
  }
}
