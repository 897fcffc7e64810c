import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { eventInput } from '../tests/support/event-input'
import { freePort } from '../tests/support/net'
import { type Nginx, startNginx } from '../tests/support/nginx'
import { rootDir, type ServerProcess, startServer } from '../tests/support/process'
import { startS3rver } from '../tests/support/s3rver'

/**
 * Ticket drops for `npm run bench`, on a throwaway PostgreSQL, with the limits `npm start` has:
 *
 * - two instances, BUYERS people asking at the same moment for TICKETS tickets of one event, each from an
 *   address of their own (X-Forwarded-For, with TRUST_PROXY on), half of them through each instance;
 * - three instances behind nginx with the reference site (deploy/nginx.conf), as docs/operations.md
 *   deploys them: a thousand people for three hundred tickets, most of them behind a few carrier
 *   addresses (each opens its connection from that loopback address, which nginx forwards) and the rest
 *   from addresses of their own.
 *
 * What must hold: exactly the tickets there are held, no 5xx, and startCheckout's p99 within a second.
 */

const P99_TARGET_MS = 1000
const profileDir = process.env.BENCH_PROFILE_DIR
/** Checkouts made one after another first, for the cost of one with nobody else asking. */
const ALONE = 10

interface DropPlan {
  name: string
  instances: number
  buyers: number
  tickets: number
  behindNginx: boolean
  /** The address buyer `i` comes from. */
  address(i: number): string
  /** What the last measurement was, for the printout. */
  baseline: string
}

/** Two instances, 500 buyers with an address each, 100 tickets. */
export const TWO_INSTANCES: DropPlan = {
  name: '2 instances, one PostgreSQL',
  instances: 2,
  buyers: 500,
  tickets: 100,
  behindNginx: false,
  address: (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  baseline: 'p99 3.3-3.9 s when this row was added (commit 6ef290c)',
}

/** How many of the thousand share a carrier address, and how many addresses they share. */
const CARRIER_BUYERS = 600
const CARRIER_ADDRESSES = 3

/** Three instances behind nginx, 1,000 buyers (600 behind 3 carrier addresses), 300 tickets. */
export const BEHIND_NGINX: DropPlan = {
  name: '3 instances behind nginx, one PostgreSQL',
  instances: 3,
  buyers: 1000,
  tickets: 300,
  behindNginx: true,
  address: (i) =>
    i < CARRIER_BUYERS ? `127.0.0.${10 + (i % CARRIER_ADDRESSES)}` : `127.1.${(i >> 8) & 255}.${i & 255}`,
  baseline: 'first measured with this row (issue 37)',
}

/** CPU seconds spent during the drop, by process: where the time goes. */
export type CpuSplit = Record<string, number>

export interface DropFigures {
  plan: DropPlan
  cpu: CpuSplit
  held: number
  answers: Record<string, number>
  /** From the first order placed to the last (their transactions' start), s. */
  placingSeconds: number
  /** The first answer, ms after the drop began. */
  first: number
  p10: number
  p50: number
  p99: number
  seconds: number
  /** Median startCheckout with no one else asking, ms. */
  alone: number
}

const TICKS_PER_SECOND = 100

/** utime + stime of a process, and of its children: those it has waited for, and those still running. */
function cpuOf(pid: number): number {
  const stat = (of: number | string) => {
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = readFileSync(`/proc/${of}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return (field: number) => Number(fields[field - 3] ?? 0)
  }
  let ticks = 0
  try {
    const own = stat(pid)
    ticks = own(14) + own(15) + own(16) + own(17)
  } catch {
    return 0
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const child = stat(entry)
      if (child(4) === pid) ticks += child(14) + child(15)
    } catch {
      // Gone meanwhile: its time is in its parent's waited-for children now.
    }
  }
  return ticks / TICKS_PER_SECOND
}

/** The PostgreSQL server's postmaster, whose children are the backends. */
function postmasterOf(dataDir: string): number {
  try {
    return Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  } catch {
    return 0
  }
}

/** A throwaway PostgreSQL cluster (scripts/test-postgres.sh), or a reason there is none. */
function startPostgres(dir: string): { url: string; stop(): void } | string {
  const script = path.join(rootDir, 'scripts', 'test-postgres.sh')
  const started = spawnSync('bash', [script, 'start', dir], { encoding: 'utf8' })
  const url = started.stdout.trim().split('\n').at(-1) ?? ''
  if (started.status !== 0 || !url.startsWith('postgres')) {
    const why = `${started.stderr}${started.stdout}`.trim().split('\n').at(-1) ?? ''
    return `skipped: no PostgreSQL to start (${why})`
  }
  return { url, stop: () => spawnSync('bash', [script, 'stop', dir]) }
}

interface Answer {
  status: number
  body: { data?: Record<string, unknown>; message?: string }
}

/**
 * POST / with a JSON body on a connection of its own, opened from `from` when given (a loopback address:
 * Linux answers for all of 127.0.0.0/8), so that nginx sees that address as the client's.
 */
function rpc(
  base: string,
  subject: string,
  input: Record<string, unknown>,
  headers: Record<string, string> = {},
  from?: string,
): Promise<Answer> {
  const body = JSON.stringify({ subject, ...input })
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/`,
      {
        method: 'POST',
        agent: false,
        ...(from ? { localAddress: from } : {}),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString()
          let parsed: Answer['body'] = {}
          try {
            parsed = JSON.parse(text) as Answer['body']
          } catch {
            parsed = { message: text.slice(0, 200) }
          }
          resolve({ status: res.statusCode ?? 0, body: parsed })
        })
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0

export async function ticketDrop(plan: DropPlan): Promise<DropFigures | string> {
  const work = mkdtempSync(path.join(tmpdir(), 'soko-bench-drop-'))
  // The cluster's own user (postgres, when run as root) must reach its folder inside.
  chmodSync(work, 0o755)
  const postgres = startPostgres(path.join(work, 'pg'))
  if (typeof postgres === 'string') return postgres
  const s3 = await startS3rver()
  const servers: ServerProcess[] = []
  let nginx: Nginx | null = null
  try {
    const shared = {
      DATABASE_URL: postgres.url,
      TRUST_PROXY: 'on',
      LOG_LEVEL: 'warn',
      // Measured as production runs it: without the tests' transaction guard.
      TRANSACTION_GUARD: 'off',
      HOOKS_SECRET: 'bench-hooks-secret-of-at-least-32-characters',
      STORAGE_SIGNING_SECRET: 'bench-storage-secret-of-at-least-32-chars',
      // Files in one bucket, as instances must keep them (the drop stores none, but Soko insists).
      STORAGE_S3_BUCKET: s3.settings.bucket,
      STORAGE_S3_ENDPOINT: s3.settings.endpoint ?? '',
      STORAGE_S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      STORAGE_S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
      STORAGE_S3_FORCE_PATH_STYLE: 'on',
    }
    // The first one migrates and puts in the demo data; the others find them there.
    for (let n = 0; n < plan.instances; n++)
      servers.push(
        await startServer({
          entry: 'built',
          env: {
            ...shared,
            DATA_DIR: path.join(work, `instance-${n}`),
            PORT: String(await freePort()),
          },
          // BENCH_PROFILE_DIR=…: each instance writes a V8 CPU profile there when it stops.
          ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
        }),
      )
    const urls = servers.map((server) => server.url)
    const first = urls[0] as string
    if (plan.behindNginx) {
      nginx = await startNginx({
        port: await freePort(),
        upstreams: urls.map((url) => Number(new URL(url).port)),
        // A connection from each buyer and one to an instance for each: more than the tests' 512.
        workerConnections: 4 * plan.buyers,
      })
    }
    // Where buyer i's request goes: nginx, or the instances in turn; and the address it comes from.
    const via = (i: number): { base: string; headers: Record<string, string>; from?: string } =>
      nginx
        ? { base: nginx.url, headers: {}, from: plan.address(i) }
        : {
            base: urls[i % urls.length] as string,
            headers: { 'x-forwarded-for': plan.address(i) },
          }
    const signIn = await rpc(first, 'signIn', { email: 'wanjiru@soko.test', password: 'soko-demo-2026' })
    const token = signIn.body.data?.token
    if (typeof token !== 'string') return `skipped: the demo seller could not sign in (${signIn.status})`
    const seller = { authorization: `Bearer ${token}` }
    const event = async (title: string, capacity: number) => {
      const created = await rpc(
        first,
        'createProduct',
        eventInput(`${title} ${Date.now()}`, { daysAhead: 30, price: 1000_00, capacity }),
        seller,
      )
      const made = created.body.data?.product as { id: string } | undefined
      if (!made) throw new Error(`the event could not be made (${created.status} ${created.body.message})`)
      const published = await rpc(first, 'publishProduct', { id: made.id }, seller)
      if (published.status !== 200)
        throw new Error(`the event could not be published (${published.body.message})`)
      return made
    }
    // Each buyer a person: an e-mail and a device of their own.
    const buy = (productId: string, i: number) => {
      const { base, headers, from } = via(i)
      return rpc(
        base,
        'startCheckout',
        { productId, method: 'card', email: `drop-${i}@example.com`, holders: [`Buyer ${i}`] },
        {
          ...headers,
          'x-soko-device': createHash('sha256').update(`device ${i}`).digest('hex').slice(0, 32),
        },
        from,
      )
    }
    // One buyer at a time first: what a checkout costs with nobody else asking.
    const quiet = await event('Bench quiet', ALONE)
    const alone: number[] = []
    for (let i = 0; i < ALONE; i++) {
      const t0 = performance.now()
      await buy(quiet.id, 100_000 + i)
      alone.push(performance.now() - t0)
    }
    alone.sort((x, y) => x - y)
    const product = await event('Bench drop', plan.tickets)

    const answers: Record<string, number> = {}
    const times: number[] = []
    const pgData = path.join(work, 'pg', 'data')
    const cpuNow = (): CpuSplit => ({
      ...Object.fromEntries(servers.map((server, n) => [`instance ${n + 1}`, cpuOf(server.child.pid ?? 0)])),
      ...(nginx ? { nginx: cpuOf(nginx.pid) } : {}),
      PostgreSQL: cpuOf(postmasterOf(pgData)),
      'the buyers (this process)': process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
    })
    const cpuBefore = cpuNow()
    const started = performance.now()
    await Promise.all(
      Array.from({ length: plan.buyers }, async (_, i) => {
        const t0 = performance.now()
        let status: string
        try {
          status = String((await buy(product.id, i)).status)
        } catch {
          status = 'network error'
        }
        times.push(performance.now() - t0)
        answers[status] = (answers[status] ?? 0) + 1
      }),
    )
    const seconds = (performance.now() - started) / 1000
    const cpuAfter = cpuNow()
    const cpu = Object.fromEntries(
      Object.entries(cpuAfter).map(([name, after]) => [name, after - (cpuBefore[name] ?? 0)]),
    )
    const client = new pg.Client({ connectionString: postgres.url })
    await client.connect()
    try {
      const { rows } = await client.query<{ held: string; span: string | null }>(
        `select coalesce(sum(quantity), 0)::text as held,
                extract(epoch from max(created_at) - min(created_at))::text as span
         from orders where product_id = $1 and status in ('pending', 'paid', 'refunding')`,
        [product.id],
      )
      times.sort((x, y) => x - y)
      return {
        plan,
        cpu,
        held: Number(rows[0]?.held ?? 0),
        placingSeconds: Number(rows[0]?.span ?? 0),
        answers,
        p50: Math.round(percentile(times, 50)),
        p99: Math.round(percentile(times, 99)),
        first: Math.round(times[0] ?? 0),
        p10: Math.round(percentile(times, 10)),
        seconds,
        alone: Math.round(percentile(alone, 50)),
      }
    } finally {
      await client.end()
    }
  } catch (error) {
    return `skipped: ${(error as Error).message.split('\n')[0]}`
  } finally {
    await nginx?.stop()
    for (const server of servers) await server.stop()
    await s3.close()
    postgres.stop()
    rmSync(work, { recursive: true, force: true })
  }
}

export function printTicketDrop(figures: DropFigures | string, plan: DropPlan) {
  if (typeof figures === 'string') {
    console.log(`  ticket drop (${plan.name}): ${figures}`)
    return
  }
  const { held, answers, first, p10, p50, p99, seconds, alone, cpu, placingSeconds } = figures
  const serverErrors = Object.entries(answers)
    .filter(([status]) => /^5/.test(status) || status === 'network error')
    .reduce((sum, [, n]) => sum + n, 0)
  console.log(
    `  ticket drop (${plan.name}, ${plan.buyers} buyers at once for ${plan.tickets} tickets, ${seconds.toFixed(1)} s):`,
  )
  console.log(
    `    held ${held} (target exactly ${plan.tickets}: ${held === plan.tickets ? 'within' : 'OFF'})   ` +
      `startCheckout p50 ${p50} ms, p99 ${p99} ms (target <= ${P99_TARGET_MS} ms: ${p99 <= P99_TARGET_MS ? 'within' : 'OVER'})   ` +
      `5xx ${serverErrors} (target 0)   baseline: ${plan.baseline}`,
  )
  console.log(
    `    answers came from ${first} ms (p10 ${p10} ms); one checkout with nobody else asking: ${alone} ms (median of ${ALONE})`,
  )
  console.log(
    `    the ${held} orders were placed over ${placingSeconds.toFixed(1)} s, ${Math.round((1000 * placingSeconds) / Math.max(1, held - 1))} ms each one after another under the product's lock; those who came for the last tickets heard "Sold out" then`,
  )
  const busy = Object.values(cpu).reduce((sum, n) => sum + n, 0)
  console.log(
    `    CPU during the drop: ${busy.toFixed(1)} s of ${(availableParallelism() * seconds).toFixed(1)} s on ${availableParallelism()} cores — ${Object.entries(
      cpu,
    )
      .map(([name, n]) => `${name} ${n.toFixed(1)} s`)
      .join(', ')}`,
  )
  console.log(
    `    answers: ${Object.entries(answers)
      .map(([status, n]) => `${status} × ${n}`)
      .join(', ')}`,
  )
}
