import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ledgerEntries, ledgerTransactions, orders, payouts, products, refunds } from '../../server/db/schema'
import { ledgerImbalance } from '../../server/ledger/ledger'
import { type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'
import { databaseKinds } from '../support/db'
import { data, mpesaPaidOrder, payoutSteps, payoutSweepers, SALE_NET } from '../support/payouts'
import { personOf, sellerOf } from '../support/shop'

const NET = SALE_NET.KES
const USD_NET = SALE_NET.USD
const MPESA = '0712345678'
type Steps = ReturnType<typeof payoutSteps>

/** The next time after now that it is `hour`:00 UTC on `weekday` (0 Sunday); Nairobi is UTC+3 all year. */
function nextUtc(weekday: number, hour: number): Date {
  const at = new Date()
  at.setUTCHours(hour, 0, 0, 0)
  while (at.getUTCDay() !== weekday || at.getTime() <= Date.now()) at.setUTCDate(at.getUTCDate() + 1)
  return at
}

describe.each(databaseKinds)('payouts on %s', (kind) => {
  let app: RunningApp
  let admin = ''
  let sellerWithSale: Steps['sellerWithSale']
  let destination: Steps['mpesaDestination']
  let approvedPayout: Steps['approvedPayout']
  let payoutOf: Steps['payoutOf']
  let paypalPayout: Steps['paypalPayout']
  const mpesaDestination = (token: string, phone = MPESA) => destination(token, phone)

  beforeAll(async () => {
    const base = testConfig()
    app = await startApp(kind, {
      payouts: {
        ...base.payouts,
        holdDays: 0,
        newMethodWaitHours: 0,
        approvalOver: { ...base.payouts.approvalOver, KES: 4_000_00 },
      },
    })
    admin = (await personOf(app, 'admin@example.com', { roles: ['admin'] })).token
    ;({
      sellerWithSale,
      mpesaDestination: destination,
      approvedPayout,
      payoutOf,
      paypalPayout,
    } = payoutSteps(app, () => admin))
  })
  afterAll(async () => {
    await app?.close()
  })
  // Whatever a test did, the books balance in every currency afterwards.
  afterEach(async () => {
    await app.sandboxesIdle()
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  async function until(check: () => Promise<boolean>, what: string) {
    for (let i = 0; i < 100; i++) {
      if (await check()) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error(`never: ${what}`)
  }

  it('a first M-Pesa payout waits for approval, then is paid with the receipt; the books balance', async () => {
    const seller = await sellerWithSale('kioko')
    const before = data(await app.call('getBalances', {}, seller.token)).balances
    expect(before).toEqual([
      expect.objectContaining({ currency: 'KES', available: NET, held: 0, onTheWay: 0, paidOut: 0 }),
    ])
    // No code, no number.
    const noCode = await app.call(
      'addPayoutMethod',
      { method: { kind: 'mpesa', phone: MPESA } },
      seller.token,
    )
    expect(noCode.status).toBe(400)
    const methodId = await mpesaDestination(seller.token)
    const asked = await app.call(
      'requestPayout',
      { requestKey: randomUUID(), currency: 'KES', amount: 1_000_00, methodId, speed: 'instant' },
      seller.token,
    )
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    const payout = data(asked).payout
    expect(payout).toMatchObject({ status: 'approval', amount: 1_000_00, currency: 'KES' })
    expect(payout.fee).toBe(Math.ceil((1_000_00 * app.config.payouts.instantFeeBps) / 10_000))
    expect(payout.arrives).toBe(1_000_00 - payout.fee)
    const waiting = data(await app.call('getBalances', {}, seller.token)).balances[0]
    expect(waiting).toMatchObject({ available: NET - 1_000_00, onTheWay: 1_000_00 })

    const queue = data(await app.call('listPayoutQueue', {}, admin))
    expect(queue.approval.map((p: { id: string }) => p.id)).toContain(payout.id)
    const approved = await app.call('reviewPayout', { payoutId: payout.id, approve: true }, admin)
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    await app.sandboxesIdle()
    await until(
      async () =>
        data(await app.call('getPayout', { payoutId: payout.id }, seller.token)).payout.status === 'paid',
      'the payout is paid',
    )
    const paid = data(await app.call('getPayout', { payoutId: payout.id }, seller.token)).payout
    expect(paid.receipt).toMatch(/\w{6,}/)
    expect(paid.timeline.map((s: { status: string }) => s.status)).toEqual(
      expect.arrayContaining(['approval', 'processing', 'paid']),
    )
    const after = data(await app.call('getBalances', {}, seller.token)).balances[0]
    expect(after).toMatchObject({ available: NET - 1_000_00, onTheWay: 0, paidOut: 1_000_00 })
    expect(await ledgerImbalance(app.database.db)).toEqual({})
    // M-Pesa sends whole shillings: cents are refused with what to do.
    const cents = await app.call(
      'requestPayout',
      { requestKey: randomUUID(), currency: 'KES', amount: 500_50, methodId, speed: 'instant' },
      seller.token,
    )
    expect(cents.status).toBe(400)
    expect(cents.body.errors).toMatchObject({ amount: expect.stringMatching(/whole shillings/) })
    // A second payout needs no approval: it goes at once (here to a number not on M-Pesa). Its fee is
    // rounded up to a whole shilling, so what arrives can be sent: 1.5% of KES 500 is KES 8.

    const other = await mpesaDestination(seller.token, '0700000701')
    const second = await app.call(
      'requestPayout',
      { requestKey: randomUUID(), currency: 'KES', amount: 500_00, methodId: other, speed: 'instant' },
      seller.token,
    )
    expect(second.status, JSON.stringify(second.body)).toBe(200)
    await app.sandboxesIdle()
    expect(data(second).payout).toMatchObject({ fee: 8_00, arrives: 492_00 })
    expect((await payoutOf(seller.token, data(second).payout.id)).status).toBe('failed')
    // The seller's books show the payout and its fee.
    const books = data(await app.call('listTransactions', { kind: 'payout' }, seller.token))
    expect(books.movements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'payout', amount: -(1_000_00 - payout.fee) }),
        // The failed one: out, then back.
        expect.objectContaining({ kind: 'payout', amount: -492_00 }),
        expect.objectContaining({ kind: 'payout', amount: 492_00 }),
      ]),
    )
  })

  it('two withdrawals of the whole balance at once: one is taken, the other gets 409', async () => {
    const seller = await sellerWithSale('wambui')
    const methodId = await mpesaDestination(seller.token, '0712345001')
    const ask = () =>
      app.call(
        'requestPayout',
        { requestKey: randomUUID(), currency: 'KES', amount: NET, methodId, speed: 'standard' },
        seller.token,
      )
    const answers = await Promise.all([ask(), ask()])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const refused = answers.find((a) => a.status === 409)
    expect(String(refused?.body.message)).toMatch(/available balance is KES\s?0\.00/)
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  it('a payout not yet sent can be cancelled: the money is back', async () => {
    const seller = await sellerWithSale('otieno')
    const methodId = await mpesaDestination(seller.token, '0712345002')
    const asked = data(
      await app.call(
        'requestPayout',
        { requestKey: randomUUID(), currency: 'KES', amount: 2_000_00, methodId, speed: 'standard' },
        seller.token,
      ),
    ).payout
    expect(asked.cancellable).toBe(true)
    const cancelled = await app.call('cancelPayout', { payoutId: asked.id }, seller.token)
    expect(data(cancelled).payout.status).toBe('cancelled')
    expect(data(await app.call('getBalances', {}, seller.token)).balances[0]).toMatchObject({
      available: NET,
      onTheWay: 0,
    })
    expect((await app.call('cancelPayout', { payoutId: asked.id }, seller.token)).status).toBe(409)
    // Another seller cannot see it.
    const other = await sellerOf(app, 'stranger')
    expect((await app.call('getPayout', { payoutId: asked.id }, other.token)).status).toBe(404)
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  it('a bank payout waits for an admin to make the transfer and mark it paid', async () => {
    const seller = await sellerWithSale('njeri')
    const added = await app.call(
      'addPayoutMethod',
      {
        method: {
          kind: 'bank',
          accountName: 'Njeri Studio',
          accountNumber: '0123456789',
          bankName: 'Equity Bank',
          currency: 'KES',
        },
      },
      seller.token,
    )
    const methodId = data(added).method.id
    expect(
      (
        await app.call(
          'requestPayout',
          { requestKey: randomUUID(), currency: 'KES', amount: 1_500_00, methodId, speed: 'instant' },
          seller.token,
        )
      ).status,
    ).toBe(400)
    const asked = data(
      await app.call(
        'requestPayout',
        { requestKey: randomUUID(), currency: 'KES', amount: 1_500_00, methodId, speed: 'standard' },
        seller.token,
      ),
    ).payout
    expect(asked.status).toBe('approval')
    await app.call('reviewPayout', { payoutId: asked.id, approve: true }, admin)
    // Its run comes: the sweep sends it, and a bank transfer waits for the admin.
    await app.database.db
      .update(payouts)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(payouts.id, asked.id))
    const { sendDue } = await import('../../server/features/payouts/schedule')
    await sendDue(app.services, new Date())
    const queue = data(await app.call('listPayoutQueue', {}, admin))
    expect(queue.bank.map((p: { id: string }) => p.id)).toContain(asked.id)
    const marked = await app.call(
      'markBankPayout',
      { payoutId: asked.id, outcome: 'paid', reference: 'EQ-2026-11-24-0042' },
      admin,
    )
    expect(marked.status, JSON.stringify(marked.body)).toBe(200)
    expect(data(marked).payout).toMatchObject({ status: 'paid', receipt: 'EQ-2026-11-24-0042', fee: 0 })
    const entries = await app.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, 'provider:bank'))
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(-1_500_00)
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000)
  /** The payout's ledger transactions of a kind: each is written at most once. */
  const posted = async (payoutId: string, kind: string) =>
    (
      await app.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.payoutId, payoutId))
    ).filter((t) => t.kind === kind).length

  it('a number not on M-Pesa: the payout fails, says what to do, and the money is back', async () => {
    const seller = await sellerWithSale('mumbi')
    const methodId = await mpesaDestination(seller.token, '0700000701')
    const payout = await payoutOf(seller.token, await approvedPayout(seller.token, methodId))
    expect(payout.status).toBe('failed')
    expect(payout.failure).toMatchObject({
      code: '2040',
      action: 'fix-destination',
      title: 'Number not registered on M-Pesa',
    })
    expect(payout.failure.text).toMatch(/payout settings|withdraw again/)
    expect(data(await app.call('getBalances', {}, seller.token)).balances[0]).toMatchObject({
      available: NET,
      onTheWay: 0,
      paidOut: 0,
    })
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  it("Soko's float is short: the seller is told Soko retries, admins are alerted, the money stays on its way", async () => {
    const seller = await sellerWithSale('chebet')
    const methodId = await mpesaDestination(seller.token, '0700000703')
    const payout = await payoutOf(seller.token, await approvedPayout(seller.token, methodId))
    expect(payout.status).toBe('sending')
    expect(payout.failure).toMatchObject({ code: '1', action: 'we-retry' })
    expect(payout.failure.text).toMatch(/need do nothing/)
    expect(payout.dueAt).not.toBeNull()
    expect(app.logs.some((line) => line.includes('payouts are held up'))).toBe(true)
    expect(data(await app.call('getBalances', {}, seller.token)).balances[0]).toMatchObject({
      onTheWay: 1_000_00,
    })
  })

  it('M-Pesa busy once: the payout is sent again later and paid exactly once', async () => {
    const seller = await sellerWithSale('auma')
    const methodId = await mpesaDestination(seller.token, '0700000706')
    const id = await approvedPayout(seller.token, methodId)
    expect((await payoutOf(seller.token, id)).status).toBe('sending')
    const { sendDue } = await import('../../server/features/payouts/schedule')
    await sendDue(app.services, later(10))
    await app.sandboxesIdle()
    const paid = await payoutOf(seller.token, id)
    expect(paid.status).toBe('paid')
    expect(paid.failure).toBeNull()
    // Once more changes nothing.
    await sendDue(app.services, later(20))
    await app.sandboxesIdle()
    const rows = await app.database.db.select().from(payouts).where(eq(payouts.id, id))
    expect(rows[0]?.status).toBe('paid')
    expect(rows[0]?.sendKey).toBe(`${id}.2`)
    expect(await posted(id, 'payout-sent')).toBe(1)
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  it('a send that gets no answer (the connection cut) is sent again after the send lease, then twice that, under the same key', async () => {
    const seller = await sellerWithSale('nduta')
    const methodId = await mpesaDestination(seller.token)
    const mpesa = app.services.gateway.providers.mpesa
    const payOut = mpesa.payOut
    if (!payOut) throw new Error('M-Pesa pays out')
    const keys: string[] = []
    let cuts = 2
    // The first two sends never reach M-Pesa: the connection is cut, as when the host behind a proxy dies.
    mpesa.payOut = async (request) => {
      keys.push(request.id)
      if (cuts-- > 0) throw new TypeError('fetch failed')
      return payOut.call(mpesa, request)
    }
    const leaseMs = app.config.payouts.sendLeaseSeconds * 1000
    const { sendDue } = await import('../../server/features/payouts/schedule')
    const dueOf = async (id: string) =>
      (await app.database.db.select().from(payouts).where(eq(payouts.id, id)))[0]?.dueAt?.getTime() ?? 0
    try {
      const before = Date.now()
      const id = await approvedPayout(seller.token, methodId)
      expect((await payoutOf(seller.token, id)).status).toBe('sending')
      const firstDue = await dueOf(id)
      expect(firstDue).toBeGreaterThanOrEqual(before + leaseMs)
      expect(firstDue).toBeLessThanOrEqual(Date.now() + leaseMs)
      // Not before its time.
      await sendDue(app.services, new Date(firstDue - 1000))
      expect(keys).toHaveLength(1)
      // At its time it is sent again, and cut again: the next wait is twice as long.
      const second = new Date(firstDue)
      await sendDue(app.services, second)
      expect(keys).toHaveLength(2)
      expect(await dueOf(id)).toBe(second.getTime() + 2 * leaseMs)
      await sendDue(app.services, new Date(second.getTime() + 2 * leaseMs))
      await app.sandboxesIdle()
      expect((await payoutOf(seller.token, id)).status).toBe('paid')
      expect(keys).toEqual([id, id, id])
      expect(await posted(id, 'payout-sent')).toBe(1)
      expect(app.logs.some((line) => line.includes('payout send failed; it will be sent again'))).toBe(true)
    } finally {
      mpesa.payOut = payOut
    }
  })

  it('a result that never came is found by Transaction Status, and paid once', async () => {
    const seller = await sellerWithSale('kamau')
    const methodId = await mpesaDestination(seller.token, '0700000705')
    const id = await approvedPayout(seller.token, methodId)
    expect((await payoutOf(seller.token, id)).status).toBe('processing')
    const { checkLate } = await import('../../server/features/payouts/send')
    await checkLate(app.services, later(5))
    await app.sandboxesIdle()
    const paid = await payoutOf(seller.token, id)
    expect(paid.status).toBe('paid')
    expect(paid.receipt).toMatch(/\w{6,}/)
    // Asked again: still paid once.
    await checkLate(app.services, later(60))
    await app.sandboxesIdle()
    expect(await posted(id, 'payout-sent')).toBe(1)
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  it("an operator's error (the initiator's credential): the seller is told the team is on it, never the reason", async () => {
    const seller = await sellerWithSale('wekesa')
    const methodId = await mpesaDestination(seller.token, '0700000704')
    const payout = await payoutOf(seller.token, await approvedPayout(seller.token, methodId))
    expect(payout.status).toBe('sending')
    expect(payout.failure.action).toBe('admins')
    expect(JSON.stringify(payout)).not.toMatch(/initiator|credential|2001/i)
    expect(app.logs.some((line) => line.includes('payouts are held up') && line.includes('2001'))).toBe(true)
  })

  /** A USD seller paid out to a PayPal e-mail; the first payout approved. */
  it('PayPal: a payout to an e-mail is paid, with PayPal’s transaction as the receipt', async () => {
    const { seller, id } = await paypalPayout('zawadi', 'zawadi@example.com')
    const paid = await payoutOf(seller.token, id)
    expect(paid).toMatchObject({ status: 'paid', currency: 'USD', rail: 'paypal' })
    expect(paid.receipt).toBeTruthy()
    expect(data(await app.call('getBalances', {}, seller.token)).balances[0]).toMatchObject({
      currency: 'USD',
      available: USD_NET - 50_00,
      paidOut: 50_00,
    })
    expect(await posted(id, 'payout-sent')).toBe(1)
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  it('PayPal: no account for the e-mail — FAILED, in words, and the money is back', async () => {
    const { seller, id } = await paypalPayout('halima', 'unregistered@paypal.test')
    const failed = await payoutOf(seller.token, id)
    expect(failed.status).toBe('failed')
    expect(failed.failure).toMatchObject({ code: 'RECEIVER_UNREGISTERED', action: 'fix-destination' })
    expect(data(await app.call('getBalances', {}, seller.token)).balances[0]).toMatchObject({
      available: USD_NET,
      onTheWay: 0,
    })
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  it('PayPal: UNCLAIMED stays on its way; RETURNED brings the money back', async () => {
    const { seller, id } = await paypalPayout('neema', 'unclaimed@paypal.test')
    expect((await payoutOf(seller.token, id)).status).toBe('processing')
    const [row] = await app.database.db.select().from(payouts).where(eq(payouts.id, id))
    const batch = await app.services.gateway.paypal.getPayoutBatch(row?.providerRef ?? '')
    const item = batch.items[0]
    expect(item?.status).toBe('UNCLAIMED')
    // The tester returns it on the sandbox's payouts page.
    const returned = await fetch(`${app.url}/sandbox/paypal/payouts/${item?.itemId}`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'RETURNED' }),
      redirect: 'manual',
    })
    expect(returned.status).toBe(303)
    await app.sandboxesIdle()
    const back = await payoutOf(seller.token, id)
    expect(back.status).toBe('returned')
    expect(back.failure.text).toBeTruthy()
    expect(data(await app.call('getBalances', {}, seller.token)).balances[0]).toMatchObject({
      available: USD_NET,
      onTheWay: 0,
      paidOut: 0,
    })
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  it('a weekly payout is paid once, at 06:00 on its day in the seller’s zone, with two instances sweeping', async () => {
    const seller = await sellerWithSale('akinyi')
    const methodId = await mpesaDestination(seller.token, '0712345003')
    // A first payout, approved and paid: the scheduled one needs no approval.
    const first = await approvedPayout(seller.token, methodId, 1_000_00)
    expect((await payoutOf(seller.token, first)).status).toBe('paid')
    const saved = await app.call(
      'updatePayoutSchedule',
      { frequency: 'weekly', weekday: 1, methodId, minimum: 0 },
      seller.token,
    )
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(data(saved).schedule).toMatchObject({ frequency: 'weekly', weekday: 1, methodId })
    // The coming Monday, 05:59 in Nairobi: after the schedule was saved, as a run must be to pay.
    const monday = nextUtc(1, 3)
    const { sweep, clock, stop } = await payoutSweepers(app, new Date(monday.getTime() - 60_000))
    const scheduled = () =>
      app.database.db
        .select()
        .from(payouts)
        .where(eq(payouts.sellerId, seller.id))
        .then((rows) => rows.filter((r) => r.runKey))
    await sweep()
    clock.advance(30_000)
    expect(await sweep()).toBe(1)
    expect(await scheduled()).toEqual([])
    // 06:00:30: the run is due.
    clock.advance(60_000)
    expect(await sweep()).toBe(1)
    for (let i = 0; i < 4; i++) {
      clock.advance(30_000)
      await sweep()
    }
    const runs = await scheduled()
    expect(runs).toHaveLength(1)
    expect(runs[0]).toMatchObject({
      runKey: `${monday.toISOString().slice(0, 10)}:KES`,
      status: 'paid',
      speed: 'standard',
      fee: 0,
    })
    expect(runs[0]?.amount).toBe(NET - 1_000_00)
    // The next Monday pays again only if there is money: there is none, so nothing.
    clock.advance(7 * 86_400_000)
    await sweep()
    expect(await scheduled()).toHaveLength(1)
    await stop()
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  it('a large payout waits for approval even after one was paid; a rejected one gives the money back', async () => {
    const seller = await sellerWithSale('barasa')
    const methodId = await mpesaDestination(seller.token, '0712345004')
    expect((await payoutOf(seller.token, await approvedPayout(seller.token, methodId, 100_00))).status).toBe(
      'paid',
    )
    const small = await app.call(
      'requestPayout',
      { requestKey: randomUUID(), currency: 'KES', amount: 200_00, methodId, speed: 'instant' },
      seller.token,
    )
    await app.sandboxesIdle()
    expect((await payoutOf(seller.token, data(small).payout.id)).status).toBe('paid')
    const large = data(
      await app.call(
        'requestPayout',
        { requestKey: randomUUID(), currency: 'KES', amount: 4_100_00, methodId, speed: 'instant' },
        seller.token,
      ),
    ).payout
    expect(large.status).toBe('approval')
    expect(large.timeline.at(-1).text).toMatch(/A large payout/)
    const rejected = await app.call(
      'reviewPayout',
      { payoutId: large.id, approve: false, reason: 'Please confirm this amount with us by e-mail first.' },
      admin,
    )
    expect(data(rejected).payout).toMatchObject({ status: 'failed', failure: { title: 'Not approved' } })
    expect(data(await app.call('getBalances', {}, seller.token)).balances[0]).toMatchObject({
      available: NET - 300_00,
      onTheWay: 0,
    })
    // Only admins review.
    expect((await app.call('reviewPayout', { payoutId: large.id, approve: true }, seller.token)).status).toBe(
      403,
    )
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  it('the payout method given when opening a storefront becomes the first destination (an M-Pesa number only once confirmed)', async () => {
    const paypal = await personOf(app, 'opens-paypal@example.com')
    const opened = await app.call(
      'becomeSeller',
      {
        handle: 'makena-prints',
        displayName: 'Makena Prints',
        country: 'KE',
        payoutMethod: { kind: 'paypal', email: 'makena@example.com' },
      },
      paypal.token,
    )
    expect(opened.status, JSON.stringify(opened.body)).toBe(200)
    const methods = data(await app.call('listPayoutMethods', {}, paypal.token)).methods
    expect(methods).toEqual([expect.objectContaining({ rail: 'paypal', label: 'PayPal makena@example.com' })])
    const mpesa = await personOf(app, 'opens-mpesa@example.com')
    await app.call(
      'becomeSeller',
      {
        handle: 'jabali-sounds',
        displayName: 'Jabali Sounds',
        country: 'KE',
        payoutMethod: { kind: 'mpesa', phone: '0712345009' },
      },
      mpesa.token,
    )
    expect(data(await app.call('listPayoutMethods', {}, mpesa.token)).methods).toEqual([])
  })

  it('an M-Pesa refund whose B2C result never came is settled by Transaction Status from the payments sweep', async () => {
    const seller = await sellerWithSale('refundo')
    const buyer = await personOf(app, 'refund-buyer@example.com')
    const [product] = await app.database.db.select().from(products).where(eq(products.sellerId, seller.id))
    // Paid by M-Pesa from the sandbox's number whose B2C results are lost.
    const orderId = await mpesaPaidOrder(app, product?.id ?? '', buyer.token, '0700000705', 'SBXREFUND1')
    expect((await app.call('refundOrder', { orderId, reason: 'Wrong date' }, seller.token)).status).toBe(200)
    await app.sandboxesIdle()
    const refundOf = async () =>
      (await app.database.db.select().from(refunds).where(eq(refunds.orderId, orderId)))[0]
    expect((await refundOf())?.status).toBe('pending')
    const { askAboutLateRefunds } = await import('../../server/jobs/payments.job')
    // Too soon: not asked.
    await askAboutLateRefunds(app.services, new Date(Date.now() + 60_000))
    expect((await refundOf())?.checkedAt).toBeNull()
    await askAboutLateRefunds(app.services, later(6))
    await app.sandboxesIdle()
    expect((await refundOf())?.status).toBe('succeeded')
    const [after] = await app.database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(after?.status).toBe('refunded')
  })

  it('an admin finds a rejected payout, sends it again to the seller’s destination (audited), and a suspended seller’s payout waits', async () => {
    const seller = await sellerWithSale('tumaini')
    const methodId = await mpesaDestination(seller.token, '0712555666')
    const asked = data(
      await app.call(
        'requestPayout',
        { requestKey: randomUUID(), currency: 'KES', amount: 1_000_00, methodId, speed: 'instant' },
        seller.token,
      ),
    ).payout
    expect(asked.status).toBe('approval')
    await app.call(
      'reviewPayout',
      { payoutId: asked.id, approve: false, reason: 'Wrong number, fix it first.' },
      admin,
    )
    const failed = data(await app.call('adminListPayouts', { status: 'failed', q: 'tumaini' }, admin)).payouts
    expect(failed.map((p: { id: string }) => p.id)).toEqual([asked.id])
    expect((await app.call('adminListPayouts', {}, seller.token)).status).toBe(403)

    // Two admins send it again at the same moment: one new payout, the other refused.
    const both = await Promise.all([
      app.call('retryPayout', { payoutId: asked.id, methodId }, admin),
      app.call('retryPayout', { payoutId: asked.id, methodId }, admin),
    ])
    expect(both.map((a) => a.status).sort()).toEqual([200, 409])
    const retried = both.find((a) => a.status === 200) ?? both[0]
    if (!retried) throw new Error('no answer')
    const again = data(retried).payout
    expect(await app.database.db.select().from(payouts).where(eq(payouts.retryOf, asked.id))).toHaveLength(1)
    expect(again).toMatchObject({ status: 'approval', amount: 1_000_00 })
    expect((await app.call('retryPayout', { payoutId: asked.id, methodId }, admin)).status).toBe(409)
    const log = data(await app.call('listAuditLog', { targetId: asked.id }, admin)).entries
    expect(log.map((e: { action: string }) => e.action)).toEqual(['payout.retry', 'payout.reject'])

    // Suspended before it goes: approved, it joins the next run, and when the run comes nothing is sent.
    const sellerRow = (await app.database.db.select().from(payouts).where(eq(payouts.id, again.id)))[0]
    await app.call('suspendUser', { id: sellerRow?.sellerId, reason: 'Checking a chargeback' }, admin)
    await app.call('reviewPayout', { payoutId: again.id, approve: true }, admin)
    await app.sandboxesIdle()
    const [approved] = await app.database.db.select().from(payouts).where(eq(payouts.id, again.id))
    expect(approved?.status).toBe('scheduled')
    const runTime = new Date((approved?.dueAt?.getTime() ?? Date.now()) + 60_000)
    const { sendDue } = await import('../../server/features/payouts/schedule')
    await sendDue(app.services, runTime)
    const [waiting] = await app.database.db.select().from(payouts).where(eq(payouts.id, again.id))
    expect(waiting?.status).toBe('scheduled')
    expect(waiting?.attempts).toBe(0)
    await app.call('reinstateUser', { id: sellerRow?.sellerId }, admin)
    await sendDue(app.services, runTime)
    await app.sandboxesIdle()
    await until(
      async () =>
        (await app.database.db.select().from(payouts).where(eq(payouts.id, again.id)))[0]?.status === 'paid',
      'the reinstated seller’s payout is paid',
    )
  })
})
