import type { ServiceDetails } from '../../../contract/catalog.contract'

const HOUR_MS = 3_600_000

/** The service's notice for a buyer's own change, with the default of services saved before it existed. */
export const changeHours = (details: Pick<ServiceDetails, 'changeHours'>) => details.changeHours ?? 24

/**
 * Until when the buyer may still move or cancel a booking themselves: its start less the seller's notice.
 * Null when that time has passed, or the seller keeps changes to themselves (a notice of 0).
 */
export function changeUntil(
  details: Pick<ServiceDetails, 'changeHours'>,
  slot: { start: string },
  now: number,
): string | null {
  const hours = changeHours(details)
  if (hours <= 0) return null
  const until = Date.parse(slot.start) - hours * HOUR_MS
  return until > now ? new Date(until).toISOString() : null
}
