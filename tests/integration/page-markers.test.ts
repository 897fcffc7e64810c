import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uuidv7 } from '../../server/lib/uuid'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { sellerOf } from '../support/shop'

/**
 * Page markers (`cursor`) come back from the app as it gave them, or edited by anyone: one that is not as
 * the app makes them (an id that is no UUID, a moment that does not exist) is refused with 400, never
 * passed to the database to fail there with a 500.
 */
describe.each(databaseKinds)('page markers not made by the app, on %s', (kind) => {
  let app: RunningApp

  beforeAll(async () => {
    app = await startApp(kind)
  })
  afterAll(async () => {
    await app?.close()
  })

  it('are refused as not valid', async () => {
    const seller = await sellerOf(app, 'marker-seller')
    const notUuid = '------------------------------------'
    const noSuchMoment = '2026-13-45T99:99:99.999Z|0c0ffee0-0000-4000-8000-000000000000'
    for (const [subject, cursor] of [
      ['listPurchases', notUuid],
      ['listSales', '0123456789abcdef0123456789abcdef0123'],
      ['listInvoices', `2026-01-01T00:00:00.000Z|${notUuid}`],
      ['listInvoices', noSuchMoment],
      ['listPayouts', `2026-01-01T00:00:00.000Z|${notUuid}`],
      ['listPayouts', noSuchMoment],
    ] as const) {
      const answer = await app.call(subject, { cursor }, seller.token)
      expect(answer.status, `${subject} ${cursor}`).toBe(400)
      expect(answer.body.message).toBe('That page marker is not valid')
    }
    // Markers shaped as the app makes them still page.
    const made = `${new Date().toISOString()}|${uuidv7()}`
    for (const [subject, cursor] of [
      ['listPurchases', uuidv7()],
      ['listInvoices', made],
      ['listPayouts', made],
    ] as const)
      expect((await app.call(subject, { cursor }, seller.token)).status, subject).toBe(200)
  })
})
