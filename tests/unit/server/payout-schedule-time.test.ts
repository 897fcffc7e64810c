import { describe, expect, it } from 'vitest'
import { dueRun, nextRun, type RunDays, standardRun } from '../../../server/features/payouts/schedule-time'
import { runWords } from '../../../server/features/payouts/words'

const weekly = (weekday: number): RunDays => ({ frequency: 'weekly', weekday, monthDay: null })
const daily: RunDays = { frequency: 'daily', weekday: null, monthDay: null }
const monthly = (monthDay: number): RunDays => ({ frequency: 'monthly', weekday: null, monthDay })
const at = (iso: string) => new Date(iso)

describe('scheduled payout runs', () => {
  it('a weekly schedule saved on its day after 06:00 runs next week, and the run that passed is never due', () => {
    // Friday 27 November 2026, 12:46 in Nairobi (UTC+3): "Every week · Friday" is saved.
    const saved = at('2026-11-27T09:46:00Z')
    expect(nextRun(weekly(5), 'Africa/Nairobi', saved)?.toISOString()).toBe('2026-12-04T03:00:00.000Z')
    // That morning's 06:00 run had passed when the schedule was saved: not due at 12:47, nor later that day.
    for (const now of ['2026-11-27T09:47:00Z', '2026-11-27T20:59:00Z', '2026-11-28T02:59:00Z'])
      expect(dueRun(weekly(5), 'Africa/Nairobi', at(now), saved)).toBeNull()
    // The next Friday's run is.
    expect(dueRun(weekly(5), 'Africa/Nairobi', at('2026-12-04T03:00:30Z'), saved)).toEqual({
      at: at('2026-12-04T03:00:00Z'),
      key: '2026-12-04',
    })
  })

  it('a schedule saved on its day before 06:00 runs at 06:00 that day, not before', () => {
    const saved = at('2026-11-27T01:30:00Z') // 04:30 in Nairobi
    expect(nextRun(weekly(5), 'Africa/Nairobi', saved)?.toISOString()).toBe('2026-11-27T03:00:00.000Z')
    expect(dueRun(weekly(5), 'Africa/Nairobi', at('2026-11-27T02:59:59Z'), saved)).toBeNull()
    expect(dueRun(weekly(5), 'Africa/Nairobi', at('2026-11-27T03:00:00Z'), saved)?.key).toBe('2026-11-27')
  })

  it('an edit after a run pays nothing until the next run; a server down at 06:00 still pays later that day', () => {
    const edited = at('2026-11-27T05:00:00Z') // 08:00 Friday in Nairobi, after the run
    expect(dueRun(daily, 'Africa/Nairobi', at('2026-11-27T05:00:30Z'), edited)).toBeNull()
    expect(dueRun(daily, 'Africa/Nairobi', at('2026-11-28T03:00:30Z'), edited)?.key).toBe('2026-11-28')
    // Saved the day before: a sweep that first runs at 14:00 pays the morning's run.
    const before = at('2026-11-26T12:00:00Z')
    expect(dueRun(daily, 'Africa/Nairobi', at('2026-11-27T11:00:00Z'), before)?.key).toBe('2026-11-27')
  })

  it('keeps to 06:00 local across a change of daylight saving time', () => {
    // London moves to BST (UTC+1) at 01:00 UTC on Sunday 28 March 2027: 06:00 is 05:00 UTC that day.
    const saved = at('2027-03-26T12:00:00Z')
    expect(nextRun(weekly(0), 'Europe/London', saved)?.toISOString()).toBe('2027-03-28T05:00:00.000Z')
    expect(dueRun(weekly(0), 'Europe/London', at('2027-03-28T04:30:00Z'), saved)).toBeNull()
    expect(dueRun(weekly(0), 'Europe/London', at('2027-03-28T05:00:10Z'), saved)?.key).toBe('2027-03-28')
    // And back to GMT on Sunday 31 October 2027: 06:00 is 06:00 UTC.
    expect(nextRun(weekly(0), 'Europe/London', at('2027-10-30T12:00:00Z'))?.toISOString()).toBe(
      '2027-10-31T06:00:00.000Z',
    )
  })

  it('a monthly run on the 28th falls in February too, and at month ends', () => {
    const saved = at('2027-01-28T05:00:00Z') // after the January run
    expect(nextRun(monthly(28), 'Africa/Nairobi', saved)?.toISOString()).toBe('2027-02-28T03:00:00.000Z')
    expect(dueRun(monthly(28), 'Africa/Nairobi', at('2027-01-28T06:00:00Z'), saved)).toBeNull()
    expect(dueRun(monthly(28), 'Africa/Nairobi', at('2027-02-28T03:00:01Z'), saved)?.key).toBe('2027-02-28')
  })

  it('a manual schedule never runs', () => {
    const manual: RunDays = { frequency: 'manual', weekday: null, monthDay: null }
    expect(nextRun(manual, 'Africa/Nairobi', at('2026-11-27T09:46:00Z'))).toBeNull()
    expect(
      dueRun(manual, 'Africa/Nairobi', at('2026-11-27T09:46:00Z'), at('2026-01-01T00:00:00Z')),
    ).toBeNull()
  })

  it('a standard payout goes at the schedule’s next run, or without one at the next 06:00', () => {
    const now = at('2026-11-27T09:46:00Z') // Friday, 12:46 in Nairobi
    expect(standardRun(weekly(1), 'Africa/Nairobi', now).toISOString()).toBe('2026-11-30T03:00:00.000Z')
    const manual: RunDays = { frequency: 'manual', weekday: null, monthDay: null }
    for (const none of [manual, undefined])
      expect(standardRun(none, 'Africa/Nairobi', now).toISOString()).toBe('2026-11-28T03:00:00.000Z')
  })
})

describe('a run in words', () => {
  it('names the weekday, the date and 06:00 in the seller’s zone, wherever the server is', () => {
    expect(runWords(at('2026-12-04T03:00:00Z'), 'Africa/Nairobi')).toBe('Friday 4 December, 06:00')
    // The same instant is still Thursday evening in New York.
    expect(runWords(at('2026-12-04T03:00:00Z'), 'America/New_York')).toBe('Thursday 3 December, 22:00')
    expect(runWords(at('2027-03-28T05:00:00Z'), 'Europe/London')).toBe('Sunday 28 March, 06:00')
  })
})
