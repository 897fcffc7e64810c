import { randomUUID } from 'node:crypto'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { PayoutView } from '../../contract/payouts.contract'
import { type DatabaseTarget, openDatabase } from '../../server/db/client'
import { ledgerEntries, ledgerTransactions, payouts } from '../../server/db/schema'
import { ledgerImbalance } from '../../server/ledger/ledger'
import { createScratchDatabase, databaseKinds, migrationsDir } from '../support/db'
import { startMpesaServer } from '../support/mpesa-server'
import { freePort } from '../support/net'
import { type ServerProcess, startServer } from '../support/process'
import { submitSandboxCard } from '../support/sandbox-card'

/** The demo accounts an empty database is seeded with (server/features/demo/seed.ts). */
const SELLER = { email: 'wanjiru@soko.test', password: 'soko-demo-2026' }
const ADMIN = { email: 'admin@soko.test', password: 'soko-demo-2026' }
const PHONE = '0712345678'
const AMOUNT = 500_00

/**
 * Earnings withdrawable at once, a new destination usable at once, and a crashed send resumed in seconds:
 * the send lease, the first status check and the sweep, which are minutes in production.
 */
const QUICK = {
  // On PostgreSQL too, one server at a time: the crashed one, then its restart.
  SINGLE_INSTANCE: 'on',
  HOLD_DAYS: '0',
  PAYOUT_NEW_METHOD_WAIT_HOURS: '0',
  PAYOUT_SEND_LEASE_SECONDS: '2',
  PAYOUT_CHECK_AFTER_SECONDS: '1',
  PAYOUT_SWEEP_SECONDS: '1',
  JOB_POLL_MS: '100',
  // A sweep killed mid-run holds its job this long: the restarted server's next sweep waits for it.
  JOB_LEASE_MS: '2000',
}

async function rpc<T>(base: string, subject: string, input: object, token?: string): Promise<T> {
  const res = await fetch(`${base}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ subject, ...input }),
  })
  const body = (await res.json()) as { data: T; message?: string }
  if (res.status !== 200) throw new Error(`${subject}: ${res.status} ${body.message}`)
  return body.data
}

const signIn = async (base: string, who: { email: string; password: string }) =>
  (await rpc<{ token: string }>(base, 'signIn', who)).token

/** Polls every 100 ms until `check` answers a value; fails naming what was awaited after `timeoutMs`. */
async function eventually<T>(check: () => Promise<T | null>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== null) return value
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * What a stopped (or killed) server's database says of a payout: its status, its ledger transactions, what
 * they moved to M-Pesa's account, and the whole ledger's imbalance per currency (none: `{}`).
 */
async function books(target: DatabaseTarget, payoutId: string) {
  const database = await openDatabase(target, migrationsDir)
  try {
    const [row] = await database.db.select().from(payouts).where(eq(payouts.id, payoutId))
    const entries = await database.db
      .select({ kind: ledgerTransactions.kind, account: ledgerEntries.account, amount: ledgerEntries.amount })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .where(eq(ledgerTransactions.payoutId, payoutId))
    const transactions = await database.db
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.payoutId, payoutId))
    return {
      status: row?.status,
      transactions: transactions.map((t) => t.kind).sort(),
      toMpesa: entries.filter((e) => e.account === 'provider:mpesa').map((e) => e.amount),
      imbalance: await ledgerImbalance(database.db),
    }
  } finally {
    await database.close()
  }
}

/**
 * A payout whose server dies with SIGKILL after its ledger entries were written and while M-Pesa's answer
 * is awaited is paid exactly once after a restart, whichever side of M-Pesa the request was lost on:
 * never there (the restarted server sends it again, and it is paid), or carried out with every answer
 * lost (sent again under the same OriginatorConversationID, M-Pesa answers a duplicate, and Transaction
 * Status finds the payment). M-Pesa runs in this process (tests/support/mpesa-server.ts) and the server
 * talks to it as to live M-Pesa, over HTTP, so the request can be held while the server is killed.
 */
describe.each(databaseKinds)('a payout whose server is killed while M-Pesa is asked, on %s', (kind) => {
  /** The server's data as the setup left it, stopped: copied for each case. */
  let preparedDir: string
  let preparedDb: { url: string; drop(): Promise<void> } | null = null
  let methodId: string

  // A sale and an M-Pesa destination, made once through the API: each case starts from a copy.
  beforeAll(async () => {
    preparedDir = mkdtempSync(path.join(tmpdir(), 'soko-crash-'))
    preparedDb =
      kind === 'postgres' ? await createScratchDatabase(inject('postgresTemplate') || undefined) : null
    const server = await startServer({
      env: {
        ...QUICK,
        DATA_DIR: preparedDir,
        DATABASE_URL: preparedDb?.url ?? '',
        PORT: String(await freePort()),
      },
    })
    try {
      const base = server.url
      const seller = await signIn(base, SELLER)
      const { products } = await rpc<{
        products: { id: string; status: string; price: { currency: string } }[]
      }>(base, 'listMyProducts', { kinds: ['digital'] }, seller)
      const product = products.find((p) => p.status === 'published' && p.price.currency === 'KES')
      if (!product) throw new Error('no published KES product among the demo seller’s')
      const buyer = await rpc<{ token: string }>(base, 'signUp', {
        name: 'Achieng Otieno',
        email: 'achieng@example.com',
        password: 'a-long-walk-to-lamu',
      })
      const started = await rpc<{ orderId: string; accessKey: string; next: { url: string } }>(
        base,
        'startCheckout',
        { productId: product.id, method: 'card' },
        buyer.token,
      )
      expect((await submitSandboxCard(started.next.url, '4242 4242 4242 4242')).status).toBe(303)
      await eventually(async () => {
        const { order } = await rpc<{ order: { status: string } }>(
          base,
          'getOrder',
          { orderId: started.orderId, key: started.accessKey },
          buyer.token,
        )
        return order.status === 'paid' ? true : null
      }, 'the order to be paid')

      // The seller proves the number with the code the SMS sandbox shows in its inbox.
      await rpc(base, 'requestPhoneCode', { phone: PHONE }, seller)
      const code = await eventually(async () => {
        const inbox = await (await fetch(`${base}/sandbox/africastalking/inbox?number=${PHONE}`)).text()
        return /(\d{6}) is your Soko code/.exec(inbox)?.[1] ?? null
      }, 'the SMS with the code')
      const added = await rpc<{ method: { id: string } }>(
        base,
        'addPayoutMethod',
        { method: { kind: 'mpesa', phone: PHONE }, code },
        seller,
      )
      methodId = added.method.id
    } finally {
      expect(await server.stop()).toBe(0)
    }
  }, 60_000)

  afterAll(async () => {
    await preparedDb?.drop()
    rmSync(preparedDir, { recursive: true, force: true })
  })

  it.each([
    ['the request is lost on the way (M-Pesa never got it): it is sent again and paid', 'the request'],
    [
      'M-Pesa paid it and every answer is lost: the repeat is a duplicate, Transaction Status finds the payment',
      'every answer',
    ],
  ] as const)(
    '%s',
    async (_name, lost) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'soko-crash-'))
      cpSync(preparedDir, dataDir, { recursive: true })
      const scratch = preparedDb
        ? await createScratchDatabase(new URL(preparedDb.url).pathname.slice(1))
        : null
      const mpesa = await startMpesaServer()
      // The same port after the restart: the result addresses M-Pesa was given name it.
      const env = {
        ...QUICK,
        ...mpesa.env,
        DATA_DIR: dataDir,
        DATABASE_URL: scratch?.url ?? '',
        PORT: String(await freePort()),
      }
      const target: DatabaseTarget = scratch
        ? { kind: 'postgres', url: scratch.url }
        : { kind: 'pglite', dataDir }
      /** Every server process of this case, to show what they printed if it fails. */
      const started: ServerProcess[] = []
      let server: ServerProcess | null = await startServer({ env })
      started.push(server)
      try {
        const base = server.url
        const seller = await signIn(base, SELLER)
        const admin = await signIn(base, ADMIN)
        const { payout } = await rpc<{ payout: PayoutView }>(
          base,
          'requestPayout',
          { requestKey: randomUUID(), currency: 'KES', amount: AMOUNT, methodId, speed: 'instant' },
          seller,
        )
        // The seller's first payout: the ledger has it, and it waits for an admin.
        expect(payout).toMatchObject({ status: 'approval', amount: AMOUNT })

        mpesa.holdB2c(true)
        // Approving sends it: the request reaches M-Pesa, and the server waits for the answer until it dies.
        // (The sweep may have sent it first, the approval then answering at once: the same moment to die.)
        const approving = rpc(base, 'reviewPayout', { payoutId: payout.id, approve: true }, admin).catch(
          () => null,
        )
        const held = await mpesa.held()
        expect(held.originatorConversationId).toBe(payout.id)
        server.child.kill('SIGKILL')
        await server.exited
        server = null
        await approving
        mpesa.holdB2c(false)
        // Killed after the ledger write and before any answer: the money is set aside, the payout on its way.
        expect(await books(target, payout.id)).toEqual({
          status: 'sending',
          transactions: ['payout'],
          toMpesa: [],
          imbalance: {},
        })

        if (lost === 'the request') mpesa.drop(held)
        else {
          // M-Pesa carries it out now; its result goes to a server that is not there.
          await mpesa.forward(held)
          expect(mpesa.hooks).toEqual([{ hook: 'b2c', id: payout.id, resultCode: '0', delivered: false }])
          expect(await mpesa.payments()).toEqual([
            expect.objectContaining({ originatorConversationId: payout.id, state: 'completed' }),
          ])
        }

        server = await startServer({ env })
        started.push(server)
        const paid = await eventually(async () => {
          const { payout: now } = await rpc<{ payout: PayoutView }>(
            base,
            'getPayout',
            { payoutId: payout.id },
            seller,
          )
          expect(['sending', 'processing', 'paid']).toContain(now.status)
          return now.status === 'paid' ? now : null
        }, 'the payout to be paid after the restart')

        // The result that paid it may still be on its way back to M-Pesa's side of the connection.
        await mpesa.idle()
        // M-Pesa holds one payment, and the receipt the seller sees is its.
        const payments = await mpesa.payments()
        expect(payments).toEqual([
          expect.objectContaining({
            originatorConversationId: payout.id,
            phone: `254${PHONE.slice(1)}`,
            amount: payout.arrives / 100,
            state: 'completed',
          }),
        ])
        expect(paid.receipt).toBe(payments[0]?.receipt)
        // Every request M-Pesa saw carried the payout's own id (a new one would have been a second payment):
        // the one the killed server was waiting on, then the restarted server's (more than one only if an
        // answer took longer than the lease on a busy machine).
        const [first, ...repeats] = mpesa.b2c
        expect(first).toEqual({
          originatorConversationId: payout.id,
          fate: lost === 'the request' ? 'dropped' : 'taken',
        })
        expect(repeats.length).toBeGreaterThanOrEqual(1)
        for (const repeat of repeats)
          expect(repeat).toEqual({ originatorConversationId: payout.id, fate: 'taken' })
        // What M-Pesa posted: the payment's result (lost with the server when M-Pesa took the request
        // late), a duplicate (15) for each repeat of a request it had carried out, and Transaction Status
        // answers, which find the payment (asked after a duplicate, and whenever a result is late).
        const results = mpesa.hooks.filter((h) => h.hook === 'b2c')
        const statuses = mpesa.hooks.filter((h) => h.hook === 'b2c-status')
        expect(results.length + statuses.length).toBe(mpesa.hooks.length)
        const paidResult = { hook: 'b2c', id: payout.id, resultCode: '0', delivered: lost === 'the request' }
        const duplicate = { hook: 'b2c', id: payout.id, resultCode: '15', delivered: true }
        expect(results).toEqual([
          paidResult,
          ...Array.from(
            { length: lost === 'the request' ? repeats.length - 1 : repeats.length },
            () => duplicate,
          ),
        ])
        if (lost === 'every answer') expect(statuses.length).toBeGreaterThanOrEqual(1)
        for (const status of statuses)
          expect(status).toEqual({ hook: 'b2c-status', id: payout.id, resultCode: '0', delivered: true })

        expect(await server.stop()).toBe(0)
        server = null
        // The books: the payout left them once, what arrived going out through M-Pesa, and they balance.
        expect(await books(target, payout.id)).toEqual({
          status: 'paid',
          transactions: ['payout', 'payout-sent'],
          toMpesa: [-payout.arrives],
          imbalance: {},
        })
      } catch (error) {
        console.error(started.map((s) => s.output()).join('\n---- restarted ----\n'))
        throw error
      } finally {
        await server?.stop()
        await mpesa.close()
        await scratch?.drop()
        rmSync(dataDir, { recursive: true, force: true })
      }
    },
    60_000,
  )
})
