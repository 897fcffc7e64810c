import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs, providerState } from '../../server/db/schema'
import {
  paybillRegistration,
  paybillStateKey,
  queuePaybillRegistration,
  storedPaybill,
} from '../../server/jobs/paybill.job'
import { createJobRunner } from '../../server/jobs/runner'
import { createLogger } from '../../server/lib/log'
import { createGateway } from '../../server/payments/gateway'
import type { Fetch } from '../../server/payments/payments'
import type { AppServices } from '../../server/services'
import { type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'
import { databaseKinds } from '../support/db'
import { testClock } from '../support/jobs'
import { submitForm } from '../support/sandbox-server'

/**
 * M-Pesa (the app's sandbox) as Soko reaches it, with every C2B registration counted; the first `refuse`
 * of them are answered as Daraja answers when it is down (503), without reaching the sandbox.
 */
function countingMpesa(refuse = 0) {
  const registrations: string[] = []
  let refusals = refuse
  const counted: Fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.pathname.endsWith('/registerurl')) {
      registrations.push(url.pathname)
      if (refusals > 0) {
        refusals--
        return Response.json(
          { requestId: 'down', errorCode: '503.001.01', errorMessage: 'Service Unavailable' },
          { status: 503 },
        )
      }
    }
    return fetch(input, init)
  }
  return { registrations, fetch: counted }
}

/** The app's services with a gateway whose M-Pesa calls go through `fetch`. */
const through = (app: RunningApp, fetch: Fetch): AppServices => ({
  ...app.services,
  gateway: createGateway(app.config, { fetch }),
})

const silent = createLogger('silent')
const registrationJobs = (app: RunningApp) =>
  app.database.db.select().from(jobs).where(eq(jobs.name, 'mpesa.register-paybill'))

describe.each(databaseKinds)('the Paybill registration with M-Pesa, on %s', (kind) => {
  let app: RunningApp
  beforeAll(async () => {
    app = await startApp(kind)
  })
  afterAll(async () => {
    await app?.close()
  })

  it('an STK prompt registers nothing; a refused registration is retried by the job runner, then stored once', async () => {
    const mpesa = countingMpesa(1)
    const deps = through(app, mpesa.fetch)
    const started = await deps.gateway.providers.mpesa.startCharge({
      id: randomUUID(),
      reference: 'SKPAYBILL1',
      amount: { amount: 750_00, currency: 'KES' },
      description: 'Paybill test',
      email: 'buyer@example.com',
      phone: '254712345678',
      expiresAt: new Date(Date.now() + 40 * 60_000),
    })
    expect(started.next.kind).toBe('mpesa')
    expect(mpesa.registrations).toEqual([])

    // A moment ahead of the server's clock, which times the jobs queued.
    const clock = testClock(new Date(Date.now() + 1000).toISOString())
    const runner = createJobRunner({
      db: app.database.db,
      log: silent,
      definitions: [paybillRegistration(deps)],
      now: clock.now,
    })
    try {
      expect(await queuePaybillRegistration(deps)).toEqual(expect.any(String))
      // M-Pesa is down: the attempt fails, nothing is stored, and the job waits for its retry.
      expect(await runner.runDue()).toBe(1)
      expect(mpesa.registrations).toHaveLength(1)
      expect(await storedPaybill(deps)).toBeNull()
      expect(await registrationJobs(app)).toEqual([
        expect.objectContaining({ status: 'queued', attempts: 1, lastError: expect.stringContaining('503') }),
      ])
      expect(await runner.runDue()).toBe(0)
      // An invoice sent meanwhile queues nothing more: the registration is already waiting.
      expect(await queuePaybillRegistration(deps)).toBeNull()
      expect(await registrationJobs(app)).toHaveLength(1)

      clock.advance(30_000)
      expect(await runner.runDue()).toBe(1)
      expect(mpesa.registrations).toHaveLength(2)
      expect(await storedPaybill(deps)).toEqual({
        shortCode: app.config.payments.mpesa.shortCode,
        confirmationUrl: deps.gateway.urls.c2bConfirmation,
        validationUrl: deps.gateway.urls.c2bValidation,
        registeredAt: expect.any(String),
      })
      expect(await registrationJobs(app)).toEqual([expect.objectContaining({ status: 'done', attempts: 2 })])
      // Stored: a start or an invoice later queues nothing, and M-Pesa is not asked again.
      expect(await queuePaybillRegistration(deps)).toBeNull()
      clock.advance(3_600_000)
      expect(await runner.runDue()).toBe(0)
      expect(mpesa.registrations).toHaveLength(2)
    } finally {
      await runner.stop()
    }
    // M-Pesa now confirms a Paybill payment to Soko (the sandbox refuses a number with no addresses).
    const paid = await submitForm(`${app.url}/sandbox/mpesa/phone/paybill`, {
      number: '0712345678',
      business: deps.gateway.paybillNumber,
      account: 'SKPAYBILL1',
      amount: '750',
      pin: '1234',
    })
    expect(paid.status).toBe(303)
    await app.sandboxesIdle()
  })

  it('a stored registration naming other addresses (another PUBLIC_URL) is made again', async () => {
    const mpesa = countingMpesa()
    const deps = through(app, mpesa.fetch)
    const key = paybillStateKey(app.config.payments.mpesa.shortCode)
    const old = {
      shortCode: app.config.payments.mpesa.shortCode,
      confirmationUrl: 'https://old.soko.example/hooks/paybill/confirm/x',
      validationUrl: 'https://old.soko.example/hooks/paybill/validate/x',
      registeredAt: '2026-01-05T09:00:00.000Z',
    }
    await app.database.db
      .insert(providerState)
      .values({ key, value: old })
      .onConflictDoUpdate({ target: providerState.key, set: { value: old } })
    expect(await queuePaybillRegistration(deps)).toEqual(expect.any(String))
    const runner = createJobRunner({
      db: app.database.db,
      log: silent,
      definitions: [paybillRegistration(deps)],
    })
    try {
      expect(await runner.runDue()).toBe(1)
    } finally {
      await runner.stop()
    }
    expect(mpesa.registrations).toHaveLength(1)
    expect(await storedPaybill(deps)).toMatchObject({ confirmationUrl: deps.gateway.urls.c2bConfirmation })
  })
})

/** Two instances behind one PUBLIC_URL, each with its own pool and job runner, on one PostgreSQL. */
describe.runIf(process.env.DATABASE_URL)('the Paybill registration of two instances', () => {
  it('is queued once when both start at once, and M-Pesa is asked once', async () => {
    const payments = { ...testConfig().payments, hooksSecret: `${'h'.repeat(16)}${randomUUID()}` }
    const a = await startApp('postgres', { payments })
    let b: RunningApp | null = null
    try {
      b = await startApp('postgres', { payments, publicUrl: a.url }, { sharing: a })
      const mpesa = countingMpesa()
      const instances = [a, b].map((app) => ({ app, deps: through(app, mpesa.fetch) }))
      expect(instances[1]?.deps.gateway.urls.c2bConfirmation).toBe(
        instances[0]?.deps.gateway.urls.c2bConfirmation,
      )
      const runners = instances.map(({ app, deps }) =>
        createJobRunner({ db: app.database.db, log: silent, definitions: [paybillRegistration(deps)] }),
      )
      try {
        const queued = await Promise.all(instances.map(({ deps }) => queuePaybillRegistration(deps)))
        expect(queued.filter((id) => id !== null)).toHaveLength(1)
        const ran = await Promise.all(runners.map((runner) => runner.runDue()))
        expect(ran.reduce((sum, n) => sum + n, 0)).toBe(1)
        expect(mpesa.registrations).toHaveLength(1)
        expect(await storedPaybill(instances[1]?.deps ?? a.services)).toMatchObject({
          confirmationUrl: a.services.gateway.urls.c2bConfirmation,
        })
        // Both started again: nothing queued, nothing asked.
        expect(await Promise.all(instances.map(({ deps }) => queuePaybillRegistration(deps)))).toEqual([
          null,
          null,
        ])
        expect(await Promise.all(runners.map((runner) => runner.runDue()))).toEqual([0, 0])
        expect(mpesa.registrations).toHaveLength(1)
      } finally {
        await Promise.all(runners.map((runner) => runner.stop()))
      }
    } finally {
      await b?.close()
      await a.close()
    }
  })
})
