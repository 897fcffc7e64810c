import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort } from '../tests/support/net'
import { chromiumArgs } from './chromium'

/** Chromium with a DevTools port for Lighthouse; we start it, so we stop exactly this PID. */
export async function launchDebuggableChromium(executablePath: string) {
  const port = await freePort()
  const profile = mkdtempSync(path.join(tmpdir(), 'soko-bench-lighthouse-profile-'))
  const child: ChildProcess = spawn(
    executablePath,
    [
      '--headless=new',
      ...chromiumArgs,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--no-default-browser-check',
      '--disable-extensions',
      '--disable-dev-shm-usage',
      'about:blank',
    ],
    { stdio: 'ignore' },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.once('error', () => {}) // a failed spawn: the wait below gives up and says so
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await Promise.race([exited, sleep(5000)])
    // A Chromium still writing its profile as it stops can make one removal find the folder not empty
    // (ENOTEMPTY): retried, and a leftover temporary folder never fails the run.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })
    } catch {}
  }
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, stop }
    } catch {}
    await sleep(100)
  }
  await stop()
  throw new Error('Chromium did not open its DevTools port')
}
