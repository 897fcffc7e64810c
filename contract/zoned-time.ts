/**
 * Wall-clock times in a given time zone, as `<input type="datetime-local">` gives and wants them
 * (`2026-12-24T18:30`), to and from ISO instants. An event in Nairobi starts at 18:30 Nairobi time
 * whichever zone the seller's phone is in.
 */

function offsetMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  )
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  )
  return asUtc - Math.floor(instant / 1000) * 1000
}

/** `2026-12-24T18:30` in `Africa/Nairobi` → `2026-12-24T15:30:00.000Z`; null when not a date and time. */
export function zonedToIso(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (!match) return null
  const [, y, mo, d, h, mi] = match.map(Number) as number[]
  const wall = Date.UTC(y as number, (mo as number) - 1, d, h, mi)
  // Twice: the offset at the first guess can differ from the offset at the answer across a DST change.
  let instant = wall - offsetMs(wall, timeZone)
  instant = wall - offsetMs(instant, timeZone)
  return new Date(instant).toISOString()
}

/** The inverse: an ISO instant as a datetime-local value in the zone. */
export function isoToZoned(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return ''
  const instant = Date.parse(iso)
  if (Number.isNaN(instant)) return ''
  return new Date(instant + offsetMs(instant, timeZone)).toISOString().slice(0, 16)
}

/** Zones the browser knows, for a select; a short list where Intl cannot say. */
export function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] }
  return (
    intl.supportedValuesOf?.('timeZone') ?? [
      'Africa/Nairobi',
      'Africa/Kampala',
      'Africa/Dar_es_Salaam',
      'Africa/Kigali',
      'Africa/Lagos',
      'Africa/Accra',
      'Africa/Johannesburg',
      'Europe/London',
      'America/New_York',
      'UTC',
    ]
  )
}
