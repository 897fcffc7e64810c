import { describe, expect, it } from 'vitest'
import { defineRecurringJob } from '../../../server/jobs/define'
import { checkSchedule, nextOccurrence } from '../../../server/jobs/schedule'

const next = (after: string, dailyAt: string, timeZone: string) =>
  nextOccurrence({ dailyAt, timeZone }, new Date(after)).toISOString()

describe('nextOccurrence', () => {
  it('adds the interval to the time given', () => {
    expect(nextOccurrence({ everyMs: 30_000 }, new Date('2026-05-01T10:00:00Z')).toISOString()).toBe(
      '2026-05-01T10:00:30.000Z',
    )
  })

  it('finds 06:00 in Nairobi (UTC+3 all year) today while it is still to come, else tomorrow', () => {
    expect(next('2026-03-10T02:59:59Z', '06:00', 'Africa/Nairobi')).toBe('2026-03-10T03:00:00.000Z')
    // Exactly 06:00 has come: the next is tomorrow's, so a run that ends at once does not run again.
    expect(next('2026-03-10T03:00:00Z', '06:00', 'Africa/Nairobi')).toBe('2026-03-11T03:00:00.000Z')
    // 23:30 in Nairobi is still the 10th there, though it is 20:30 UTC.
    expect(next('2026-03-10T20:30:00Z', '06:00', 'Africa/Nairobi')).toBe('2026-03-11T03:00:00.000Z')
    // Past midnight in Nairobi, still the previous day in UTC: today's 06:00 is the Nairobi day's.
    expect(next('2026-03-10T21:30:00Z', '06:00', 'Africa/Nairobi')).toBe('2026-03-11T03:00:00.000Z')
    expect(next('2026-12-31T03:00:00Z', '06:00', 'Africa/Nairobi')).toBe('2027-01-01T03:00:00.000Z')
  })

  it('keeps 06:00 in London at 06:00 local across the change to summer time', () => {
    // Saturday 28 March 2026, 06:00 GMT; the clocks go forward at 01:00 UTC on Sunday 29 March.
    expect(next('2026-03-28T05:30:00Z', '06:00', 'Europe/London')).toBe('2026-03-28T06:00:00.000Z')
    expect(next('2026-03-28T06:00:00Z', '06:00', 'Europe/London')).toBe('2026-03-29T05:00:00.000Z')
    expect(next('2026-03-29T05:00:00Z', '06:00', 'Europe/London')).toBe('2026-03-30T05:00:00.000Z')
  })

  it('keeps 06:00 in London at 06:00 local across the change back to winter time', () => {
    // The clocks go back at 01:00 UTC on Sunday 25 October 2026.
    expect(next('2026-10-24T05:00:00Z', '06:00', 'Europe/London')).toBe('2026-10-25T06:00:00.000Z')
    expect(next('2026-10-25T06:00:00Z', '06:00', 'Europe/London')).toBe('2026-10-26T06:00:00.000Z')
  })

  it('runs a time the clocks skip that much later, and a time they repeat once', () => {
    // 01:30 does not exist in London on 29 March 2026 (01:00 → 02:00): it runs at 02:30 BST.
    expect(next('2026-03-28T23:00:00Z', '01:30', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z')
    // 01:30 happens twice on 25 October 2026 (BST, then GMT): it runs once, at the second, then on the 26th.
    expect(next('2026-10-24T23:30:00Z', '01:30', 'Europe/London')).toBe('2026-10-25T01:30:00.000Z')
    expect(next('2026-10-25T00:45:00Z', '01:30', 'Europe/London')).toBe('2026-10-25T01:30:00.000Z')
    expect(next('2026-10-25T01:30:00Z', '01:30', 'Europe/London')).toBe('2026-10-26T01:30:00.000Z')
  })

  it('refuses schedules that could never run, saying what to write', () => {
    expect(() => checkSchedule({ dailyAt: '6am', timeZone: 'Africa/Nairobi' })).toThrow(/HH:MM/)
    expect(() => checkSchedule({ dailyAt: '24:00', timeZone: 'Africa/Nairobi' })).toThrow(/HH:MM/)
    expect(() => checkSchedule({ dailyAt: '06:00', timeZone: 'Africa/Narobi' })).toThrow(/IANA/)
    expect(() => checkSchedule({ everyMs: 0 })).toThrow(/everyMs/)
    expect(() =>
      defineRecurringJob({
        name: 'x',
        schedule: { dailyAt: '06:00', timeZone: 'Mars/Olympus' },
        run: async () => {},
      }),
    ).toThrow(/IANA/)
  })
})
