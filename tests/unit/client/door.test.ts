import { describe, expect, it } from 'vitest'
import type { AttendeeList } from '../../../contract/tickets.contract'
import { counters, letInTwice, searchAttendees, verdictFor } from '../../../src/features/tickets/door'

const attendee = (code: string, holder: string, more: Partial<AttendeeList['attendees'][number]> = {}) => ({
  code,
  holder,
  ticketTypeId: 't1',
  ticketType: 'Regular',
  buyerEmail: 'buyer@example.com',
  reference: code.split('-')[0] ?? code,
  status: 'valid' as const,
  checkIns: [],
  ...more,
})

const list: AttendeeList = {
  event: {
    id: 'e',
    title: 'Poetry',
    startsAt: '2026-12-24T16:00:00Z',
    endsAt: null,
    timeZone: 'Africa/Nairobi',
    where: 'Loft',
  },
  types: [{ id: 't1', name: 'Regular', capacity: 50, sold: 3, checkedIn: 1 }],
  attendees: [
    attendee('SKA-01', 'Nyokabi Wairimu'),
    attendee('SKA-02', 'Juma Hamisi', { checkIns: [{ at: '2026-12-24T16:05:00.000Z', door: 'Side gate' }] }),
    attendee('SKB-01', 'Wanjiku Maina', { status: 'refunded' }),
  ],
  at: '2026-12-24T15:00:00.000Z',
}

describe('the door', () => {
  it('says valid, already checked in (where Soko has it first), refunded, or not for this event', () => {
    expect(verdictFor(list, [], ' ska-01 ')).toMatchObject({
      kind: 'valid',
      attendee: { holder: 'Nyokabi Wairimu' },
    })
    expect(verdictFor(list, [], 'SKA-02')).toMatchObject({
      kind: 'duplicate',
      first: { at: '2026-12-24T16:05:00.000Z', door: 'Side gate' },
    })
    // This phone's own check-in, earlier by its clock, does not beat the one Soko already has.
    const here = { id: '1', code: 'SKA-02', at: '2026-12-24T16:01:00.000Z', door: 'Main door' }
    expect(verdictFor(list, [here], 'SKA-02')).toMatchObject({ first: { door: 'Side gate' } })
    // Soko has none yet: this phone's own is the one that let them in.
    expect(verdictFor(list, [{ ...here, code: 'SKA-01' }], 'SKA-01')).toMatchObject({
      kind: 'duplicate',
      first: { door: 'Main door' },
    })
    expect(verdictFor(list, [], 'SKB-01').kind).toBe('refunded')
    expect(verdictFor(list, [], 'SKZ-99')).toEqual({ kind: 'unknown', code: 'SKZ-99' })
  })

  it('counts checked in over sold, with this phone’s waiting check-ins, refunded tickets left out', () => {
    const waiting = [{ id: '1', code: 'SKA-01', at: '2026-12-24T16:10:00.000Z', door: 'Main door' }]
    expect(counters(list, [])).toMatchObject({ checkedIn: 1, sold: 2 })
    expect(counters(list, waiting)).toMatchObject({ checkedIn: 2, sold: 2, types: [{ checkedIn: 2 }] })
    expect(counters(list, [{ ...waiting[0], code: 'SKB-01' } as never]).checkedIn).toBe(1)
  })

  it('lists the tickets let in twice: the valid check-in, then the duplicates', () => {
    expect(letInTwice(list)).toEqual([])
    const side = { at: '2026-12-24T16:05:00.000Z', door: 'Side gate' }
    const main = { at: '2026-12-24T16:01:00.000Z', door: 'Main door' }
    const twice = { ...list, attendees: [attendee('SKA-02', 'Juma Hamisi', { checkIns: [side, main] })] }
    expect(letInTwice(twice)).toEqual([
      { attendee: expect.objectContaining({ code: 'SKA-02' }), first: side, again: [main] },
    ])
  })

  it('finds tickets by code or name, the exact code first', () => {
    expect(searchAttendees(list, 'ju').map((a) => a.code)).toEqual(['SKA-02'])
    // Neither is the exact code: by name.
    expect(searchAttendees(list, 'ska-0').map((a) => a.code)).toEqual(['SKA-02', 'SKA-01'])
    expect(searchAttendees(list, 'SKA-01')[0]?.code).toBe('SKA-01')
    expect(searchAttendees(list, '  ')).toEqual([])
  })
})
