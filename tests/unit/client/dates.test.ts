import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatTime } from '../../../src/lib/dates'

// 23 November 2026, 15:00 UTC: 18:00 in Nairobi.
const AT = '2026-11-23T15:00:00Z'
const US = { locale: 'en-US' }
/** Newer ICU data puts a narrow no-break space before AM/PM: compared as a plain space. */
const plain = (text: string) => text.replace(/\s/g, ' ')

describe('dates, one way on every page', () => {
  it('shows a date as the short month, the day and the year', () => {
    expect(formatDate(AT, { ...US, timeZone: 'UTC' })).toBe('Nov 23, 2026')
    expect(formatDate(new Date(AT), { ...US, timeZone: 'UTC' })).toBe('Nov 23, 2026')
    expect(formatDate(Date.parse(AT), { ...US, timeZone: 'UTC' })).toBe('Nov 23, 2026')
  })

  it('puts the time after the date, and the weekday before it when asked', () => {
    expect(plain(formatDateTime(AT, { ...US, timeZone: 'Africa/Nairobi' }))).toBe('Nov 23, 2026, 6:00 PM')
    expect(formatDate(AT, { ...US, timeZone: 'Africa/Nairobi', weekday: true })).toBe('Mon, Nov 23, 2026')
    expect(plain(formatDateTime(AT, { ...US, timeZone: 'Africa/Nairobi', weekday: true }))).toBe(
      'Mon, Nov 23, 2026, 6:00 PM',
    )
    expect(plain(formatTime(AT, { ...US, timeZone: 'Africa/Nairobi' }))).toBe('6:00 PM')
  })

  it('shows the day in the zone it is given: late in Nairobi is the next day there', () => {
    const late = '2026-11-23T22:30:00Z'
    expect(formatDate(late, { ...US, timeZone: 'UTC' })).toBe('Nov 23, 2026')
    expect(formatDate(late, { ...US, timeZone: 'Africa/Nairobi' })).toBe('Nov 24, 2026')
  })

  it('orders the parts as the reader’s language does, never as numbers only', () => {
    expect(formatDate(AT, { locale: 'en-GB', timeZone: 'UTC' })).toBe('23 Nov 2026')
    expect(formatDate(AT, { timeZone: 'UTC' })).toBe(
      new Intl.DateTimeFormat(undefined, {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(AT)),
    )
    expect(formatDate(AT, US)).not.toMatch(/\d+\/\d+\/\d+/)
  })

  it('shows nothing for a date that is not one, rather than breaking the page', () => {
    expect(formatDate('not a date')).toBe('')
    expect(formatDateTime(Number.NaN)).toBe('')
  })
})
