import { expect } from 'vitest'
import { paybillRegistration, queuePaybillRegistration, storedPaybill } from '../../server/jobs/paybill.job'
import { createJobRunner } from '../../server/jobs/runner'
import { createLogger } from '../../server/lib/log'
import type { RunningApp } from './app'

/**
 * The Paybill registration jobs queued on a test app (an invoice sent queues one), run as the server's job
 * runner would run them: a test app has none. Answers how many ran.
 */
export async function runPaybillRegistration(app: RunningApp): Promise<number> {
  const runner = createJobRunner({
    db: app.database.db,
    log: createLogger('silent'),
    definitions: [paybillRegistration(app.services)],
  })
  try {
    return await runner.runDue()
  } finally {
    await runner.stop()
  }
}

/**
 * What a server does when it starts, for a test app: queues the Paybill registration and runs it, so that
 * M-Pesa (the sandbox) confirms Paybill payments to the app. Fails unless the registration is then stored.
 */
export async function registerPaybillAtStart(app: RunningApp) {
  await queuePaybillRegistration(app.services)
  await runPaybillRegistration(app)
  expect(await storedPaybill(app.services)).toMatchObject({
    confirmationUrl: app.services.gateway.urls.c2bConfirmation,
  })
}
