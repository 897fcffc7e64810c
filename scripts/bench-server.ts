import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'

/**
 * Server figures for `npm run bench`: requests per second and p99 latency of the database-bound public
 * endpoints under autocannon (the server-rendered product page and the catalog payloads, asked for as a
 * browser asks: compressed), and the server's memory while that load goes on.
 */

/** As the performance issue measures: 50 connections at once. */
export const CONNECTIONS = 50
/** What a browser says it accepts: the server answers in one of these. */
const BROWSER_ENCODINGS = 'gzip, deflate, br'

export interface LoadFigure {
  label: string
  rps: number
  p99: number
  errors: number
}

async function get(url: string, seconds: number, connections = CONNECTIONS) {
  const result = await autocannon({
    url,
    headers: { 'accept-encoding': BROWSER_ENCODINGS },
    connections,
    duration: seconds,
  })
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

/** The public endpoints that read the catalog: one run each after a short warm-up. */
export function catalogEndpoints(slug: string | null): { label: string; path: string }[] {
  return [
    ...(slug ? [{ label: '/{slug} HTML', path: `/${slug}` }] : []),
    { label: '/explore/_payload.json', path: '/explore/_payload.json' },
    ...(slug ? [{ label: '/{slug}/_payload.json', path: `/${slug}/_payload.json` }] : []),
  ]
}

export async function catalogLoad(
  baseUrl: string,
  slug: string | null,
  seconds: number,
): Promise<LoadFigure[]> {
  const figures: LoadFigure[] = []
  for (const { label, path } of catalogEndpoints(slug)) {
    await get(baseUrl + path, 1)
    figures.push({ label, ...(await get(baseUrl + path, seconds)) })
  }
  return figures
}

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1])
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null
  } catch {
    return null
  }
}

export interface MemoryFigures {
  seconds: number
  /** RSS once warmed up (after the first tenth of the run), at its highest, and at the end. */
  warm: number
  peak: number
  end: number
  samples: number[]
  requests: number
  errors: number
}

/**
 * The server's memory under `seconds` of the catalog load (the three endpoints taking turns), sampled
 * every second; flat after warm-up means the end is within 10 % of the warm figure.
 */
export async function memoryUnderLoad(
  pid: number,
  baseUrl: string,
  slug: string | null,
  seconds: number,
): Promise<MemoryFigures | string> {
  if (rssMb(pid) === null) return 'skipped: no /proc to read the memory from'
  const samples: number[] = []
  const timer = setInterval(() => {
    const mb = rssMb(pid)
    if (mb !== null) samples.push(mb)
  }, 1000)
  const endpoints = catalogEndpoints(slug)
  const slice = Math.max(1, Math.round(seconds / 15))
  let requests = 0
  let errors = 0
  const started = Date.now()
  try {
    for (let i = 0; Date.now() - started < seconds * 1000; i++) {
      const endpoint = endpoints[i % endpoints.length]
      if (!endpoint) break
      const left = Math.ceil((seconds * 1000 - (Date.now() - started)) / 1000)
      const result = await autocannon({
        url: baseUrl + endpoint.path,
        headers: { 'accept-encoding': BROWSER_ENCODINGS },
        connections: CONNECTIONS,
        duration: Math.max(1, Math.min(slice, left)),
      })
      requests += result.requests.total
      errors += result.errors + result.timeouts + result.non2xx
    }
  } finally {
    clearInterval(timer)
  }
  const warmAt = Math.floor(samples.length / 10)
  return {
    seconds,
    warm: samples[warmAt] ?? 0,
    peak: Math.max(...samples),
    end: samples.at(-1) ?? 0,
    samples,
    requests,
    errors,
  }
}
