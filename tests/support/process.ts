import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import { buildIsFresh } from '../../scripts/source-hash.mjs'
import { findProjectRoot } from '../../server/env'
import { freePort } from './net'

export const rootDir = findProjectRoot()

/**
 * The built server when dist/ holds a build of the sources as they are (`npm test` builds before the
 * integration tests): it is ready in about two thirds of the time, with no TypeScript to compile. Else
 * the sources, so that a test run alone never tries an old build. Decided once per process.
 */
let currentEntry: 'source' | 'built' | undefined
function defaultEntry(): 'source' | 'built' {
  currentEntry ??= buildIsFresh(rootDir, path.join(rootDir, 'dist')) ? 'built' : 'source'
  return currentEntry
}

export interface ServerProcess {
  child: ChildProcess
  url: string
  /** Everything the process printed so far, stdout and stderr together. */
  output(): string
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>
  /** Sends SIGTERM (to this PID only) and waits for the exit. */
  stop(): Promise<number | null>
}

/**
 * Starts a Soko server as its own process: from source through tsx (`entry: 'source'`, no build needed)
 * or the built bundle as `npm start` runs it (`'built'`); by default the built one when it is current.
 * Resolves once it says it is listening, or rejects with what it printed if it exits first.
 */
export function startServer(opts: {
  env: Record<string, string>
  entry?: 'source' | 'built'
  waitFor?: RegExp
  /** Options for node itself, before the script (`--cpu-prof`, which NODE_OPTIONS may not carry). */
  nodeArgs?: string[]
}): Promise<ServerProcess> {
  const args = [...(opts.nodeArgs ?? [])]
  args.push(
    ...((opts.entry ?? defaultEntry()) === 'built'
      ? [path.join(rootDir, 'dist', 'server', 'index.js')]
      : ['--import', 'tsx', path.join(rootDir, 'server', 'index.ts')]),
  )
  const child = spawn(process.execPath, args, {
    cwd: rootDir,
    // The transaction guard is on in every test, processes too (the server turns it off in production).
    env: { ...process.env, LOG_LEVEL: 'info', TRANSACTION_GUARD: 'on', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let printed = ''
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const waitFor = opts.waitFor ?? /Soko is running at (\S+)/
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      printed += chunk.toString()
      const match = printed.match(waitFor)
      if (match) {
        resolve({
          child,
          url: match[1] ?? '',
          output: () => printed,
          exited,
          stop: () => {
            if (child.exitCode === null) child.kill('SIGTERM')
            return exited
          },
        })
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    void exited.then((code) =>
      reject(new Error(`server exited with ${code} before it was ready:\n${printed}`)),
    )
  })
}

/**
 * The built server as `npm start` runs it, on the embedded database in `dataDir`, on a free port, logging
 * warnings and worse; `env` adds to that or overrides it (a PORT of its own, LOG_LEVEL, a DATABASE_URL).
 */
export async function startBuiltServer(
  dataDir: string,
  env: Record<string, string> = {},
  opts: { waitFor?: RegExp } = {},
): Promise<ServerProcess> {
  return startServer({
    ...opts,
    entry: 'built',
    env: {
      DATA_DIR: dataDir,
      PORT: env.PORT ?? String(await freePort()),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
  })
}

/** Builds the app as `npm start` does, unless the build is up to date; exits the process if it fails. */
export function buildIfStale() {
  console.log('Building (skipped when up to date)…')
  const built = spawnSync(
    process.execPath,
    [path.join(rootDir, 'scripts', 'start.mjs'), '--build-only', '--if-stale'],
    { stdio: 'inherit' },
  )
  if (built.status !== 0) process.exit(built.status ?? 1)
}
