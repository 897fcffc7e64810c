import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs, orders, smsMessages } from '../../server/db/schema'
import { queueReceiptSms } from '../../server/features/checkout/receipt-sms'
import { createJobRunner, type JobRunner } from '../../server/jobs/runner'
import { createLogger } from '../../server/lib/log'
import { smsReportUrl } from '../../server/sms/sms.routes'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { readOutbox } from '../support/outbox'
import { submitForm } from '../support/sandbox-server'
import { personOf, productOnSale, sellerOf } from '../support/shop'

/** SMS through the job runner to the local Africa's Talking, on each database. */
describe.each(databaseKinds)('SMS on %s', (kind) => {
  let app: RunningApp
  let runner: JobRunner
  // Real time, moved on by the test to reach retries.
  let ahead = 0
  const clock = {
    now: () => new Date(Date.now() + ahead),
    advance: (ms: number) => {
      ahead += ms
    },
  }
  let productId: string

  beforeAll(async () => {
    app = await startApp(kind)
    runner = createJobRunner({
      db: app.database.db,
      log: createLogger('silent'),
      definitions: [app.services.sms.job],
      now: clock.now,
    })
    const seller = await sellerOf(app, 'textile')
    productId = await productOnSale(
      app,
      seller.id,
      {
        kind: 'digital',
        title: 'Kitenge “Sunrise” – pattern pack for tailors, with cutting guides for every size …',
        description: '',
        price: { amount: 1_250_00, currency: 'KES' },
        details: { payWhatYouWant: null, downloadLimit: null, free: false },
      },
      [{ name: 'sunrise.zip', body: Buffer.from('PK\x03\x04 pattern pack') }],
    )
  })
  afterAll(async () => {
    await runner.stop()
    await app.sandboxesIdle()
    await app.close()
  })

  /** Runs what is due, then waits for the sandbox's delivery reports. */
  async function send() {
    await runner.runDue()
    await app.sandboxesIdle()
  }
  /** A receipt-like message to a sandbox number, as an event would queue it. */
  const queueTo = (phone: string, eventKey: string) =>
    app.services.sms.queue(app.database.db, { eventKey, kind: 'receipt', phone, text: 'Soko: a receipt' })
  const messagesTo = (phone: string) =>
    app.database.db.select().from(smsMessages).where(eq(smsMessages.phone, phone))
  const inbox = async (number: string) =>
    (await fetch(`${app.url}/sandbox/africastalking/inbox?number=${encodeURIComponent(number)}`)).text()

  it('sends a phone code to the sandbox inbox, and records its delivery', async () => {
    const { token } = await personOf(app, 'wambui@example.com')
    expect((await app.call('requestPhoneCode', { phone: '0722 456 789' }, token)).status).toBe(200)
    const [queued] = await messagesTo('254722456789')
    expect(queued).toMatchObject({ kind: 'code', status: 'queued' })
    await send()
    const [sent] = await messagesTo('254722456789')
    expect(sent?.status).toBe('delivered')
    expect(sent?.providerId).toMatch(/^ATXid_/)
    const code = sent?.text.match(/\b\d{6}\b/)?.[0] ?? 'none'
    expect(await inbox('0722456789')).toContain(`${code} is your Soko code`)
    // The M-Pesa sandbox phone shows the same messages.
    const phone = await (await fetch(`${app.url}/sandbox/mpesa/phone?number=0722456789`)).text()
    expect(phone).toContain(`${code} is your Soko code`)
    // The outbox keeps a copy, as before.
    expect((await readOutbox(app.database.db, 'sms')).some((m) => m.text.includes(code))).toBe(true)
  })

  it('sends the receipt of an M-Pesa payment once, with a short link that opens the order', async () => {
    const started = await app.call('startCheckout', {
      productId,
      method: 'mpesa',
      phone: '0711 222 333',
      email: 'guest.buyer@example.com',
    })
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    const orderId = (started.body.data as { order: { id: string } }).order.id
    const [order] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
    const paid = await submitForm(
      `${app.url}/sandbox/mpesa/phone/${encodeURIComponent(order?.providerRef ?? '')}`,
      {
        action: 'pay',
        pin: '1234',
      },
    )
    expect(paid.status).toBe(303)
    await app.sandboxesIdle()
    const [settled] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(settled?.status).toBe('paid')
    // The same event reported again sends nothing more.
    if (settled) await queueReceiptSms(app.services, settled)
    await send()
    const receipts = (await messagesTo('254711222333')).filter((m) => m.kind === 'receipt')
    expect(receipts).toHaveLength(1)
    const text = receipts[0]?.text ?? ''
    expect(text).toMatch(/^Soko: you paid KES 1,250\.00 for "Kitenge "Sunrise" - pattern pack/)
    expect(text.length).toBeLessThanOrEqual(160)
    expect(await inbox('0711222333')).toContain(settled?.reference ?? 'no reference')
    const link = text.match(/https?:\/\/\S+\/o\/([\w-]+)/)
    expect(link?.[1]?.length).toBeGreaterThanOrEqual(22)
    const opened = await fetch(link?.[0] ?? '', { redirect: 'manual' })
    expect(opened.status).toBe(302)
    const target = new URL(opened.headers.get('location') ?? '')
    expect(target.pathname).toBe(`/download/${orderId}`)
    // The key in the link opens the order signed out, and its file downloads.
    const key = target.searchParams.get('key') ?? ''
    const seen = await app.call('getOrder', { orderId, key })
    expect(seen.status).toBe(200)
    const fileId = (seen.body.data as { order: { files: { id: string }[] } }).order.files[0]?.id
    const download = await app.call('getDownloadUrl', { orderId, fileId, key })
    expect(download.status, JSON.stringify(download.body)).toBe(200)
    // A guest can stop these receipts from the link; a made-up token is refused.
    expect((await app.call('stopSms', { token: 'x'.repeat(22) })).status).toBe(404)
    const stopped = await app.call('stopSms', { token: link?.[1] })
    expect(stopped.body.data).toEqual({ phone: '+254 711 222 333' })
    expect((await fetch(`${app.url}/o/${'y'.repeat(22)}`, { redirect: 'manual' })).status).toBe(404)
  })

  it('records a refused number with its reason and does not try it again', async () => {
    const id = await queueTo('254700000403', 'test:refused')
    await send()
    const [message] = await messagesTo('254700000403')
    expect(message).toMatchObject({ status: 'failed', code: 403, reason: 'Not a valid phone number' })
    const [job] = await app.database.db.select().from(jobs).where(eq(jobs.payload, { id }))
    expect(job).toMatchObject({ status: 'done', attempts: 1 })
    clock.advance(3_600_000)
    await send()
    expect((await app.database.db.select().from(jobs).where(eq(jobs.payload, { id })))[0]?.attempts).toBe(1)
  })

  it('mails the admins when the SMS account is out of credit', async () => {
    await personOf(app, 'ops@example.com', { roles: ['admin'] })
    await queueTo('254700000405', 'test:no-credit')
    await send()
    const [message] = await messagesTo('254700000405')
    expect(message).toMatchObject({ status: 'failed', code: 405 })
    const alert = (await readOutbox(app.database.db)).find((m) => m.to.includes('ops@example.com'))
    expect(alert?.subject).toBe('Soko cannot send SMS: the account is out of credit')
  })

  it('tries a temporary failure again later, and delivers it', async () => {
    await queueTo('254700000500', 'test:fails-once')
    await send()
    const [first] = await messagesTo('254700000500')
    expect(first).toMatchObject({ status: 'queued', code: 500 })
    clock.advance(60_000)
    await send()
    const [second] = await messagesTo('254700000500')
    expect(second?.status).toBe('delivered')
  })

  it('records a failed delivery, and refuses a forged delivery report', async () => {
    await queueTo('254700000600', 'test:report-fails')
    await send()
    const [message] = await messagesTo('254700000600')
    expect(message).toMatchObject({ status: 'failed', reason: 'UserInBlackList' })
    const [other] = await messagesTo('254722456789')
    const forged = await fetch(`${app.url}/hooks/sms/not-the-secret`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: other?.providerId ?? '', status: 'Failed', failureReason: 'Forged' }),
    })
    expect(forged.status).toBe(403)
    expect((await messagesTo('254722456789'))[0]?.status).toBe('delivered')
    // The real address takes it.
    const real = await fetch(smsReportUrl(app.config.publicUrl, app.services.gateway), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: other?.providerId ?? '', status: 'Success' }),
    })
    expect(real.status).toBe(200)
  })

  it("posts no delivery report for another app's message, which has no callback URL", async () => {
    // Another client (Africa's Talking's SDK, say) sends as the sandbox app `sandbox`, with the same key.
    const sent = await fetch(`${app.url}/sandbox/africastalking/version1/messaging`, {
      method: 'POST',
      headers: {
        apiKey: app.config.sms.apiKey,
        Accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ username: 'sandbox', to: '+254722000111', message: 'From another app' }),
    })
    expect(sent.status).toBe(201)
    const answer = (await sent.json()) as { SMSMessageData: { Recipients: { messageId: string }[] } }
    const id = answer.SMSMessageData.Recipients[0]?.messageId ?? 'no id'
    expect(id).toMatch(/^ATXid_/)
    await app.sandboxesIdle()
    // Posted to Soko's hook, it would be a message Soko does not know: warned about, and tried again.
    expect(app.logs.filter((line) => line.includes(id))).toEqual([])
    expect(app.logs.filter((line) => /delivery report/i.test(line))).toEqual([])
    expect(await inbox('0722000111')).toContain('Delivery report: Success (not posted: app sandbox has')
    // Soko's app is Soko's: its callback is not the page's to change; an address must be http(s).
    const callbacks = `${app.url}/sandbox/africastalking/callbacks`
    const own = await submitForm(callbacks, {
      username: app.config.sms.username,
      callbackUrl: 'http://x.test/',
    })
    expect(own.status).toBe(400)
    const script = await submitForm(callbacks, { username: 'sandbox', callbackUrl: 'javascript:alert(1)' })
    expect(script).toMatchObject({ status: 400 })
    expect(script.html).toContain('Use an http:// or https:// address.')
    expect((await submitForm(callbacks, { username: 'nobody', callbackUrl: '' })).status).toBe(400)
  })

  it('sends no receipts to a person who turned them off', async () => {
    const { token } = await personOf(app, 'quiet@example.com')
    expect((await app.call('updateSettings', { smsReceipts: false }, token)).status).toBe(200)
    const started = await app.call(
      'startCheckout',
      { productId, method: 'mpesa', phone: '0733 444 555' },
      token,
    )
    const orderId = (started.body.data as { order: { id: string } }).order.id
    const [order] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
    await submitForm(`${app.url}/sandbox/mpesa/phone/${encodeURIComponent(order?.providerRef ?? '')}`, {
      action: 'pay',
      pin: '1234',
    })
    await app.sandboxesIdle()
    await send()
    expect((await messagesTo('254733444555')).filter((m) => m.kind === 'receipt')).toEqual([])
  })
})
