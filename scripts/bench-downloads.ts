import { spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { queuedFile } from '../contract/downloads'
import { loadConfig } from '../server/env'
import { createStorage } from '../server/storage/create-storage'
import { downloadFile, type EngineDeps } from '../sw/downloads/engine'
import { startDropProxy } from '../tests/support/drop-proxy'
import { freePort } from '../tests/support/net'

/**
 * Download figures for `npm run bench`: the file endpoint's throughput next to a plain static file server
 * (node:http piping the same file from disk) measured in the same run, and the offline library's resume
 * overhead — bytes sent again ÷ file size — when a download is cut off DROPS times at random points.
 */

const MB = 1024 * 1024
const FILE_BYTES = 64 * MB
const ROUNDS = 4
const PAIRS = 5
const DROPS = 10

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

export interface DownloadFigures {
  fileBytes: number
  /** MB/s over ROUNDS whole downloads one after another, the median of PAIRS turns each. */
  soko: number
  staticServer: number
  drops: number
  resent: number
  requests: number
}

async function throughput(url: string): Promise<number> {
  const started = performance.now()
  for (let i = 0; i < ROUNDS; i++) {
    const res = await fetch(url)
    if (!res.ok || !res.body) throw new Error(`${url} answered ${res.status}`)
    let bytes = 0
    for await (const chunk of res.body) bytes += chunk.length
    if (bytes !== FILE_BYTES) throw new Error(`${url} sent ${bytes} bytes of ${FILE_BYTES}`)
  }
  return (ROUNDS * FILE_BYTES) / MB / ((performance.now() - started) / 1000)
}

/** The floor: node:http streaming the file from disk, nothing else. */
async function startStatic(file: string): Promise<{ url: string; stop(): void }> {
  const port = await freePort()
  const code = `
    const fs = require('node:fs')
    const size = fs.statSync(${JSON.stringify(file)}).size
    require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size })
      fs.createReadStream(${JSON.stringify(file)}).pipe(res)
    }).listen(${port}, '127.0.0.1', () => console.log('ready'))`
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()))
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') }
}

/** Figures against a running server whose data folder is `dataDir` (disk storage). */
export async function downloadFigures(serverUrl: string, dataDir: string): Promise<DownloadFigures> {
  // The server's own storage (same folder, same signing secret): a file to serve, and links to it.
  const storage = createStorage(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }))
  const key = 'bench/downloads/file.bin'
  const body = randomBytes(FILE_BYTES)
  await storage.write(key, body, 'application/octet-stream')
  const link = async (base = serverUrl) =>
    new URL(await storage.downloadUrl(key, { expiresInSeconds: 600 }), base).href
  const plain = path.join(dataDir, 'bench-static.bin')
  writeFileSync(plain, body)
  const staticServer = await startStatic(plain)
  try {
    // Warm both, then in turns so they never share the CPU; the median of PAIRS turns each, as one turn on
    // two cores shared with the client varies by half either way.
    await throughput(await link())
    await throughput(staticServer.url)
    const sokoRuns: number[] = []
    const floorRuns: number[] = []
    for (let i = 0; i < PAIRS; i++) {
      sokoRuns.push(await throughput(await link()))
      floorRuns.push(await throughput(staticServer.url))
    }
    const soko = median(sokoRuns)
    const floor = median(floorRuns)

    const proxy = await startDropProxy(serverUrl)
    try {
      const start = proxy.served()
      for (let i = 0; i < DROPS; i++) proxy.dropAt(start + Math.floor(Math.random() * FILE_BYTES))
      const parts = new Map<number, Uint8Array>()
      const deps: EngineDeps = {
        fetch: (url, init) => fetch(url, init),
        freshLink: async () => ({
          url: await link(proxy.url),
          expiresAt: Date.now() + 600_000,
          size: FILE_BYTES,
          sha256: createHash('sha256').update(body).digest('hex'),
          downloadId: 'bench',
        }),
        putPart: async (_file, offset, bytes) => {
          parts.set(offset, bytes)
        },
        clearParts: async () => parts.clear(),
        save: async () => {},
        progress: () => {},
        wait: async () => {},
      }
      const file = queuedFile({
        orderId: 'bench',
        fileId: 'file',
        fileName: 'file.bin',
        contentType: 'application/octet-stream',
        size: FILE_BYTES,
        apiBase: '',
      })
      const done = await downloadFile(file, deps, new AbortController().signal)
      if (done.status !== 'done') throw new Error('the resumed download did not finish')
      return {
        fileBytes: FILE_BYTES,
        soko,
        staticServer: floor,
        drops: DROPS,
        resent: proxy.served() - start - FILE_BYTES,
        requests: proxy.requests().length,
      }
    } finally {
      await proxy.close()
    }
  } finally {
    staticServer.stop()
    await storage.delete(key)
  }
}

export function printDownloadFigures(figures: DownloadFigures | string) {
  if (typeof figures === 'string') {
    console.log(`  downloads: ${figures}`)
    return
  }
  const { fileBytes, soko, staticServer, drops, resent, requests } = figures
  console.log(
    `  file endpoint (${fileBytes / MB} MB file, ${ROUNDS} whole downloads a turn, median of ${PAIRS} turns each):`,
  )
  console.log(`    Soko /files/   ${soko.toFixed(0)} MB/s`)
  console.log(`    static server  ${staticServer.toFixed(0)} MB/s`)
  console.log(
    `    ratio          ${(soko / staticServer).toFixed(2)} of a plain static file server (target >= 0.8; baseline 0.27)`,
  )
  console.log(
    `  resume overhead: ${drops} drops, ${(resent / 1024).toFixed(0)} KB sent again of ${fileBytes / MB} MB ` +
      `= ${((resent / fileBytes) * 100).toFixed(2)}% (${requests} requests)`,
  )
}
