/**
 * Zones with a whole-hour offset and no daylight saving, one per offset from UTC-11 to UTC+14: whatever
 * the time is, one of them is at any hour of the day. Tests about "on the schedule's day, after (or
 * before) 06:00 in the seller's zone" pick the zone where it is that hour now, instead of moving the clock.
 */
const ZONES = [
  'Pacific/Pago_Pago',
  'Pacific/Honolulu',
  'Pacific/Gambier',
  'Pacific/Pitcairn',
  'America/Phoenix',
  'America/Guatemala',
  'America/Bogota',
  'America/La_Paz',
  'America/Sao_Paulo',
  'America/Noronha',
  'Atlantic/Cape_Verde',
  'Africa/Abidjan',
  'Africa/Lagos',
  'Africa/Johannesburg',
  'Africa/Nairobi',
  'Asia/Dubai',
  'Asia/Tashkent',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Brisbane',
  'Pacific/Noumea',
  'Pacific/Tarawa',
  'Pacific/Tongatapu',
  'Pacific/Kiritimati',
] as const

/** The local date (YYYY-MM-DD), weekday (0 Sunday) and minutes since midnight of `at` in `timeZone`. */
export function localTime(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  )
  const date = `${parts.year}-${parts.month}-${parts.day}`
  return {
    date,
    weekday: new Date(`${date}T00:00:00Z`).getUTCDay(),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  }
}

/**
 * A zone where it is now between `from` and `to` (local "HH:MM"): the one closest to the middle of that
 * span, so a test has time before the span ends.
 */
export function zoneWhereItIs(from: string, to: string, now = new Date()): string {
  const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))
  const [start, end] = [minutesOf(from), minutesOf(to)]
  const middle = (start + end) / 2
  const inside = ZONES.map((zone) => ({ zone, minutes: localTime(now, zone).minutes }))
    .filter(({ minutes }) => minutes >= start && minutes < end)
    .sort((a, b) => Math.abs(a.minutes - middle) - Math.abs(b.minutes - middle))
  const found = inside[0]
  if (!found) throw new Error(`no zone is between ${from} and ${to} now (${now.toISOString()})`)
  return found.zone
}
