import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  checkoutReminders,
  ledgerEntries,
  ledgerTransactions,
  orders,
  smsMessages,
  webhookEvents,
} from '../../server/db/schema'
import { sendDueCheckoutReminders } from '../../server/features/recovery'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { ledgerInvariantViolations } from '../support/ledger-invariants'
import { readOutbox } from '../support/outbox'
import { data, mpesaPaidOrder } from '../support/payouts'
import { submitSandboxCard } from '../support/sandbox-card'
import { personOf, productOnSale, sellerOf } from '../support/shop'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/**
 * Recovering checkouts: an unpaid checkout's buyer is reminded an hour and a day later by e-mail, once by
 * SMS when they asked and the seller allows it (charged to the seller in the ledger), never after they
 * paid on any rail, opted out, or the seller turned it off; a purchase through the link counts as recovered.
 */
describe.each(databaseKinds)('recovering checkouts, on %s', (kind) => {
  let app: RunningApp
  let second: RunningApp | null = null
  let seller: { id: string; token: string }
  let productId = ''
  let otherId = ''
  const slug = `recover-beats-${kind}`

  /** A checkout given up: its time (the database's), its order id and its phone. */
  async function leftCheckout(
    token: string,
    input: Record<string, unknown>,
  ): Promise<{ orderId: string; at: number }> {
    const started = await app.call('startCheckout', input, token)
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    const { orderId, accessKey } = data(started)
    const cancelled = await app.call('cancelOrder', { orderId, key: accessKey })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
    return { orderId, at: row?.createdAt.getTime() ?? 0 }
  }
  const sweepAt = (ms: number) => sendDueCheckoutReminders(app.services, new Date(ms))
  const reminderOf = async (orderId: string) =>
    app.database.db.select().from(checkoutReminders).where(eq(checkoutReminders.orderId, orderId))
  const mailsTo = async (to: string) => (await readOutbox(app.database.db)).filter((m) => m.to.includes(to))
  const smsFor = async (orderId: string) =>
    app.database.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.eventKey, `recovery:${orderId}`))
  const smsFees = async (orderId: string) =>
    app.database.db
      .select({
        account: ledgerEntries.account,
        amount: ledgerEntries.amount,
        currency: ledgerEntries.currency,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(ledgerTransactions.orderId, orderId), eq(ledgerTransactions.kind, 'sms-fee')))
  const payByCard = async (token: string, input: Record<string, unknown>) => {
    const started = await app.call('startCheckout', { method: 'card', ...input }, token)
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    expect((await submitSandboxCard(data(started).next.url, '4242 4242 4242 4242')).status).toBe(303)
    await app.sandboxesIdle()
    return data(started).orderId as string
  }

  beforeAll(async () => {
    app = await startApp(kind)
    if (kind === 'postgres') second = await startApp(kind, {}, { sharing: app })
    seller = await sellerOf(app, `recover-${kind}`)
    const digital = (s: string, amount: number) =>
      productOnSale(
        app,
        seller.id,
        { kind: 'digital', title: `Beat pack ${s}`, slug: s, price: { amount, currency: 'KES' } },
        [{ name: 'beats.zip', body: Buffer.from('beats') }],
      )
    productId = await digital(slug, 1_500_00)
    otherId = await digital(`${slug}-two`, 900_00)
    const hook = await app.call(
      'createWebhookEndpoint',
      { url: 'https://hooks.example.com/recovered', events: ['checkout.recovered'] },
      seller.token,
    )
    expect(hook.status, JSON.stringify(hook.body)).toBe(200)
  }, 60_000)
  afterAll(async () => {
    await second?.close()
    await app?.close()
  })

  it('reminds an hour and a day later by e-mail, once by SMS when asked, charged to the seller', async () => {
    const buyer = await personOf(app, `left-${kind}@example.com`)
    const code = await app.call(
      'createDiscountCode',
      { code: 'COMEBACK', kind: 'percent', percentBps: 2000 },
      seller.token,
    )
    expect(code.status).toBe(200)
    const left = await leftCheckout(buyer.token, {
      productId,
      method: 'mpesa',
      phone: '0712345601',
      textMe: true,
      code: 'comeback',
    })
    // Not before the hour.
    await sweepAt(left.at + 30 * MINUTE)
    expect(await reminderOf(left.orderId)).toEqual([])
    await sweepAt(left.at + HOUR + MINUTE)
    await sweepAt(left.at + HOUR + 2 * MINUTE)
    expect(await reminderOf(left.orderId)).toMatchObject([{ step: 1, email: true, sms: true }])
    const [first] = await mailsTo(`left-${kind}@example.com`)
    expect(first?.subject).toBe(`Your payment for Beat pack ${slug} did not go through`)
    expect(first?.text).toContain('your code COMEBACK applied')
    // A token may end in '-': no word boundary after it, so the end is "no more token characters".
    const token = /\/r\/([\w-]{16})(?![\w-])/.exec(first?.text ?? '')?.[1] ?? ''
    expect(token).toHaveLength(16)
    expect(first?.text).toContain(`/r/${token}/stop`)
    // One SMS, to the number that was prompted, with both links, in one segment.
    const sms = await smsFor(left.orderId)
    expect(sms).toHaveLength(1)
    expect(sms[0]).toMatchObject({ kind: 'recovery', phone: '254712345601' })
    expect(sms[0]?.text).toMatch(/did not go through\. Finish it \(or stop reminders\): \S+\/r\/[\w-]{16}$/)
    expect(sms[0]?.text.length).toBeLessThanOrEqual(160)
    // Charged at the terms' price, from the seller's earnings to Soko.
    expect(await smsFees(left.orderId)).toEqual(
      expect.arrayContaining([
        { account: `seller:${seller.id}`, amount: 1_00, currency: 'KES' },
        { account: 'platform:sms', amount: -1_00, currency: 'KES' },
      ]),
    )
    const books = data(await app.call('listTransactions', {}, seller.token))
    expect(books.movements).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'sms', amount: -1_00, currency: 'KES' })]),
    )
    // A day later, the second reminder, by e-mail only.
    await sweepAt(left.at + 24 * HOUR + MINUTE)
    expect(await reminderOf(left.orderId)).toEqual(
      expect.arrayContaining([expect.objectContaining({ step: 2, email: true, sms: false })]),
    )
    const mails = await mailsTo(`left-${kind}@example.com`)
    expect(mails.map((m) => m.subject)).toEqual([
      `Your payment for Beat pack ${slug} did not go through`,
      `Still want Beat pack ${slug}?`,
    ])
    expect(await smsFor(left.orderId)).toHaveLength(1)
    expect(await smsFees(left.orderId)).toHaveLength(2)

    // The link goes back to the product with the code and the token; a purchase from it is recovered.
    const back = await fetch(`${app.url}/r/${token}`, { redirect: 'manual' })
    expect(back.status).toBe(302)
    expect(back.headers.get('location')).toBe(`/${slug}?code=COMEBACK&r=${token}`)
    const paidId = await payByCard(buyer.token, { productId, code: 'COMEBACK', recovery: token })
    const [paid] = await app.database.db.select().from(orders).where(eq(orders.id, paidId))
    expect(paid).toMatchObject({ status: 'paid', recoveredFrom: left.orderId, total: 1_200_00 })
    const events = await app.database.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.objectId, paidId), eq(webhookEvents.type, 'checkout.recovered')))
    expect(events).toHaveLength(1)
    const view = data(await app.call('getCheckoutRecovery', {}, seller.token)).recovery
    expect(view).toMatchObject({
      recoverCheckouts: true,
      recoverBySms: true,
      smsPrice: { amount: 1_00, currency: 'KES' },
      recovered: 1,
      recoveredTotals: [{ amount: 1_200_00, currency: 'KES' }],
    })
    expect(view.reminders.sms).toBeGreaterThanOrEqual(1)
    expect(await ledgerInvariantViolations(app.database.db)).toEqual([])
  })

  it('sends nothing once the buyer paid on any rail, and no SMS without the tick', async () => {
    const buyer = await personOf(app, `paid-later-${kind}@example.com`)
    // Left on M-Pesa, then paid by card.
    const byCard = await leftCheckout(buyer.token, {
      productId: otherId,
      method: 'mpesa',
      phone: '0712345602',
      textMe: true,
    })
    await payByCard(buyer.token, { productId: otherId })
    // Left by card, then paid by M-Pesa.
    const other = await personOf(app, `paid-mpesa-${kind}@example.com`)
    const byMpesa = await leftCheckout(other.token, { productId: otherId, method: 'card' })
    await mpesaPaidOrder(app, otherId, other.token, '0712345603', 'SBXRECOVER1')
    // Left without ticking "Text me": mail only.
    const quiet = await personOf(app, `no-tick-${kind}@example.com`)
    const unticked = await leftCheckout(quiet.token, {
      productId: otherId,
      method: 'mpesa',
      phone: '0712345604',
    })
    for (const at of [byCard.at, byMpesa.at, unticked.at]) await sweepAt(at + HOUR + MINUTE)
    expect(await reminderOf(byCard.orderId)).toMatchObject([{ email: false, sms: false }])
    expect(await reminderOf(byMpesa.orderId)).toMatchObject([{ email: false, sms: false }])
    expect(await mailsTo(`paid-later-${kind}@example.com`)).not.toContainEqual(
      expect.objectContaining({ subject: expect.stringContaining('did not go through') }),
    )
    expect(await reminderOf(unticked.orderId)).toMatchObject([{ email: true, sms: false }])
    expect(await smsFor(unticked.orderId)).toEqual([])
    expect(await smsFees(byCard.orderId)).toEqual([])
  })

  it('stops every reminder with one tap of the link, and follows the seller’s switches', async () => {
    const buyer = await personOf(app, `stop-${kind}@example.com`)
    const first = await leftCheckout(buyer.token, {
      productId,
      method: 'mpesa',
      phone: '0712345605',
      textMe: true,
    })
    await sweepAt(first.at + HOUR + MINUTE)
    const mail = (await mailsTo(`stop-${kind}@example.com`)).at(-1)
    const token = /\/r\/([\w-]{16})\//.exec(mail?.text ?? '')?.[1] ?? ''
    // The page asks; a link preview that only fetches it stops nothing.
    const page = await fetch(`${app.url}/r/${token}/stop`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Stop reminders')
    // The one-click post mail apps make (no cookie, no form token).
    const stopped = await fetch(`${app.url}/r/${token}/stop`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
      redirect: 'manual',
    })
    expect(stopped.status).toBe(303)
    expect(await (await fetch(`${app.url}${stopped.headers.get('location')}`)).text()).toContain(
      'no more reminders of unpaid checkouts',
    )
    expect((await fetch(`${app.url}/r/not-a-real-token/stop`)).status).toBe(404)
    // Its next checkout left unpaid: no mail, no SMS, no fee.
    const second = await leftCheckout(buyer.token, {
      productId: otherId,
      method: 'mpesa',
      phone: '0712345605',
      textMe: true,
    })
    await sweepAt(second.at + HOUR + MINUTE)
    expect(await reminderOf(second.orderId)).toMatchObject([{ email: false, sms: false }])
    expect(await smsFees(second.orderId)).toEqual([])

    // The seller turns SMS off: mail only. Then all of it off: nothing.
    const set = (input: Record<string, boolean>) => app.call('updateSettings', input, seller.token)
    expect((await set({ recoverBySms: false })).status).toBe(200)
    const other = await personOf(app, `switches-${kind}@example.com`)
    const noSms = await leftCheckout(other.token, {
      productId,
      method: 'mpesa',
      phone: '0712345606',
      textMe: true,
    })
    await sweepAt(noSms.at + HOUR + MINUTE)
    expect(await reminderOf(noSms.orderId)).toMatchObject([{ email: true, sms: false }])
    expect((await set({ recoverCheckouts: false })).status).toBe(200)
    const off = await leftCheckout(other.token, { productId: otherId, method: 'card' })
    await sweepAt(off.at + HOUR + MINUTE)
    expect(await reminderOf(off.orderId)).toMatchObject([{ email: false, sms: false }])
    expect(data(await app.call('getCheckoutRecovery', {}, seller.token)).recovery).toMatchObject({
      recoverCheckouts: false,
      recoverBySms: false,
    })
    expect((await set({ recoverCheckouts: true, recoverBySms: true })).status).toBe(200)
    expect(await ledgerInvariantViolations(app.database.db)).toEqual([])
  })

  it('claims each reminder once when sweeps run at the same time, on two instances', async () => {
    const buyer = await personOf(app, `race-${kind}@example.com`)
    const left = await leftCheckout(buyer.token, {
      productId,
      method: 'mpesa',
      phone: '0712345607',
      textMe: true,
    })
    const at = new Date(left.at + HOUR + MINUTE)
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        sendDueCheckoutReminders((i % 2 === 1 && second ? second : app).services, at),
      ),
    )
    expect(await reminderOf(left.orderId)).toHaveLength(1)
    expect(await smsFor(left.orderId)).toHaveLength(1)
    expect(await smsFees(left.orderId)).toHaveLength(2)
    expect((await mailsTo(`race-${kind}@example.com`)).length).toBe(1)
  })
})
