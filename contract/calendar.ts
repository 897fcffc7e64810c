/**
 * A booking or an event as calendars take it: an iCalendar file (RFC 5545) for mails and the "Add to
 * calendar" button, and a link that opens Google Calendar's "add event" page with it filled in. Times are
 * UTC instants, so every calendar shows them in its owner's zone. No dependencies: the server and the
 * browser both use it.
 */

export interface CalendarEvent {
  /** Stable across changes, so a moved booking updates the event already in the calendar. */
  uid: string
  /** Higher on each change: 0 when booked, then one more per move or the cancellation. */
  sequence: number
  start: string
  end: string
  title: string
  description: string
  /** An address, or the join link of an online session. */
  location: string
  url: string
  cancelled?: boolean
}

/** `2026-11-24T07:00:00.000Z` → `20261124T070000Z`. */
const stamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

/** Text as a property value: backslash, semicolon, comma and line breaks escaped. */
const text = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')

/** Lines longer than 75 octets folded onto continuation lines that start with a space. */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line)
  if (bytes.length <= 75) return line
  const decoder = new TextDecoder()
  const parts: string[] = []
  let start = 0
  while (start < bytes.length) {
    let end = Math.min(start + (start === 0 ? 75 : 74), bytes.length)
    // Never inside a UTF-8 sequence: back up to the start of a character.
    while (end < bytes.length && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--
    parts.push(decoder.decode(bytes.subarray(start, end)))
    start = end
  }
  return parts.join('\r\n ')
}

/** The event as an `.ics` file's text: one VEVENT, CRLF line ends. */
export function icsFile(event: CalendarEvent, now = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Soko//Bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${stamp(now.toISOString())}`,
    `DTSTART:${stamp(event.start)}`,
    `DTEND:${stamp(event.end)}`,
    `SUMMARY:${text(event.title)}`,
    `DESCRIPTION:${text(event.description)}`,
    `LOCATION:${text(event.location)}`,
    `URL:${event.url}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(fold).join('\r\n')}\r\n`
}

/** Google Calendar's page for adding the event, filled in. */
export function googleCalendarLink(event: CalendarEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${stamp(event.start)}/${stamp(event.end)}`,
    details: `${event.description}\n${event.url}`,
    location: event.location,
  })
  return `https://calendar.google.com/calendar/render?${params}`
}
