import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { REJECT_REASON } from '../../contract/payouts.constants'
import { orders, payouts, sellerVerifications } from '../../server/db/schema'
import { grantAdmin } from '../../server/features/accounts/accounts.service'
import { ledgerImbalance } from '../../server/ledger/ledger'
import { type RunningApp, startApp } from '../support/app'
import { testConfig } from '../support/config'
import { databaseKinds } from '../support/db'
import { data, payoutSteps } from '../support/payouts'
import { personOf } from '../support/shop'

type Steps = ReturnType<typeof payoutSteps>

/**
 * Nobody approves their own payout, identity check or sale: an admin who also sells is refused (403) on
 * every decision about their own account, and another admin makes it.
 */
describe.each(databaseKinds)('an admin’s own account on %s', (kind) => {
  let app: RunningApp
  /** The admin who decides: not the seller of anything here. */
  let other = ''
  let steps: Steps

  beforeAll(async () => {
    const base = testConfig()
    app = await startApp(kind, {
      payouts: { ...base.payouts, holdDays: 0, newMethodWaitHours: 0 },
    })
    other = (await personOf(app, 'second-admin@example.com', { roles: ['admin'] })).token
    steps = payoutSteps(app, () => other)
  })
  afterAll(async () => {
    await app?.close()
  })
  afterEach(async () => {
    await app.sandboxesIdle()
    expect(await ledgerImbalance(app.database.db)).toEqual({})
  })

  /** A seller with a sale available who is an admin too: their session token and id. */
  async function sellingAdmin(handle: string) {
    const seller = await steps.sellerWithSale(handle)
    expect(await grantAdmin(app.database.db, `${handle}@example.com`)).toBe(true)
    return seller
  }

  const ask = async (token: string, methodId: string, speed: 'instant' | 'standard' = 'instant') => {
    const asked = await app.call(
      'requestPayout',
      { requestKey: randomUUID(), currency: 'KES', amount: 1_000_00, methodId, speed },
      token,
    )
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    return data(asked).payout as { id: string; status: string }
  }
  const statusOf = async (payoutId: string) =>
    (await app.database.db.select().from(payouts).where(eq(payouts.id, payoutId)))[0]?.status

  it('refuses an admin the review of their own payout; another admin must give a reason to reject it, which the seller reads and the log keeps', async () => {
    const me = await sellingAdmin('imani')
    const methodId = await steps.mpesaDestination(me.token, '0712340001')
    const first = await ask(me.token, methodId)
    expect(first.status).toBe('approval')

    for (const input of [
      { payoutId: first.id, approve: true },
      { payoutId: first.id, approve: false, reason: 'Testing my own payout' },
    ]) {
      const mine = await app.call('reviewPayout', input, me.token)
      expect(mine.status, JSON.stringify(mine.body)).toBe(403)
      expect(mine.body.message).toBe(
        'You cannot approve or reject your own payout: another admin must review it',
      )
    }
    expect(await statusOf(first.id)).toBe('approval')

    // A reject says why: missing, blank or a word is a 400 on the field.
    for (const reason of [undefined, '   ', 'no']) {
      const bare = await app.call(
        'reviewPayout',
        { payoutId: first.id, approve: false, ...(reason === undefined ? {} : { reason }) },
        other,
      )
      expect(bare.status, String(reason)).toBe(400)
      expect(bare.body.errors).toEqual({ reason: REJECT_REASON.message })
    }
    expect(await statusOf(first.id)).toBe('approval')

    const reason = 'The M-Pesa name does not match your storefront'
    const rejected = await app.call('reviewPayout', { payoutId: first.id, approve: false, reason }, other)
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200)
    const seen = data(await app.call('getPayout', { payoutId: first.id }, me.token)).payout
    expect(seen).toMatchObject({ status: 'failed', failure: { title: 'Not approved' } })
    expect(seen.failure.text).toContain(`${reason}.`)
    expect(seen.timeline.at(-1).text).toContain(reason)
    const listed = data(await app.call('listPayouts', {}, me.token)).payouts
    expect(listed.find((p: { id: string }) => p.id === first.id)?.failure.text).toContain(reason)
    const [entry] = data(await app.call('listAuditLog', { targetId: first.id }, other)).entries
    expect(entry).toMatchObject({ action: 'payout.reject', reason, after: { status: 'failed' } })

    // Sending it again is the other admin's too; and so is approving what that made.
    const again = await app.call('retryPayout', { payoutId: first.id, methodId }, me.token)
    expect(again.status).toBe(403)
    expect(again.body.message).toBe('You cannot send your own payout again: another admin must')
    expect(await app.database.db.select().from(payouts).where(eq(payouts.retryOf, first.id))).toEqual([])
    const retried = await app.call('retryPayout', { payoutId: first.id, methodId }, other)
    expect(retried.status, JSON.stringify(retried.body)).toBe(200)
    const second = data(retried).payout
    expect(second.status).toBe('approval')
    expect((await app.call('reviewPayout', { payoutId: second.id, approve: true }, me.token)).status).toBe(
      403,
    )
    const approved = await app.call('reviewPayout', { payoutId: second.id, approve: true }, other)
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
  })

  it('refuses an admin the marking of their own bank transfer; another admin marks it', async () => {
    const me = await sellingAdmin('baraka')
    const added = await app.call(
      'addPayoutMethod',
      {
        method: {
          kind: 'bank',
          accountName: 'Baraka Studio',
          accountNumber: '0123456700',
          bankName: 'Equity Bank',
          currency: 'KES',
        },
      },
      me.token,
    )
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    const asked = await ask(me.token, data(added).method.id, 'standard')
    if (asked.status === 'approval')
      expect((await app.call('reviewPayout', { payoutId: asked.id, approve: true }, other)).status).toBe(200)
    await app.database.db
      .update(payouts)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(payouts.id, asked.id))
    const { sendDue } = await import('../../server/features/payouts/schedule')
    await sendDue(app.services, new Date())
    expect(await statusOf(asked.id)).toBe('processing')

    for (const input of [
      { payoutId: asked.id, outcome: 'paid', reference: 'EQ-MINE-0001' },
      { payoutId: asked.id, outcome: 'failed', reason: 'Account closed' },
    ]) {
      const mine = await app.call('markBankPayout', input, me.token)
      expect(mine.status, JSON.stringify(mine.body)).toBe(403)
      expect(mine.body.message).toBe(
        'You cannot mark your own bank payout: another admin must record the transfer',
      )
    }
    expect(await statusOf(asked.id)).toBe('processing')
    const marked = await app.call(
      'markBankPayout',
      { payoutId: asked.id, outcome: 'paid', reference: 'EQ-2026-11-27-0007' },
      other,
    )
    expect(marked.status, JSON.stringify(marked.body)).toBe(200)
    expect(data(marked).payout.status).toBe('paid')
  })

  it('refuses an admin the review of their own identity check; another admin reviews it', async () => {
    const me = await sellingAdmin('zuri')
    // sellerWithSale approved one already: this is a new check, sent after a change of details.
    await app.database.db.delete(sellerVerifications).where(eq(sellerVerifications.sellerId, me.id))
    const sent = await app.call(
      'submitSellerVerification',
      {
        legalName: 'Zuri Wanjiru',
        dateOfBirth: '1991-06-02',
        documentKind: 'national-id',
        documentNumber: '22334455',
        address: 'Biashara Street 4, Nairobi',
      },
      me.token,
    )
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const id = data(sent).verification.id
    for (const input of [
      { id, decision: 'approve' },
      { id, decision: 'reject', reason: 'Testing my own check' },
    ]) {
      const mine = await app.call('reviewSellerVerification', input, me.token)
      expect(mine.status).toBe(403)
      expect(mine.body.message).toBe('You cannot review your own identity check: another admin must')
    }
    const [still] = await app.database.db
      .select()
      .from(sellerVerifications)
      .where(eq(sellerVerifications.id, id))
    expect(still?.status).toBe('pending')
    const reviewed = await app.call('reviewSellerVerification', { id, decision: 'approve' }, other)
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200)
    expect(data(reviewed).verification.status).toBe('approved')
  })

  it('refuses an admin the refund of their own sale; another admin refunds it', async () => {
    const me = await sellingAdmin('neema')
    const [sale] = await app.database.db.select().from(orders).where(eq(orders.sellerId, me.id))
    if (!sale) throw new Error('no sale')
    const mine = await app.call(
      'adminRefundOrder',
      { id: sale.id, reason: 'Refunding my own sale' },
      me.token,
    )
    expect(mine.status).toBe(403)
    expect(mine.body.message).toBe('You cannot refund your own sale: another admin must')
    const [kept] = await app.database.db.select().from(orders).where(eq(orders.id, sale.id))
    expect(kept?.status).toBe('paid')
    const refunded = await app.call(
      'adminRefundOrder',
      { id: sale.id, reason: 'The buyer was charged twice' },
      other,
    )
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200)
    expect(['refunding', 'refunded']).toContain(data(refunded).status)
  })
})
