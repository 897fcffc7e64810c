import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerEntries, ledgerTransactions, orders, users } from '../../server/db/schema'
import { TermsStore } from '../../server/platform/terms'
import { type RunningApp, startApp } from '../support/app'
import { databaseKinds } from '../support/db'
import { fixtureBuild } from '../support/fixture-build'
import { lastLink } from '../support/outbox'
import { submitSandboxCard } from '../support/sandbox-card'
import { personOf, productOnSale, sellerOf } from '../support/shop'

type Answer = Awaited<ReturnType<RunningApp['call']>>
// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server answered
const data = (answer: Answer) => answer.body.data as Record<string, any>

const ADMIN_SUBJECTS: [string, Record<string, unknown>][] = [
  ['listUsers', {}],
  ['getUser', { id: '00000000-0000-7000-8000-000000000000' }],
  ['suspendUser', { id: '00000000-0000-7000-8000-000000000000', reason: 'Selling stolen goods' }],
  ['reinstateUser', { id: '00000000-0000-7000-8000-000000000000' }],
  ['setUserRole', { id: '00000000-0000-7000-8000-000000000000', role: 'admin', grant: true }],
  ['forcePasswordReset', { id: '00000000-0000-7000-8000-000000000000' }],
  ['listAuditLog', {}],
  ['getPlatformTerms', {}],
  ['updatePlatformTerms', { terms: {} }],
]

describe.each(databaseKinds)('the admin area on %s', (kind) => {
  let app: RunningApp
  let admin: Awaited<ReturnType<typeof personOf>>
  let seller: Awaited<ReturnType<typeof sellerOf>>
  let productId: string
  const slug = 'kitenge-patterns'

  beforeAll(async () => {
    app = await startApp(kind, { clientDir: fixtureBuild() })
    admin = await personOf(app, 'root@example.com', { name: 'Root Admin', roles: ['admin'] })
    seller = await sellerOf(app, 'zawadi', 'Zawadi Prints')
    await app.database.db
      .update(users)
      .set({ phone: '254722333444', phoneVerifiedAt: new Date() })
      .where(eq(users.id, seller.id))
    productId = await productOnSale(
      app,
      seller.id,
      { kind: 'digital', title: 'Kitenge patterns', slug, price: { amount: 1_000_00, currency: 'KES' } },
      [{ name: 'patterns.zip', body: Buffer.from('kitenge') }],
    )
  })
  afterAll(() => app.close())

  it('answers every admin subject only to admins: 600 signed out, 403 to customers and sellers', async () => {
    const customer = await personOf(app, 'kamau@example.com')
    for (const [subject, input] of ADMIN_SUBJECTS) {
      expect((await app.call(subject, input)).status, subject).toBe(600)
      expect((await app.call(subject, input, customer.token)).status, subject).toBe(403)
      expect((await app.call(subject, input, seller.token)).status, subject).toBe(403)
    }
  })

  it('finds a seller by the phone number as people type it, and by handle, name or e-mail', async () => {
    for (const q of ['0722 333 444', '+254 722 333444', 'zawadi', 'Zawadi Prints', 'ZAWADI@example']) {
      const found = data(await app.call('listUsers', { q }, admin.token))
      expect(
        found.users.map((u: { id: string }) => u.id),
        q,
      ).toEqual([seller.id])
    }
    const detail = data(await app.call('getUser', { id: seller.id }, admin.token))
    expect(detail.user).toEqual(expect.objectContaining({ handle: 'zawadi', phone: '254722333444' }))
    expect(detail.seller).toEqual(expect.objectContaining({ displayName: 'Zawadi Prints', products: 1 }))
    expect(detail.sessions.length).toBeGreaterThan(0)
    expect(detail.payoutMethods.length).toBeGreaterThanOrEqual(0)
    expect(detail.isSelf).toBe(false)
    expect((await app.call('getUser', { id: 'nope' }, admin.token)).status).toBe(400)
  })

  it('suspends a seller: sessions end, sign-in says why, the product and storefront disappear; reinstating brings them back', async () => {
    const self = await app.call('suspendUser', { id: admin.id, reason: 'Testing myself' }, admin.token)
    expect(self.status).toBe(403)
    const short = await app.call('suspendUser', { id: seller.id, reason: 'no' }, admin.token)
    expect(short.status).toBe(400)
    expect(short.body.errors).toEqual({ reason: expect.stringContaining('at least 5') })

    const reason = 'Selling patterns copied from another designer'
    const suspended = await app.call('suspendUser', { id: seller.id, reason }, admin.token)
    expect(suspended.status).toBe(200)
    expect(data(suspended).user.suspendedAt).not.toBeNull()
    expect((await app.call('getMe', {}, seller.token)).status).toBe(600)
    const signIn = await app.call('signIn', { email: 'zawadi@example.com', password: 'baobab-shade-2026' })
    expect(signIn.status).toBe(403)
    expect(signIn.body.message).toContain(reason)
    // A wrong password says nothing about the suspension.
    const wrong = await app.call('signIn', { email: 'zawadi@example.com', password: 'not-her-password' })
    expect(wrong.status).toBe(401)
    expect(wrong.body.message).not.toContain(reason)

    expect((await fetch(`${app.url}/${slug}`)).status).toBe(404)
    expect((await fetch(`${app.url}/${slug}/_payload.json`)).status).toBe(404)
    expect((await fetch(`${app.url}/creators/zawadi/_payload.json`)).status).toBe(404)
    const explore = await (await fetch(`${app.url}/explore/_payload.json`)).json()
    expect(JSON.stringify(explore)).not.toContain(slug)
    const buyer = await personOf(app, 'wairimu@example.com')
    const checkout = await app.call('startCheckout', { productId, method: 'card' }, buyer.token)
    expect(checkout.status).toBe(404)
    expect((await app.call('suspendUser', { id: seller.id, reason }, admin.token)).status).toBe(409)

    const back = await app.call('reinstateUser', { id: seller.id }, admin.token)
    expect(back.status).toBe(200)
    expect(data(back).user.suspendedAt).toBeNull()
    expect((await fetch(`${app.url}/${slug}`)).status).toBe(200)
    expect(
      (await app.call('signIn', { email: 'zawadi@example.com', password: 'baobab-shade-2026' })).status,
    ).toBe(200)
    expect((await app.call('reinstateUser', { id: seller.id }, admin.token)).status).toBe(409)

    const log = data(await app.call('listAuditLog', { targetId: seller.id }, admin.token))
    expect(log.entries.map((e: { action: string }) => e.action)).toEqual(['user.reinstate', 'user.suspend'])
    const [reinstated, suspend] = log.entries
    expect(suspend).toEqual(
      expect.objectContaining({
        actor: { id: admin.id, email: 'root@example.com' },
        target: { kind: 'user', id: seller.id, label: 'zawadi@example.com' },
        reason,
        before: { suspended: false },
        after: { suspended: true, reason },
      }),
    )
    expect(suspend.ip).not.toBe('')
    expect(reinstated.before).toEqual({ suspended: true, reason })
    // Searchable by what was done and by whom.
    const found = data(await app.call('listAuditLog', { q: 'copied from another' }, admin.token))
    expect(found.entries.map((e: { id: string }) => e.id)).toEqual([suspend.id])
  })

  it('keeps the audit log append-only, whatever asks', async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      app.database.db.execute(statement).then(
        () => 'allowed',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      )
    expect(await refusal(sql`update audit_log set reason = 'changed'`)).toContain('append-only')
    expect(await refusal(sql`delete from audit_log`)).toContain('append-only')
  })

  it('guards roles: nobody demotes themselves, the last admin stays, a seller needs a storefront', async () => {
    const customer = await personOf(app, 'njeri@example.com', { name: 'Njeri' })
    expect(
      (await app.call('setUserRole', { id: admin.id, role: 'admin', grant: false }, admin.token)).status,
    ).toBe(403)
    const noStore = await app.call(
      'setUserRole',
      { id: customer.id, role: 'seller', grant: true },
      admin.token,
    )
    expect(noStore.status).toBe(409)
    expect(noStore.body.message).toContain('/register')

    const granted = await app.call(
      'setUserRole',
      { id: customer.id, role: 'admin', grant: true },
      admin.token,
    )
    expect(data(granted).user.roles).toContain('admin')
    expect((await app.call('listUsers', {}, customer.token)).status).toBe(200)
    // Two admins removing each other at the same moment: one wins, the other finds itself the last admin.
    const [a, b] = await Promise.all([
      app.call('setUserRole', { id: customer.id, role: 'admin', grant: false }, admin.token),
      app.call('setUserRole', { id: admin.id, role: 'admin', grant: false }, customer.token),
    ])
    // The loser is refused either at the door (no longer an admin, when the winner committed first) or
    // under the lock (409, the last admin), depending on how the two interleave.
    const loser = a.status === 200 ? b : a
    expect([a.status, b.status]).toContain(200)
    expect([403, 409]).toContain(loser.status)
    if (loser.status === 409) expect(loser.body.message).toContain('at least one admin')
    const [{ n }] = (await app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`'admin' = any(${users.roles})`)) as [{ n: number }]
    expect(n).toBe(1)
    // Put things back as they were for the tests after: `admin` is the admin.
    if (a.status !== 200) {
      const [row] = await app.database.db.select().from(users).where(eq(users.id, customer.id))
      expect(row?.roles).toContain('admin')
      await app.call('setUserRole', { id: admin.id, role: 'admin', grant: true }, customer.token)
      await app.call('setUserRole', { id: customer.id, role: 'admin', grant: false }, admin.token)
    }
    const roles = data(await app.call('listAuditLog', { targetId: customer.id }, admin.token))
    expect(roles.entries.at(-1)).toEqual(
      expect.objectContaining({
        action: 'role.grant.admin',
        before: { roles: ['customer'] },
        after: { roles: ['customer', 'admin'] },
      }),
    )
  })

  it('forces a password reset: sessions end, the old password stops working, a reset link is mailed', async () => {
    const person = await personOf(app, 'otieno@example.com', { name: 'Otieno' })
    expect((await app.call('forcePasswordReset', { id: person.id }, admin.token)).status).toBe(200)
    expect((await app.call('getMe', {}, person.token)).status).toBe(600)
    expect(
      (await app.call('signIn', { email: 'otieno@example.com', password: 'baobab-shade-2026' })).status,
    ).toBe(401)
    const { token } = await lastLink(app.database.db, 'otieno@example.com', '/reset/')
    const reset = await app.call('resetPassword', { token, password: 'acacia-rain-2027' })
    expect(reset.status).toBe(200)
    expect(
      (await app.call('signIn', { email: 'otieno@example.com', password: 'acacia-rain-2027' })).status,
    ).toBe(200)
  })

  it('changes the platform fee: new orders take it, an order placed before keeps its own', async () => {
    const buyer = await personOf(app, 'achieng@example.com')
    const before = data(await app.call('startCheckout', { productId, method: 'card' }, buyer.token))

    const current = data(await app.call('getPlatformTerms', {}, admin.token))
    expect(current.terms.saleFeeBps).toBe(500)
    const bad = await app.call(
      'updatePlatformTerms',
      {
        terms: {
          ...current.terms,
          saleFeeBps: 9_000,
          payoutMinimum: { ...current.terms.payoutMinimum, KES: current.terms.payoutMaximum.KES + 1 },
        },
      },
      admin.token,
    )
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({
      'terms.saleFeeBps': 'The fee can be at most 50%',
      'terms.payoutMinimum.KES': 'The least payout in KES is above the largest',
    })

    const next = {
      ...current.terms,
      saleFeeBps: 800,
      saleFeeFixed: { ...current.terms.saleFeeFixed, KES: 20_00 },
    }
    const saved = await app.call('updatePlatformTerms', { terms: next }, admin.token)
    expect(saved.status).toBe(200)
    expect(data(saved).changed).toEqual(['saleFeeBps', 'saleFeeFixed.KES'])
    expect(data(await app.call('getSettings', {})).platform.fees.saleFeeBps).toBe(800)

    const after = data(await app.call('startCheckout', { productId, method: 'card' }, buyer.token))
    for (const order of [before, after]) {
      expect((await submitSandboxCard(order.next.url, '4242 4242 4242 4242')).status).toBe(303)
      await app.sandboxesIdle()
    }
    const feeOf = async (orderId: string) => {
      const [row] = await app.database.db
        .select({ amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(sql`${ledgerTransactions.orderId} = ${orderId} and ${ledgerEntries.account} = 'platform:fees'`)
      return -(row?.amount ?? 0)
    }
    expect(await feeOf(before.orderId)).toBe(50_00) // 5% of KES 1,000, as when it was placed
    expect(await feeOf(after.orderId)).toBe(80_00 + 20_00) // 8% + KES 20
    const [placed] = await app.database.db.select().from(orders).where(eq(orders.id, after.orderId))
    expect(placed?.terms).toEqual({ feeBps: 800, feeFixed: 20_00, holdDays: current.terms.holdDays })

    const log = data(await app.call('listAuditLog', { q: 'settings.update' }, admin.token))
    expect(log.entries[0]).toEqual(
      expect.objectContaining({
        before: { saleFeeBps: 500, 'saleFeeFixed.KES': 0 },
        after: { saleFeeBps: 800, 'saleFeeFixed.KES': 20_00 },
      }),
    )
    // Put the standard fee back; saving the same terms again changes and logs nothing.
    await app.call('updatePlatformTerms', { terms: current.terms }, admin.token)
    const again = data(await app.call('updatePlatformTerms', { terms: current.terms }, admin.token))
    expect(again.changed).toEqual([])
  })

  it('keeps prices inside the range in force, which an admin narrows or widens', async () => {
    const current = data(await app.call('getPlatformTerms', {}, admin.token)).terms
    // Signed in again: the suspension above ended the seller's first session.
    const signedIn = await app.call('signIn', { email: 'zawadi@example.com', password: 'baobab-shade-2026' })
    const create = (amount: number) =>
      app.call(
        'createProduct',
        { kind: 'digital', title: 'Rare prints', price: { amount, currency: 'KES' } },
        data(signedIn).token,
      )
    const narrowed = { ...current, maxPrice: { ...current.maxPrice, KES: 500_000_00 } }
    expect((await app.call('updatePlatformTerms', { terms: narrowed }, admin.token)).status).toBe(200)
    const refused = await create(600_000_00)
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toEqual({
      'price.amount': expect.stringMatching(/^The highest price in KES is KES\s500,000\.00$/),
    })
    const limits = data(await app.call('getSettings', {})).platform.limits
    expect(limits.maxPrice).toContainEqual({ currency: 'KES', amount: 500_000_00 })
    // Wider than the standard KES 1,000,000: a price above it is taken.
    const widened = { ...current, maxPrice: { ...current.maxPrice, KES: 2_000_000_00 } }
    expect((await app.call('updatePlatformTerms', { terms: widened }, admin.token)).status).toBe(200)
    expect((await create(1_500_000_00)).status).toBe(200)
    const tooWide = { ...current, maxPrice: { ...current.maxPrice, KES: 10 ** 13 } }
    const answer = await app.call('updatePlatformTerms', { terms: tooWide }, admin.token)
    expect(answer.body.errors).toEqual({ 'terms.maxPrice.KES': expect.stringContaining('at most') })
    await app.call('updatePlatformTerms', { terms: current }, admin.token)
  })

  it('shows a change made on another instance within a second', async () => {
    let now = 1_000_000
    const other = new TermsStore(app.database.db, app.services.terms.defaults, () => now)
    const first = await other.get()
    const current = data(await app.call('getPlatformTerms', {}, admin.token)).terms
    await app.call('updatePlatformTerms', { terms: { ...current, holdDays: 3 } }, admin.token)
    now += 500
    expect((await other.get()).holdDays).toBe(first.holdDays)
    now += 500
    expect((await other.get()).holdDays).toBe(3)
    await app.call('updatePlatformTerms', { terms: current }, admin.token)
  })
})
