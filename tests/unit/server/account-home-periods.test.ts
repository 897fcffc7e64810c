import { describe, expect, it } from 'vitest'
import { homePeriods, knownZone } from '../../../server/features/account-home/periods'

const iso = (d: Date) => d.toISOString()

describe('the account home’s days, in the seller’s zone', () => {
  it('starts today at midnight in Nairobi, and compares the 1st of this month with the 1st of the last', () => {
    const p = homePeriods(new Date('2026-03-01T00:15:00+03:00'), 'Africa/Nairobi')
    expect(p.today).toBe('2026-03-01')
    expect(iso(p.todayStart)).toBe('2026-02-28T21:00:00.000Z')
    expect(iso(p.tomorrowStart)).toBe('2026-03-01T21:00:00.000Z')
    expect(iso(p.monthStart)).toBe('2026-02-28T21:00:00.000Z')
    expect(iso(p.lastMonthStart)).toBe('2026-01-31T21:00:00.000Z')
    expect(iso(p.lastMonthEnd)).toBe('2026-02-01T21:00:00.000Z')
    expect(p.weekLast).toBe('2026-03-07')
    expect(iso(p.weekEnd)).toBe('2026-03-07T21:00:00.000Z')
  })

  it('compares the 31st with all of a shorter last month, leap years too', () => {
    const march = homePeriods(new Date('2026-03-31T23:30:00+03:00'), 'Africa/Nairobi')
    expect(iso(march.lastMonthEnd)).toBe('2026-02-28T21:00:00.000Z')
    const leap = homePeriods(new Date('2028-03-30T12:00:00+03:00'), 'Africa/Nairobi')
    expect(iso(leap.lastMonthEnd)).toBe('2028-02-29T21:00:00.000Z')
    const may = homePeriods(new Date('2026-05-31T12:00:00+03:00'), 'Africa/Nairobi')
    // April has 30 days: all of it.
    expect(iso(may.lastMonthEnd)).toBe('2026-04-30T21:00:00.000Z')
  })

  it('compares January with December across the year', () => {
    const p = homePeriods(new Date('2027-01-15T12:00:00+03:00'), 'Africa/Nairobi')
    expect(iso(p.monthStart)).toBe('2026-12-31T21:00:00.000Z')
    expect(iso(p.lastMonthStart)).toBe('2026-11-30T21:00:00.000Z')
    expect(iso(p.lastMonthEnd)).toBe('2026-12-15T21:00:00.000Z')
  })

  it('keeps a day whole across a clock change (New York, 8 March 2026) and west of UTC', () => {
    const p = homePeriods(new Date('2026-03-08T12:00:00-04:00'), 'America/New_York')
    expect(iso(p.todayStart)).toBe('2026-03-08T05:00:00.000Z')
    expect(iso(p.tomorrowStart)).toBe('2026-03-09T04:00:00.000Z')
    expect(iso(p.monthStart)).toBe('2026-03-01T05:00:00.000Z')
    // 23:30 in Honolulu is the next morning in UTC: still that day there.
    const late = homePeriods(new Date('2026-02-28T23:30:00-10:00'), 'Pacific/Honolulu')
    expect(late.today).toBe('2026-02-28')
    expect(iso(late.monthStart)).toBe('2026-02-01T10:00:00.000Z')
  })

  it('falls back to Nairobi for a zone the runtime does not know', () => {
    expect(knownZone('Pacific/Honolulu')).toBe('Pacific/Honolulu')
    expect(knownZone('Not/A_Zone')).toBe('Africa/Nairobi')
  })
})
