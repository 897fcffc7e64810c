import { afterEach, describe, expect, it, vi } from 'vitest'
import { clock } from '../../../server/lib/clock'

/** A database whose clock is `aheadMs` ahead of this machine's, answering after `roundTripMs`. */
function databaseAhead(aheadMs: number, roundTripMs = 0) {
  return {
    async execute() {
      vi.advanceTimersByTime(roundTripMs / 2)
      const ms = Date.now() + aheadMs
      vi.advanceTimersByTime(roundTripMs / 2)
      return { rows: [{ ms }] }
    },
  }
}

describe("Soko's clock kept to the database's", () => {
  afterEach(async () => {
    await clock.syncWith(databaseAhead(0))
    vi.useRealTimers()
  })

  it('corrects by how far the database is ahead or behind, and counts less than a second as agreeing', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T12:00:00Z'), toFake: ['Date'] })
    expect(await clock.syncWith(databaseAhead(600_000, 20))).toBe(600_000)
    expect(clock.now().toISOString()).toBe('2026-11-27T12:10:00.020Z')
    expect(await clock.syncWith(databaseAhead(-600_000))).toBe(-600_000)
    expect(await clock.syncWith(databaseAhead(900))).toBe(0)
    expect(clock.now().getTime()).toBe(Date.now())
  })

  it('does not follow a change smaller than the round trip that measured it', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T12:00:00Z'), toFake: ['Date'] })
    await clock.syncWith(databaseAhead(-600_000, 4))
    // Measured again in a slow round trip that puts it 40 ms elsewhere: noise, kept as it was.
    expect(await clock.syncWith(databaseAhead(-599_960, 200))).toBe(-600_000)
    // A quick one that says the same: a real change.
    expect(await clock.syncWith(databaseAhead(-599_960, 4))).toBe(-599_960)
  })
})
