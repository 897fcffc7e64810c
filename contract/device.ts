/**
 * The app makes a random id once per browser (kept in IndexedDB) and sends it with every call to the API in
 * this header. Checkout limits count it, so that buyers who share one network address (a mobile carrier's
 * NAT puts whole towns behind a few) are told apart. It says nothing about the person, and a client can send
 * any id it likes: it only narrows what the address and the buyer's own limits already bound.
 */
export const DEVICE_HEADER = 'x-soko-device'

/** A short opaque token: what the app makes, with room for other clients' own. */
const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/

/** The header's value when it is a device id; anything else (missing, too long, other characters) is null. */
export function deviceIdOf(value: unknown): string | null {
  return typeof value === 'string' && DEVICE_ID.test(value) ? value : null
}
