import { randomUUID } from 'node:crypto'
import { request } from 'node:http'
import path from 'node:path'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/client'
import { ledgerImbalance } from '../../server/ledger/ledger'
import { type Cluster, startCluster } from '../support/cluster'
import { SUITE_LIMITS } from '../support/config'
import { migrationsDir } from '../support/db'
import { invoiceDraft } from '../support/invoices'
import { until } from '../support/jobs'
import { ledgerInvariantViolations } from '../support/ledger-invariants'
import { freePort } from '../support/net'
import { type Nginx, startNginx, UPSTREAM_HEADER } from '../support/nginx'
import { rootDir, type ServerProcess, startServer } from '../support/process'
import { submitSandboxCard } from '../support/sandbox-card'

/** The demo accounts the first instance seeds (server/features/demo/seed.ts). */
const SELLER = { email: 'wanjiru@soko.test', password: 'soko-demo-2026' }
const ADMIN = { email: 'admin@soko.test', password: 'soko-demo-2026' }
/** The seller's M-Pesa number for payouts: one the B2C sandbox pays (README, "Sandbox"). */
const PAYOUT_PHONE = '0712345678'
const PAYOUT_AMOUNT = 100_00
const CARD = '4242 4242 4242 4242'
/** One line of KES 1,000.00, no tax, no deposit: paid in one go. */
const SMALL_INVOICE = {
  lines: [{ description: 'Portrait session', quantityMilli: 1000, unitPrice: 1_000_00 }],
  taxes: [],
  deposit: null,
}

/** How long the clients keep going at least (and until the restarted instance has answered some of it). */
const LOAD_MS = 15_000
/** The second instance is killed this long into the load, once every kind of work has gone through. */
const KILL_AFTER_MS = 5_000
/** The sweep's interval (PAYOUT_SWEEP_SECONDS below): its occurrences may come no closer together. */
const SWEEP_MS = 1000

/**
 * Earnings withdrawable at once, a new destination usable at once, payouts swept every second and asked
 * about a second after they went; jobs polled ten times a second, and a job held by a dead instance taken
 * over three seconds after its last renewal. The checkout limits are the suite's: every buyer here comes
 * through one address, nginx's.
 */
const QUICK = {
  JOB_POLL_MS: '100',
  JOB_LEASE_MS: '3000',
  HOLD_DAYS: '0',
  PAYOUT_NEW_METHOD_WAIT_HOURS: '0',
  PAYOUT_SWEEP_SECONDS: String(SWEEP_MS / 1000),
  PAYOUT_CHECK_AFTER_SECONDS: '1',
  PAYOUT_SEND_LEASE_SECONDS: '2',
  ...SUITE_LIMITS,
}

interface Call {
  what: string
  /** performance.now() when it was sent and when its answer had been read. */
  startedAt: number
  endedAt: number
  /** 0: no answer from nginx at all. */
  status: number
  /** The instance nginx passed it to, or several (`a, b`) when it went on to the next. */
  upstream: string
}

interface Answer {
  status: number
  text: string
  location: string
  // biome-ignore lint/suspicious/noExplicitAny: the RPC answers whatever JSON its subject has
  data: any
}

/** An answer that says nothing about the request (an instance died under it): 5xx, or none. */
const lost = (answer: Answer) => answer.status === 0 || answer.status >= 500

/** Every request of the test goes through nginx here, and is recorded with its times and answer. */
function throughNginx(base: string) {
  const calls: Call[] = []
  async function send(what: string, make: () => Promise<Response>): Promise<Answer> {
    const startedAt = performance.now()
    const answer: Answer = { status: 0, text: '', location: '', data: null }
    let upstream = ''
    try {
      const res = await make()
      answer.text = await res.text()
      answer.status = res.status
      answer.location = res.headers.get('location') ?? ''
      upstream = res.headers.get(UPSTREAM_HEADER) ?? ''
    } catch (error) {
      answer.text = String(error)
    }
    calls.push({ what, startedAt, endedAt: performance.now(), status: answer.status, upstream })
    return answer
  }
  async function rpc(subject: string, input: object, token?: string): Promise<Answer> {
    const answer = await send(subject, () =>
      fetch(`${base}/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ subject, ...input }),
      }),
    )
    try {
      answer.data = JSON.parse(answer.text).data
    } catch {
      // nginx's own error page, or nothing.
    }
    return answer
  }
  const get = (what: string, url: string) =>
    send(what, () => fetch(new URL(url, base), { redirect: 'manual' }))
  const postForm = (what: string, url: string, fields: Record<string, string>) =>
    send(what, () =>
      fetch(new URL(url, base), { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' }),
    )
  return { calls, send, rpc, get, postForm }
}

/**
 * Signs in from the client address `from` (a loopback address other than the one nginx connects to
 * instances from, so the address an instance records tells which one it took), with a forged
 * X-Forwarded-For naming someone else.
 */
function signInFrom(base: string, from: string, who: typeof SELLER, userAgent: string) {
  const body = JSON.stringify({ subject: 'signIn', ...who })
  return new Promise<{ status: number; token: string }>((resolve, reject) => {
    const req = request(
      `${base}/`,
      {
        method: 'POST',
        localAddress: from,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': userAgent,
          'x-forwarded-for': '6.6.6.6',
        },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, token: JSON.parse(text).data?.token ?? '' }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

if (!process.env.DATABASE_URL)
  console.log('cluster.test.ts is skipped: three instances behind nginx need PostgreSQL (set DATABASE_URL)')

/**
 * Three instances of the built server behind nginx running deploy/nginx.conf, on one PostgreSQL and one
 * bucket, as docs/operations.md deploys them; one host's clock ten minutes ahead. Buyers browse and pay on
 * all three rails through the sandboxes, a client pays an invoice, the demo seller withdraws to M-Pesa —
 * every request through nginx, so each step of a payment may land on another instance — and halfway
 * through the second instance is killed with SIGKILL and started again on its port and data folder.
 * Afterwards the database must show every payment settled once, every job run once, and books that
 * balance; and nginx must have answered nothing 5xx but requests the killed instance had in hand.
 */
describe.runIf(process.env.DATABASE_URL)('three instances behind nginx, one killed mid-way', () => {
  it('settle every payment and payout once, run every job once, and answer 5xx only for requests the dead instance held', async () => {
    let cluster: Cluster | null = null
    let nginx: Nginx | null = null
    /** Every instance process, the killed one and its restart included, to print what they said on failure. */
    const processes: ServerProcess[] = []
    const running: ServerProcess[] = []
    let pgClient: pg.Client | null = null
    let stopping = false
    try {
      cluster = await startCluster()
      const nginxPort = await freePort()
      const publicUrl = `http://127.0.0.1:${nginxPort}`
      const common = { ...QUICK, TRUST_PROXY: 'on', PUBLIC_URL: publicUrl }
      const envs = [
        await cluster.instanceEnv(common),
        await cluster.instanceEnv(common),
        // A host whose clock is ten minutes fast: it goes by the database's clock (server/lib/clock.ts).
        await cluster.instanceEnv({
          ...common,
          NODE_OPTIONS: `--import ${path.join(rootDir, 'tests/support/skewed-clock.mjs')}`,
          SOKO_TEST_CLOCK_SKEW_MS: '600000',
        }),
      ] as const
      const start = async (env: Record<string, string>) => {
        const server = await startServer({ env })
        processes.push(server)
        running.push(server)
        return server
      }
      // The first migrates and puts in the demo data; the other two then start together, with nginx.
      await start(envs[0])
      const started = await Promise.all([
        start(envs[1]),
        start(envs[2]),
        startNginx({ port: nginxPort, upstreams: envs.map((env) => Number(env.PORT)) }),
      ])
      const [second, skewed] = started
      nginx = started[2]
      expect(skewed.output()).toMatch(/this host's clock is 600\.\d s ahead of the database's/)
      const db = new pg.Client({ connectionString: cluster.databaseUrl })
      pgClient = db
      await db.connect()
      const http = throughNginx(nginx.url)
      const problems: string[] = []
      /** The answer was the one the flow goes on from; anything else but a lost answer is a problem. */
      const ok = (answer: Answer, status: number, step: string) => {
        if (answer.status === status) return true
        if (!lost(answer)) problems.push(`${step}: answered ${answer.status}: ${answer.text.slice(0, 300)}`)
        return false
      }

      // The seller signs in from 127.0.0.2 with a forged X-Forwarded-For: the session records 127.0.0.2,
      // the address nginx appended, not the forged one, nor 127.0.0.1 (nginx's own, which the instance saw).
      const forgedAgent = `cluster-test/${randomUUID()}`
      const signedIn = await signInFrom(nginx.url, '127.0.0.2', SELLER, forgedAgent)
      expect(signedIn.status).toBe(200)
      const seller = signedIn.token
      const sessions = await db.query('select ip from sessions where user_agent = $1', [forgedAgent])
      expect(sessions.rows).toEqual([{ ip: '127.0.0.2' }])
      const adminSignIn = await http.rpc('signIn', ADMIN)
      expect(adminSignIn.status).toBe(200)
      const admin = adminSignIn.data.token as string

      // An M-Pesa destination, confirmed with the code the SMS sandbox shows, and the seller's first payout,
      // which an admin approves and the sweep pays: the ones during the load need no approval.
      expect((await http.rpc('requestPhoneCode', { phone: PAYOUT_PHONE }, seller)).status).toBe(200)
      let code = ''
      await until(
        async () => {
          const inbox = await http.get('sms inbox', `/sandbox/africastalking/inbox?number=${PAYOUT_PHONE}`)
          code = /(\d{6}) is your Soko code/.exec(inbox.text)?.[1] ?? ''
          if (!code) await pause(100)
          return code !== ''
        },
        'the SMS with the code',
        10_000,
      )
      const added = await http.rpc(
        'addPayoutMethod',
        { method: { kind: 'mpesa', phone: PAYOUT_PHONE }, code },
        seller,
      )
      expect(added.status, added.text).toBe(200)
      const methodId = added.data.method.id as string
      const payoutInput = () => ({
        requestKey: randomUUID(),
        currency: 'KES',
        amount: PAYOUT_AMOUNT,
        methodId,
        speed: 'instant',
      })
      const first = await http.rpc('requestPayout', payoutInput(), seller)
      expect(first.status, first.text).toBe(200)
      expect(first.data.payout.status).toBe('approval')
      const payoutIds: string[] = [first.data.payout.id]
      const approved = await http.rpc('reviewPayout', { payoutId: payoutIds[0], approve: true }, admin)
      expect(approved.status, approved.text).toBe(200)
      // Until one payout has been paid, every new one waits for approval; the load starts after it is.
      await until(
        async () => {
          const seen = await http.rpc('getPayout', { payoutId: payoutIds[0] }, seller)
          if (seen.status === 200 && seen.data.payout.status === 'paid') return true
          await pause(100)
          return false
        },
        'the first payout to be paid',
        20_000,
      )

      // The demo's downloads (one in shillings for cards and M-Pesa, one in dollars for PayPal), and the
      // pages of every product, of every kind, for browsing.
      const products = (
        await db.query(
          `select id, slug, kind, price_currency as currency from products
           where status = 'published' and price_amount > 0 order by price_amount`,
        )
      ).rows as { id: string; slug: string; kind: string; currency: string }[]
      const kes = products.find((p) => p.kind === 'digital' && p.currency === 'KES')
      const usd = products.find((p) => p.kind === 'digital' && p.currency === 'USD')
      if (!kes || !usd) throw new Error('the demo data has no paid download in KES and one in USD')
      const productOf = { card: kes.id, mpesa: kes.id, paypal: usd.id }
      const pages = [
        '/',
        '/explore',
        '/explore/_payload.json',
        ...products.flatMap((p) => [`/${p.slug}`, `/${p.slug}/_payload.json`]),
      ]

      // --- The load ---
      type Rail = 'card' | 'paypal' | 'mpesa'
      const checkouts: { rail: Rail; orderId: string | null; completed: boolean }[] = []
      const invoicePayments: { paymentId: string; completed: boolean }[] = []
      let n = 0
      let killed = false
      let restarted = false
      /** The next step's address must be nginx's: else the test would go round it. */
      const viaNginx = (url: string, step: string) => {
        if (url.startsWith(`${publicUrl}/`)) return true
        problems.push(`${step}: ${url} is not behind nginx (${publicUrl})`)
        return false
      }

      async function checkout(rail: Rail) {
        const i = ++n
        const record = { rail, orderId: null as string | null, completed: false }
        checkouts.push(record)
        const phone = `0711${String(i).padStart(6, '0')}`
        const begun = await http.rpc('startCheckout', {
          productId: productOf[rail],
          method: rail,
          email: `${rail}-${i}@example.com`,
          ...(rail === 'mpesa' ? { phone } : {}),
        })
        if (!ok(begun, 200, `${rail}: startCheckout`)) return
        record.orderId = begun.data.orderId
        if (rail === 'card') {
          if (!viaNginx(begun.data.next.url, 'card')) return
          const paid = await http.send('card: pay', () => submitSandboxCard(begun.data.next.url, CARD))
          record.completed = ok(paid, 303, 'card: pay')
        } else if (rail === 'paypal') {
          if (!viaNginx(begun.data.next.url, 'paypal')) return
          const approved = await http.postForm('paypal: approve', begun.data.next.url, { action: 'pay' })
          if (!ok(approved, 303, 'paypal: approve') || !viaNginx(approved.location, 'paypal: return')) return
          // Back at Soko, which captures the order and sends the buyer to the receipt.
          const back = await http.get('paypal: return', approved.location)
          if (!ok(back, 303, 'paypal: return')) return
          record.completed = back.location.includes(`/sucess-payment?order=${record.orderId}`)
          if (!record.completed) problems.push(`paypal: return went to ${back.location}`)
        } else {
          // The sandbox phone shows the prompt (whichever instance sent it); paying posts its form.
          const phonePage = await http.get('mpesa: phone', `/sandbox/mpesa/phone?number=${phone}`)
          if (!ok(phonePage, 200, 'mpesa: phone')) return
          const action = phonePage.text.match(/<form method="post" action="([^"]+)"/)?.[1]
          if (!action) return void problems.push(`mpesa: no prompt on ${phone}'s sandbox phone`)
          const paid = await http.postForm(
            'mpesa: pay',
            new URL(action.replace(/&amp;/g, '&'), `${publicUrl}/sandbox/mpesa/phone`).href,
            { action: 'pay', pin: '1234' },
          )
          record.completed = ok(paid, 303, 'mpesa: pay')
        }
      }

      async function invoicePayment() {
        const created = await http.rpc('createInvoice', { invoice: invoiceDraft(SMALL_INVOICE) }, seller)
        if (!ok(created, 200, 'createInvoice')) return
        const invoiceId = created.data.invoice.id
        const sent = await http.rpc('sendInvoice', { invoiceId }, seller)
        if (!ok(sent, 200, 'sendInvoice')) return
        const key = new URL(sent.data.invoice.payUrl).searchParams.get('key')
        const begun = await http.rpc('payInvoice', { invoiceId, key, method: 'card' })
        if (!ok(begun, 200, 'payInvoice') || !viaNginx(begun.data.next.url, 'invoice')) return
        const record = { paymentId: begun.data.paymentId as string, completed: false }
        invoicePayments.push(record)
        const paid = await http.send('invoice: pay', () => submitSandboxCard(begun.data.next.url, CARD))
        record.completed = ok(paid, 303, 'invoice: pay')
      }

      async function payout() {
        const input = payoutInput()
        // An answer lost with an instance is asked again with the same key, as the app does: one payout.
        let asked = await http.rpc('requestPayout', input, seller)
        for (let again = 0; again < 5 && lost(asked); again++)
          asked = await http.rpc('requestPayout', input, seller)
        if (!ok(asked, 200, 'requestPayout')) {
          if (lost(asked)) problems.push('requestPayout: six answers in a row lost')
          return
        }
        const id = asked.data.payout.id as string
        if (!payoutIds.includes(id)) payoutIds.push(id)
        // The seller's screen follows it until it is paid (a few seconds at most), and then withdraws again.
        const deadline = performance.now() + 3000
        while (performance.now() < deadline && !stopping) {
          const seen = await http.rpc('getPayout', { payoutId: id }, seller)
          if (seen.status === 200 && seen.data.payout.status === 'paid') return
          await pause(200)
        }
      }

      async function browse() {
        const page = pages[++n % pages.length] ?? '/'
        ok(await http.get(`GET ${page}`, page), 200, `GET ${page}`)
      }

      /** A client's work: an error thrown in it ends that client, as a problem. */
      const guarded = async (work: () => Promise<void>) => {
        try {
          await work()
        } catch (error) {
          problems.push(String(error))
        }
      }
      const loop = (step: () => Promise<void>) =>
        guarded(async () => {
          while (!stopping) await step()
        })
      const loadStart = performance.now()
      const clients = Promise.all([
        loop(browse),
        loop(browse),
        loop(() => checkout('card')),
        loop(() => checkout('paypal')),
        loop(() => checkout('mpesa')),
        loop(payout),
        // One invoice paid before the kill, one while the instance is gone, one after its restart.
        guarded(async () => {
          await invoicePayment()
          await until(() => killed || stopping, 'the kill', 60_000)
          await invoicePayment()
          await until(() => restarted || stopping, 'the restart', 60_000)
          await invoicePayment()
        }),
      ])

      const done = (rail: Rail) => checkouts.some((c) => c.rail === rail && c.completed)
      await until(
        () =>
          performance.now() - loadStart >= KILL_AFTER_MS &&
          done('card') &&
          done('paypal') &&
          done('mpesa') &&
          payoutIds.length > 1,
        'a checkout on every rail and a payout before the kill',
        30_000,
      )

      // SIGKILL: no drain, no cleanup; the instance's connections, transactions and job leases are left as
      // they were. "The kill" lasts from the signal until the process is seen gone.
      const victimPort = Number(envs[1].PORT)
      const killSentAt = performance.now()
      second.child.kill('SIGKILL')
      await second.exited
      const killDoneAt = performance.now()
      running.splice(running.indexOf(second), 1)
      killed = true
      // The jobs it held at its death, named by its pid (runner.ts: host/pid/random): only these may run
      // twice. Taken before their leases (3 s) can run out and another instance takes them over.
      const heldByVictim = new Map(
        (
          await db.query(
            "select id, name, attempts from jobs where status = 'running' and split_part(locked_by, '/', 2) = $1",
            [String(second.child.pid)],
          )
        ).rows.map((row: { id: string; name: string; attempts: number }) => [row.id, row]),
      )

      // A moment without it: the load goes on through the other two.
      await until(
        () =>
          http.calls.filter((c) => c.startedAt > killDoneAt && c.status > 0 && c.status < 500).length >= 20,
        'answers from the two instances left',
        20_000,
      )
      await start(envs[1])
      const restartedAt = performance.now()
      restarted = true
      // nginx tries the instance again once its fail_timeout (5 s) has passed since the failure it saw.
      const servedByRestart = () =>
        http.calls.some(
          (c) =>
            c.upstream === `127.0.0.1:${victimPort}` &&
            c.startedAt > restartedAt &&
            c.status > 0 &&
            c.status < 500,
        )
      await until(
        () => performance.now() - loadStart >= LOAD_MS && servedByRestart(),
        'nginx to pass requests to the restarted instance',
        LOAD_MS + 20_000,
      )
      stopping = true
      await clients
      expect(problems).toEqual([])

      // 2. nginx answered 5xx (or nothing) only to requests the killed instance had in hand: sent before it
      // was gone, answered after the signal, and passed to it. Anything else — an instance failing under
      // load, nginx passing a POST on to a second instance and failing, an instance that lost its
      // database connections — shows here.
      const failed = http.calls.filter((c) => c.status === 0 || c.status >= 500)
      const unexplained = failed.filter(
        (c) =>
          !(
            [502, 504].includes(c.status) &&
            c.startedAt < killDoneAt &&
            c.endedAt > killSentAt &&
            c.upstream.split(', ').includes(`127.0.0.1:${victimPort}`)
          ),
      )
      expect(unexplained).toEqual([])
      // And each of the three answered its share (the restarted one after its restart, checked above).
      for (const env of envs)
        expect(http.calls.some((c) => c.upstream === `127.0.0.1:${env.PORT}` && c.status === 200)).toBe(true)

      // --- Quiet: everything that should settle has (bounded) ---
      const completedOrders = checkouts.filter((c) => c.completed).map((c) => c.orderId)
      const completedInvoicePayments = invoicePayments.filter((p) => p.completed).map((p) => p.paymentId)
      const unsettled = async () =>
        (
          await db.query(
            `select
              (select count(*)::int from orders where id = any($1::uuid[]) and status <> 'paid') as orders,
              (select count(*)::int from invoice_payments where id = any($2::uuid[]) and status <> 'paid') as invoices,
              (select count(*)::int from payouts where status in ('approval', 'scheduled', 'sending', 'processing')) as payouts,
              (select count(*)::int from jobs where (status = 'queued' and run_at < now() - interval '3 seconds')
                or (status = 'running' and locked_until < now())) as overdue_jobs`,
            [completedOrders, completedInvoicePayments],
          )
        ).rows[0]
      const settled = JSON.stringify({ orders: 0, invoices: 0, payouts: 0, overdue_jobs: 0 })
      await until(
        async () => {
          if (JSON.stringify(await unsettled()) === settled) return true
          await pause(200)
          return false
        },
        'every payment and payout to settle and the due jobs to run',
        20_000,
      ).catch(async (error: Error) => {
        // What each payout still open went through, to tell a lost answer from a slow sweep.
        const open = await db.query(
          `select id, status, attempts, send_key, due_at, updated_at, timeline from payouts
           where status in ('approval', 'scheduled', 'sending', 'processing')`,
        )
        throw new Error(
          `${error.message}: still ${JSON.stringify(await unsettled())}; open payouts ${JSON.stringify(open.rows)}`,
        )
      })

      // Stopped as an operator stops them (SIGTERM): the books are read with nothing writing.
      for (const server of running.splice(0)) expect(await server.stop()).toBe(0)
      await nginx.stop()

      // 1. Every payment started was settled once: each completed checkout and invoice payment is paid with
      // one sale; no order or invoice payment anywhere has two (one that was in doubt, its answer lost with
      // the instance, may be paid or not, but never twice). Each payout (to a number the sandbox pays) is
      // paid, with the money sent once: by the ledger, and by M-Pesa, which holds one completed payment for
      // it, under its id or a retry key `{id}.{n}` (two would be money sent twice), with the seller's receipt.
      const orders = await db.query(
        `select o.id, o.status, (select count(*)::int from ledger_transactions t
           where t.order_id = o.id and t.kind = 'sale') as sales
         from orders o where o.id = any($1::uuid[])`,
        [completedOrders],
      )
      expect(orders.rows).toHaveLength(completedOrders.length)
      for (const row of orders.rows) expect(row).toMatchObject({ status: 'paid', sales: 1 })
      const invoices = await db.query(
        `select p.status, i.status as invoice, (select count(*)::int from ledger_transactions t
           where t.invoice_payment_id = p.id and t.kind = 'sale') as sales
         from invoice_payments p join invoices i on i.id = p.invoice_id where p.id = any($1::uuid[])`,
        [completedInvoicePayments],
      )
      expect(invoices.rows).toEqual(
        completedInvoicePayments.map(() => ({ status: 'paid', invoice: 'paid', sales: 1 })),
      )
      const twice = await db.query(
        `select order_id, invoice_payment_id, count(*)::int as sales from ledger_transactions
         where kind = 'sale' and (order_id is not null or invoice_payment_id is not null)
         group by order_id, invoice_payment_id having count(*) > 1`,
      )
      expect(twice.rows).toEqual([])
      const payouts = await db.query(
        `select p.id, p.status, p.receipt,
           (select array_agg(t.kind order by t.kind collate "C") from ledger_transactions t
             where t.payout_id = p.id)::text as kinds,
           (select array_agg(s.data->>'receipt') from sandbox_objects s
             where s.provider = 'mpesa' and s.kind = 'b2c' and s.data->>'state' = 'completed'
               and (s.data->>'originatorConversationId' = p.id::text
                 or s.data->>'originatorConversationId' like p.id::text || '.%')) as mpesa
         from payouts p`,
      )
      // Each payout asked for is one payout (a repeated request key answered the first), and none other.
      expect(payouts.rows.map((p) => p.id).sort()).toEqual([...payoutIds].sort())
      for (const row of payouts.rows) {
        expect(row).toMatchObject({ status: 'paid', kinds: '{payout,payout-sent}', mpesa: [row.receipt] })
      }

      // 3. Every job ran once. A job's row keeps its attempts (claims, each counted when made) but not who
      // made them: `locked_by` is cleared when a run ends. So the only second run this test can tell from
      // a first is by the count, and only one cause is allowed: the killed instance held the job (the
      // snapshot above) and another took it over once its lease ran out. A lease a living instance lost
      // (its clock read wrong, the host ten minutes ahead taking over what others run) or a run that failed
      // and was retried shows as attempts > 1 on a job it did not hold.
      const jobs = await db.query(
        "select id, name, status, attempts, last_error from jobs where attempts > 1 or status = 'failed'",
      )
      const runTwice = jobs.rows.filter((job) => {
        const held = heldByVictim.get(job.id)
        return !held || job.attempts > held.attempts + 1
      })
      expect(runTwice).toEqual([])
      // Two live occurrences of one recurring job cannot exist at once (a unique index on the key of queued
      // and running rows), so what is checked is what a doubled or early occurrence would leave behind: the
      // payout sweep's occurrences no closer together than its interval (each is queued by the one before,
      // as it ends, an interval later on the clock of the instance that ran it, which took it only once due
      // on that same clock), and nothing finished ahead of the database's clock or queued further ahead than
      // an interval (and a second, the most two clocks may differ and still count as agreeing), as a host
      // going by its own clock, ten minutes fast, would leave it.
      const sweeps = (
        await db.query(
          "select (extract(epoch from run_at) * 1000)::float8 as at from jobs where name = 'payouts.sweep' order by run_at",
        )
      ).rows.map((row: { at: number }) => row.at)
      expect(sweeps.length).toBeGreaterThan(10)
      // Less a millisecond for the float the times are read as.
      const crowded = sweeps.slice(1).filter((at, i) => at - (sweeps[i] ?? 0) < SWEEP_MS - 1)
      expect(crowded).toEqual([])
      const ahead = await db.query(
        `select id, name, status, run_at, finished_at from jobs
         where finished_at > now()
           or (name = 'payouts.sweep' and status = 'queued' and run_at > now() + $1 * interval '1 millisecond')`,
        [SWEEP_MS + 1000],
      )
      expect(ahead.rows).toEqual([])

      // 4. The books balance in every currency, and hold every invariant the suite checks.
      const database = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl }, migrationsDir)
      try {
        expect(await ledgerImbalance(database.db)).toEqual({})
        expect(await ledgerInvariantViolations(database.db)).toEqual([])
      } finally {
        await database.close()
      }

      console.log(
        `cluster: ${http.calls.length} requests through nginx, ${failed.length} lost with the killed instance` +
          `${failed.length ? ` (${failed.map((c) => c.what).join(', ')})` : ''}; ` +
          `${completedOrders.length} checkouts (${checkouts.length} begun), ${payoutIds.length} payouts, ` +
          `${completedInvoicePayments.length} invoice payments; ${heldByVictim.size} jobs held by the killed instance; ` +
          `restarted instance up ${Math.round(restartedAt - killDoneAt)} ms after the kill`,
      )
    } catch (error) {
      for (const server of processes)
        console.error(`---- instance ${server.child.pid} ----\n${server.output()}`)
      if (nginx) console.error(`---- nginx ----\n${nginx.output()}`)
      throw error
    } finally {
      stopping = true
      for (const server of running) await server.stop()
      await nginx?.stop()
      await pgClient?.end().catch(() => {})
      await cluster?.close()
    }
  }, 90_000)
})
