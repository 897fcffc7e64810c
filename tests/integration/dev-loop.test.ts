import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { freePort } from '../support/net'
import { rootDir } from '../support/process'

/** `npm run dev` (without its file watcher): the app from Vite and the API from the server, on one port. */
it('serves the app through Vite and the API, hooks and page data from the server, on one port', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'soko-dev-'))
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(rootDir, 'scripts', 'dev.ts')], {
    cwd: rootDir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let printed = ''
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  try {
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        printed += chunk.toString()
        if (printed.includes('Soko is running')) resolve()
      }
      child.stdout.on('data', onData)
      child.stderr.on('data', onData)
      void exited.then(() => reject(new Error(`dev server exited:\n${printed}`)))
    })
    const base = `http://127.0.0.1:${port}`
    const page = await (await fetch(`${base}/explore`)).text()
    expect(page).toContain('/@vite/client')
    expect(page).toContain('"buildId":"dev"')
    const rpc = await fetch(`${base}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ subject: 'getSettings' }),
    })
    expect(((await rpc.json()) as { statusCode: number }).statusCode).toBe(200)
    expect((await fetch(`${base}/src/main.tsx`)).headers.get('content-type')).toMatch(/javascript/)
    expect(
      ((await (await fetch(`${base}/pricing/_payload.json`)).json()) as { heading: string }).heading,
    ).toBe('Pricing')
    expect((await fetch(`${base}/healthz`)).status).toBe(200)
  } finally {
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 60_000)
