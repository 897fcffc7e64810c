import { describe, expect, it } from 'vitest'
import { graceEnd, periodEnd, retryAt } from '../../../server/lib/membership-periods'

const at = (iso: string) => new Date(iso)
const iso = (date: Date | null) => date?.toISOString() ?? null

describe('a membership’s periods', () => {
  it('runs a month to the same day, falling back to a short month’s last day and returning after', () => {
    let start = at('2027-01-31T10:00:00.000Z')
    const ends: string[] = []
    for (let i = 0; i < 4; i++) {
      const end = periodEnd(start, 31, 'month')
      ends.push(end.toISOString())
      start = end
    }
    expect(ends).toEqual([
      '2027-02-28T10:00:00.000Z',
      '2027-03-31T10:00:00.000Z',
      '2027-04-30T10:00:00.000Z',
      '2027-05-31T10:00:00.000Z',
    ])
  })

  it('counts 29 February in a leap year, and the 30th through February', () => {
    expect(iso(periodEnd(at('2028-01-29T00:00:00Z'), 29, 'month'))).toBe('2028-02-29T00:00:00.000Z')
    expect(iso(periodEnd(at('2027-01-30T23:59:59Z'), 30, 'month'))).toBe('2027-02-28T23:59:59.000Z')
    expect(iso(periodEnd(at('2027-02-28T23:59:59Z'), 30, 'month'))).toBe('2027-03-30T23:59:59.000Z')
  })

  it('runs a year to the same day, 29 February to the 28th', () => {
    expect(iso(periodEnd(at('2028-02-29T12:00:00Z'), 29, 'year'))).toBe('2029-02-28T12:00:00.000Z')
    expect(iso(periodEnd(at('2026-12-31T23:30:00Z'), 31, 'year'))).toBe('2027-12-31T23:30:00.000Z')
  })

  it('is counted in UTC: a change of summer time moves no period', () => {
    // Europe's clocks go forward on 28 March 2027 at 01:00 UTC; Nairobi's never move.
    expect(iso(periodEnd(at('2027-03-28T00:30:00Z'), 28, 'month'))).toBe('2027-04-28T00:30:00.000Z')
    expect(iso(periodEnd(at('2027-10-31T00:30:00Z'), 31, 'month'))).toBe('2027-11-30T00:30:00.000Z')
  })

  it('retries a declined renewal 1, 3, 7 and 14 days after the period, then no more', () => {
    const end = at('2027-05-10T08:00:00Z')
    expect([1, 2, 3, 4, 5].map((failures) => iso(retryAt(end, failures)))).toEqual([
      '2027-05-11T08:00:00.000Z',
      '2027-05-13T08:00:00.000Z',
      '2027-05-17T08:00:00.000Z',
      '2027-05-24T08:00:00.000Z',
      null,
    ])
    expect(iso(graceEnd(end))).toBe('2027-05-24T08:00:00.000Z')
  })
})
