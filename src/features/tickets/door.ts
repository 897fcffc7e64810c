import type { Attendee, AttendeeList } from '../../../contract/tickets.contract'

/**
 * The door's logic, apart from storage and the network so it is tested on its own: what a scanned (or
 * searched) code means against the attendee list kept on the device and the check-ins this device made
 * that Soko has not heard of yet.
 */

/** A check-in this device made, kept until Soko has it. */
export interface Scan {
  /** The device's own id for it: Soko stores it once by this. */
  id: string
  code: string
  at: string
  door: string
}

export type Verdict =
  | { kind: 'valid'; attendee: Attendee }
  | { kind: 'duplicate'; attendee: Attendee; first: { at: string; door: string } }
  | { kind: 'refunded'; attendee: Attendee }
  | { kind: 'unknown'; code: string }

/** A ticket's code as people type or scanners read it: trimmed, upper-case. */
export const normalizeCode = (code: string) => code.trim().toUpperCase()

/**
 * What a code means now: not on this event's list (another event's ticket, or none), refunded, already
 * checked in, or valid. Already checked in names the check-in that let them in: the one Soko holds (the
 * list's first: the first to reach Soko, whatever any phone's clock said), else this phone's own waiting
 * one. A phone's earlier clock never beats a check-in Soko already has.
 */
export function verdictFor(list: AttendeeList, pending: Scan[], raw: string): Verdict {
  const code = normalizeCode(raw)
  const attendee = list.attendees.find((a) => a.code === code)
  if (!attendee) return { kind: 'unknown', code }
  if (attendee.status === 'refunded') return { kind: 'refunded', attendee }
  const [here] = pending.filter((s) => s.code === code).sort((a, b) => a.at.localeCompare(b.at))
  const first = attendee.checkIns[0] ?? here
  return first
    ? { kind: 'duplicate', attendee, first: { at: first.at, door: first.door } }
    : { kind: 'valid', attendee }
}

type CheckIn = Attendee['checkIns'][number]

/** Attendees checked in more than once: the check-in that let them in, and the duplicates after it. */
export function letInTwice(list: AttendeeList): { attendee: Attendee; first: CheckIn; again: CheckIn[] }[] {
  return list.attendees.flatMap((attendee) => {
    const [first, ...again] = attendee.checkIns
    return first && again.length > 0 ? [{ attendee, first, again }] : []
  })
}

/** Checked in over sold, overall and per ticket type, counting this device's check-ins not yet synced. */
export function counters(list: AttendeeList, pending: Scan[]) {
  const inNow = new Set(
    list.attendees.filter((a) => a.status === 'valid' && a.checkIns.length > 0).map((a) => a.code),
  )
  for (const scan of pending) {
    const attendee = list.attendees.find((a) => a.code === scan.code)
    if (attendee?.status === 'valid') inNow.add(scan.code)
  }
  const valid = list.attendees.filter((a) => a.status === 'valid')
  return {
    checkedIn: inNow.size,
    sold: valid.length,
    types: list.types.map((type) => ({
      ...type,
      checkedIn: valid.filter((a) => a.ticketTypeId === type.id && inNow.has(a.code)).length,
    })),
  }
}

/** Attendees whose name or code holds the words, best first: exact code, then names that start so. */
export function searchAttendees(list: AttendeeList, query: string, limit = 20): Attendee[] {
  const words = query.trim().toLowerCase()
  if (!words) return []
  return list.attendees
    .filter((a) => a.code.toLowerCase().includes(words) || a.holder.toLowerCase().includes(words))
    .sort(
      (a, b) =>
        Number(b.code.toLowerCase() === words) - Number(a.code.toLowerCase() === words) ||
        Number(b.holder.toLowerCase().startsWith(words)) - Number(a.holder.toLowerCase().startsWith(words)) ||
        a.holder.localeCompare(b.holder),
    )
    .slice(0, limit)
}
