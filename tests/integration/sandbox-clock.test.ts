import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineJob } from '../../server/jobs/define'
import { createJobRunner } from '../../server/jobs/runner'
import { enqueue } from '../../server/jobs/store'
import { clock } from '../../server/lib/clock'
import { createLogger } from '../../server/lib/log'
import { type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'
import { databaseKinds } from '../support/db'

const HOUR = 3_600_000

/** POSTs to the clock control as a JSON call. */
const move = (app: RunningApp, body: unknown) =>
  fetch(`${app.url}/sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe.each(databaseKinds)('the sandbox clock control (%s)', (kind) => {
  let app: RunningApp | undefined

  afterEach(async () => {
    clock.setOffset(0)
    await app?.close()
    app = undefined
  })

  it('moves every reading of the time forward in sandbox mode, and back when asked', async () => {
    app = await startApp(kind)
    const page = await fetch(`${app.url}/sandbox/clock`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('not moved')

    // A job due in 23 hours: not yet.
    const ran: string[] = []
    const later = defineJob({
      name: 'clock-test-later',
      payload: z.object({ n: z.number() }),
      run: async ({ n }) => {
        ran.push(String(n))
      },
    })
    const runner = createJobRunner({ db: app.database.db, log: createLogger('silent'), definitions: [later] })
    await enqueue(app.database.db, later, { n: 1 }, { runAt: new Date(Date.now() + 23 * HOUR) })
    expect(await runner.runDue()).toBe(0)

    const moved = await move(app, { hours: 24 })
    expect(moved.status).toBe(200)
    const state = (await moved.json()) as { now: string; offsetHours: number }
    expect(state.offsetHours).toBe(24)
    expect(Date.parse(state.now) - Date.now()).toBeGreaterThan(23.9 * HOUR)
    expect(clock.ms() - Date.now()).toBeGreaterThan(23.9 * HOUR)
    // The runner asks the same clock: the job is due now.
    expect(await runner.runDue()).toBe(1)
    expect(ran).toEqual(['1'])

    // Moves add up; a person's form goes back to the page.
    const form = await fetch(`${app.url}/sandbox/clock`, {
      method: 'POST',
      body: new URLSearchParams({ hours: '2' }),
      redirect: 'manual',
    })
    expect(form.status).toBe(303)
    expect(form.headers.get('location')).toBe('/sandbox/clock')
    expect(clock.offsetMs()).toBe(26 * HOUR)
    expect(await (await fetch(`${app.url}/sandbox/clock`)).text()).toContain(
      "26 hours ahead of the machine's clock",
    )

    expect((await move(app, { reset: '1' })).status).toBe(200)
    expect(clock.offsetMs()).toBe(0)
    await runner.stop()
  })

  it('refuses a move it cannot make, saying why, and moves nothing', async () => {
    app = await startApp(kind)
    for (const [body, message] of [
      [{ hours: -5 }, 'Move it forward by at least 1 hour'],
      [{ hours: 1.5 }, 'Give whole hours'],
      [{ hours: 'tomorrow' }, 'Give the hours as a number'],
      [{ hours: 1_000_000 }, 'Move it by at most 9600 hours'],
      [{}, 'Give the hours to move forward by'],
    ] as const) {
      const answer = await move(app, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(await answer.json()).toEqual({ error: { hours: message } })
    }
    const page = await fetch(`${app.url}/sandbox/clock`, {
      method: 'POST',
      body: new URLSearchParams({ hours: '<script>alert(1)</script>' }),
    })
    expect(page.status).toBe(400)
    const html = await page.text()
    expect(html).toContain('Give the hours as a number')
    expect(html).toContain('aria-invalid="true"')
    // What was typed stays in the field, as text.
    expect(html).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"')
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(clock.offsetMs()).toBe(0)
  })

  it('is not there outside sandbox mode: any live provider makes it a 404', async () => {
    const base = testConfig()
    const live = {
      'M-Pesa': { payments: { ...base.payments, mpesa: { ...base.payments.mpesa, live: true } } },
      PayPal: { payments: { ...base.payments, paypal: { ...base.payments.paypal, live: true } } },
      Stripe: { payments: { ...base.payments, card: { ...base.payments.card, live: true } } },
      "Africa's Talking": { sms: { ...base.sms, live: true } },
    }
    for (const [provider, overrides] of Object.entries(live)) {
      app = await startApp(kind, overrides)
      for (const method of ['GET', 'POST'])
        expect(
          (
            await fetch(`${app.url}/sandbox/clock`, {
              method,
              ...(method === 'POST'
                ? { headers: { 'content-type': 'application/json' }, body: '{"hours":24}' }
                : {}),
            })
          ).status,
          `${method} with ${provider} live`,
        ).toBe(404)
      expect(clock.offsetMs()).toBe(0)
      await app.close()
      app = undefined
    }
  })
})
