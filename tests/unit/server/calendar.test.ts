import { describe, expect, it } from 'vitest'
import { googleCalendarLink, icsFile } from '../../../contract/calendar'
import { slotText } from '../../../server/lib/when'

const event = {
  uid: '0190f000-0000-7000-8000-000000000001@soko',
  sequence: 2,
  start: '2027-03-29T06:00:00.000Z',
  end: '2027-03-29T07:00:00.000Z',
  title: 'Portfolio review, with notes; and more',
  description: 'Booking SKAB12CD34 on Soko.\nMove or cancel it from your order page.',
  location: 'Soko Loft, 3rd floor, Mpaka Road, Westlands, Nairobi — ring the bell marked “Wanjiru Studio”',
  url: 'https://soko.example/sucess-payment?order=x&key=y',
}

describe('a booking in calendars', () => {
  it('writes an iCalendar event: UTC times, escaped text, folded lines, CRLF', () => {
    const ics = icsFile(event, new Date('2027-03-01T10:00:00Z'))
    const lines = ics.split('\r\n')
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Soko//Bookings//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
    ])
    expect(lines).toContain('DTSTART:20270329T060000Z')
    expect(lines).toContain('DTEND:20270329T070000Z')
    expect(lines).toContain('DTSTAMP:20270301T100000Z')
    expect(lines).toContain('SEQUENCE:2')
    expect(lines).toContain('SUMMARY:Portfolio review\\, with notes\\; and more')
    // No line is longer than 75 octets; a folded one goes on after a space, whole characters only.
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    const unfolded = ics.replace(/\r\n /g, '')
    expect(unfolded).toContain(
      'LOCATION:Soko Loft\\, 3rd floor\\, Mpaka Road\\, Westlands\\, Nairobi — ring the bell marked “Wanjiru Studio”',
    )
    expect(unfolded).toContain(
      'DESCRIPTION:Booking SKAB12CD34 on Soko.\\nMove or cancel it from your order page.',
    )
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true)
    const cancelled = icsFile({ ...event, cancelled: true })
    expect(cancelled).toContain('METHOD:CANCEL')
    expect(cancelled).toContain('STATUS:CANCELLED')
  })

  it('links to Google Calendar with the event filled in', () => {
    const url = new URL(googleCalendarLink(event))
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render')
    expect(url.searchParams.get('action')).toBe('TEMPLATE')
    expect(url.searchParams.get('dates')).toBe('20270329T060000Z/20270329T070000Z')
    expect(url.searchParams.get('text')).toBe(event.title)
    expect(url.searchParams.get('location')).toBe(event.location)
  })

  it('writes a booked time in the reader’s zone, across a clock change', () => {
    // 06:00 UTC on the first day of British Summer Time: 07:00 in London, 09:00 in Nairobi.
    expect(slotText(event, 'Europe/London')).toBe('Mon 29 Mar, 07:00–08:00 BST')
    expect(slotText(event, 'Africa/Nairobi')).toBe('Mon 29 Mar, 09:00–10:00 GMT+3')
    expect(
      slotText({ start: '2027-03-27T06:00:00.000Z', end: '2027-03-27T07:00:00.000Z' }, 'Europe/London'),
    ).toBe('Sat 27 Mar, 06:00–07:00 GMT')
  })
})
