import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { submitSandboxCard } from '../support/sandbox-card'
import { eventOnSale, personOf, sellerOf } from '../support/shop'

type Answer = Awaited<ReturnType<RunningApp['call']>>
interface Result {
  id: string
  result: string
  holder: string | null
  first: { at: string; door: string } | null
}
interface Attendee {
  code: string
  checkIns: { at: string; door: string }[]
}
// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered
const data = (answer: Answer) => answer.body.data as Record<string, any>

/**
 * One ticket, one valid check-in, whatever the doors' clocks say and however many doors sync at once: the
 * first check-in to reach the database lets the person in, every other is a duplicate naming it. A scan's
 * id belongs to the one ticket it was first stored for.
 */
describe.each(databaseKinds)('one valid check-in per ticket on %s', (kind) => {
  let app: RunningApp
  let seller: { id: string; token: string }
  let eventId: string
  const codes: string[] = []

  const sync = (
    checkIns: { id: string; code: string; at: string }[],
    door: string,
    via: RunningApp = app,
  ): Promise<Result[]> =>
    via
      .call('syncCheckIns', { eventId, deviceId: `device-${door}`, door, checkIns }, seller.token)
      .then((answer) => {
        expect(answer.status).toBe(200)
        return data(answer).results as Result[]
      })
  const attendee = async (code: string): Promise<Attendee> => {
    const list = data(await app.call('listAttendees', { eventId }, seller.token))
    const found = (list.attendees as Attendee[]).find((a) => a.code === code)
    if (!found) throw new Error(`no ticket ${code}`)
    return found
  }
  const nextCode = () => {
    const code = codes.shift()
    if (!code) throw new Error('out of tickets')
    return code
  }
  const minute = (m: number) => new Date(Date.UTC(2026, 11, 24, 16, m)).toISOString()

  beforeAll(async () => {
    app = await startApp(kind)
    seller = await sellerOf(app, 'atieno')
    eventId = await eventOnSale(app, seller.id, 'Kisumu Lakeside Gig', { amount: 300_00, currency: 'KES' })
    const buyer = await personOf(app, 'odhiambo@example.com', { name: 'Odhiambo Otieno' })
    const started = await app.call(
      'startCheckout',
      { productId: eventId, method: 'card', quantity: 8 },
      buyer.token,
    )
    expect(started.status).toBe(200)
    expect((await submitSandboxCard(data(started).next.url, '4242 4242 4242 4242')).status).toBe(303)
    await app.sandboxesIdle()
    const list = data(await app.call('listAttendees', { eventId }, seller.token))
    codes.push(...(list.attendees as Attendee[]).map((a) => a.code))
    expect(codes).toHaveLength(8)
  })
  afterAll(async () => {
    await app?.close()
  })

  it('keeps the first check-in to arrive valid when another door syncs an earlier scan of the ticket', async () => {
    const code = nextCode()
    const gate = { id: randomUUID(), code, at: minute(10) }
    expect(await sync([gate], 'Gate A')).toEqual([
      { id: gate.id, result: 'valid', holder: 'Odhiambo Otieno', first: null },
    ])
    // Gate B was offline; its phone's clock says it scanned the ticket two minutes before gate A did.
    const earlier = { id: randomUUID(), code, at: minute(8) }
    expect(await sync([earlier], 'Gate B')).toEqual([
      {
        id: earlier.id,
        result: 'duplicate',
        holder: 'Odhiambo Otieno',
        first: { at: minute(10), door: 'Gate A' },
      },
    ])
    // The attendee list: gate A's check-in first (it let them in), gate B's after it as the duplicate.
    expect((await attendee(code)).checkIns).toEqual([
      { at: minute(10), door: 'Gate A' },
      { at: minute(8), door: 'Gate B' },
    ])
    // Gate A syncing its scan again still hears valid; gate B still hears duplicate.
    expect((await sync([gate], 'Gate A'))[0]?.result).toBe('valid')
    expect((await sync([earlier], 'Gate B'))[0]).toMatchObject({
      result: 'duplicate',
      first: { door: 'Gate A' },
    })
  })

  it('answers valid to exactly one of ten doors syncing the same ticket at once', async () => {
    const other = kind === 'postgres' ? await startApp(kind, {}, { sharing: app }) : null
    try {
      for (const code of [nextCode(), nextCode(), nextCode()]) {
        // Each door's clock a minute behind the one before: by scan time the last to arrive would win.
        const scans = Array.from({ length: 10 }, (_, i) => ({
          door: `Door ${i + 1}`,
          scan: { id: randomUUID(), code, at: minute(50 - i) },
        }))
        const answers = await Promise.all(
          scans.map(({ door, scan }, i) => sync([scan], door, other && i % 2 ? other : app)),
        )
        const results = answers.map(([result]) => result)
        const valid = results.filter((r) => r?.result === 'valid')
        expect(valid).toHaveLength(1)
        const winner = scans.find(({ scan }) => scan.id === valid[0]?.id)
        if (!winner) throw new Error('the valid answer is for no scan sent')
        const first = { at: winner.scan.at, door: winner.door }
        expect(results.filter((r) => r?.result === 'duplicate').map((r) => r?.first)).toEqual(
          Array.from({ length: 9 }, () => first),
        )
        const checkIns = (await attendee(code)).checkIns
        expect(checkIns).toHaveLength(10)
        expect(checkIns[0]).toEqual(first)
      }
      const list = data(await app.call('listAttendees', { eventId }, seller.token))
      expect(list.types[0].checkedIn).toBe(4)
    } finally {
      await other?.close()
    }
  })

  it('never answers valid to a scan id reused for another ticket, and keeps the one stored', async () => {
    const [mine, another] = [nextCode(), nextCode()]
    const scan = { id: randomUUID(), code: mine, at: minute(20) }
    expect((await sync([scan], 'Gate A'))[0]?.result).toBe('valid')
    // The same id with another ticket's code: refused for that scan, nothing stored for either ticket.
    const reused = await sync([{ ...scan, code: another, at: minute(21) }], 'Gate B')
    expect(reused).toEqual([{ id: scan.id, result: 'id-reused', holder: 'Odhiambo Otieno', first: null }])
    expect((await attendee(another)).checkIns).toEqual([])
    expect((await attendee(mine)).checkIns).toEqual([{ at: minute(20), door: 'Gate A' }])
    // The same scan replayed gets what it got before, valid or duplicate.
    expect(await sync([scan], 'Gate A')).toEqual([
      { id: scan.id, result: 'valid', holder: 'Odhiambo Otieno', first: null },
    ])
    const again = { id: randomUUID(), code: mine, at: minute(22) }
    const duplicate = await sync([again], 'Gate B')
    expect(duplicate[0]).toMatchObject({ result: 'duplicate', first: { at: minute(20), door: 'Gate A' } })
    expect(await sync([again], 'Gate B')).toEqual(duplicate)
    // Now that another ticket has its own check-in, the reused id is still refused, not a duplicate of it.
    expect((await sync([{ id: randomUUID(), code: another, at: minute(23) }], 'Gate C'))[0]?.result).toBe(
      'valid',
    )
    expect((await sync([{ ...scan, code: another }], 'Gate B'))[0]?.result).toBe('id-reused')
    expect((await attendee(mine)).checkIns.map((c) => c.door)).toEqual(['Gate A', 'Gate B'])
  })
})
