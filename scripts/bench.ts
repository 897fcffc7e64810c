// `npm run bench`: figures, never a verdict. Measures, in one run on this machine:
//   - first-load JavaScript of pages (gzip bytes of every script the page loads until the network is idle),
//     with the 130 KB budget of / next to it
//   - getSettings requests/second and p99 latency under autocannon, next to a bare node:http endpoint
//     that answers the same bytes, and their ratio.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { chromium } from 'playwright'
import { freePort } from '../tests/support/net'
import { rootDir, startServer } from '../tests/support/process'
import { chromiumArgs, findChromium } from './chromium'

const pages = ['/', '/login', '/explore', '/features']
/** Issue 4's budget: the home page's first load, gzip. */
const HOME_BUDGET_BYTES = 130 * 1024
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const connections = 10
const rpcBody = JSON.stringify({ subject: 'getSettings' })

interface FirstLoad {
  bytes: number
  /** Whether any script the page loaded is the Firebase SDK (it registers itself as "@firebase/…"). */
  firebase: boolean
}

async function firstLoadJs(baseUrl: string, pages: string[]): Promise<Record<string, FirstLoad> | string> {
  const executablePath = findChromium()
  if (!executablePath) return 'skipped: no Chromium (see npm run test:e2e)'
  const browser = await chromium.launch({ executablePath, args: chromiumArgs })
  const sizes: Record<string, FirstLoad> = {}
  try {
    for (const page of pages) {
      // A fresh context per page: nothing cached, no service worker yet — a first visit.
      const context = await browser.newContext()
      const tab = await context.newPage()
      const load: FirstLoad = { bytes: 0, firebase: false }
      const pending: Promise<void>[] = []
      tab.on('response', (res) => {
        if (res.request().resourceType() !== 'script') return
        pending.push(
          res.body().then(
            (body) => {
              load.bytes += gzipSync(body, { level: 9 }).length
              if (body.includes('@firebase/')) load.firebase = true
            },
            () => {},
          ),
        )
      })
      await tab.goto(baseUrl + page, { waitUntil: 'networkidle' })
      await Promise.all(pending)
      sizes[page] = load
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return sizes
}

/** The same pages with Firebase sign-in configured: the SDK should arrive only then, only on /login. */
async function firstLoadWithFirebase(): Promise<Record<string, FirstLoad> | string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'soko-bench-firebase-'))
  const server = await startServer({
    entry: 'built',
    env: {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      FIREBASE_API_KEY: 'bench-not-a-real-key',
      FIREBASE_PROJECT_ID: 'demo-soko-bench',
    },
  })
  try {
    const sizes = await firstLoadJs(server.url, ['/', '/login'])
    if (typeof sizes === 'string') return sizes
    return Object.fromEntries(Object.entries(sizes).map(([page, load]) => [`${page} (Firebase on)`, load]))
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function load(url: string) {
  const result = await autocannon({
    url,
    method: 'POST',
    body: rpcBody,
    headers: { 'content-type': 'application/json' },
    connections,
    duration: seconds,
  })
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

/** The floor: node:http answering the exact bytes getSettings answers, after reading the body as Soko does. */
async function startBare(answer: string): Promise<{ url: string; stop(): void }> {
  const port = await freePort()
  const code = `
    const body = ${JSON.stringify(answer)};
    require('node:http').createServer((req, res) => {
      let data = ''
      req.on('data', (c) => { data += c })
      req.on('end', () => { JSON.parse(data); res.writeHead(200, { 'content-type': 'application/json' }); res.end(body) })
    }).listen(${port}, '127.0.0.1', () => console.log('ready'))`
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()))
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') }
}

async function main() {
  console.log('Building (skipped when up to date)…')
  const built = spawnSync(
    process.execPath,
    [path.join(rootDir, 'scripts', 'start.mjs'), '--build-only', '--if-stale'],
    {
      stdio: 'inherit',
    },
  )
  if (built.status !== 0) process.exit(built.status ?? 1)

  const dataDir = mkdtempSync(path.join(tmpdir(), 'soko-bench-'))
  const server = await startServer({
    entry: 'built',
    env: { DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_URL: '', LOG_LEVEL: 'warn' },
  })
  try {
    const js = await firstLoadJs(server.url, pages)
    const withFirebase = await firstLoadWithFirebase()
    const answer = await (await fetch(`${server.url}/`, { method: 'POST', body: rpcBody })).text()
    const bare = await startBare(answer)
    try {
      // Warm both up, then measure one after the other so they never share the CPU.
      await load(`${server.url}/`)
      const soko = await load(`${server.url}/`)
      const floor = await load(bare.url)
      console.log('\nSoko bench')
      for (const sizes of [js, withFirebase]) {
        if (typeof sizes === 'string') console.log(`  first-load JS: ${sizes}`)
        else
          for (const [page, { bytes, firebase }] of Object.entries(sizes))
            console.log(
              `  first-load JS ${page}: ${(bytes / 1024).toFixed(1)} KB gzip (${bytes} bytes), ` +
                `Firebase SDK ${firebase ? 'loaded' : 'not loaded'}`,
            )
      }
      if (typeof js !== 'string' && js['/'])
        console.log(
          `  budget /: ${(js['/'].bytes / 1024).toFixed(1)} KB of ${HOME_BUDGET_BYTES / 1024} KB ` +
            `(${js['/'].bytes <= HOME_BUDGET_BYTES ? 'within' : 'OVER'})`,
        )
      console.log(`  getSettings (${connections} connections, ${seconds} s, ${answer.length} byte answer):`)
      console.log(`    Soko      ${soko.rps} req/s   p99 ${soko.p99} ms   errors ${soko.errors}`)
      console.log(`    node:http ${floor.rps} req/s   p99 ${floor.p99} ms   errors ${floor.errors}`)
      console.log(`    ratio     ${(soko.rps / floor.rps).toFixed(2)} of bare node:http throughput`)
    } finally {
      bare.stop()
    }
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
