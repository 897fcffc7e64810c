import path from 'node:path'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { openDatabase } from './db/client'
import { DataDirLockedError } from './db/lock'
import { ConfigError, loadConfig } from './env'
import { grantAdmin } from './features/accounts/accounts.service'
import { seedDemoData } from './features/demo/seed'
import { createLogger } from './lib/log'
import { createStorage } from './storage/create-storage'

// Listening only: everything else is built by createApp() so tests can build it without a socket.
async function main() {
  const config = loadConfig()
  const log = createLogger(config.logLevel)
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
    path.join(config.rootDir, 'server', 'db', 'migrations'),
  )
  const storage = createStorage(config)
  const demo = config.demoData ? await seedDemoData(database.db, storage, config, log) : null
  if (config.adminEmail && !(await grantAdmin(database.db, config.adminEmail)))
    log.warn('ADMIN_EMAIL has no account yet: sign up with that address, then restart Soko', {
      email: config.adminEmail,
    })
  const app = createApp({ config, database, log, storage, jobs: true })

  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`
    const url = `http://${info.family === 'IPv6' ? `[${info.address}]` : info.address}:${info.port}`
    const lines = [`Soko is running at ${url}`, `  database: ${where}`]
    if (demo) {
      lines.push('  demo sign-in (password for both):', `    admin   ${demo.adminEmail}`)
      lines.push(`    seller  ${demo.sellerEmail}   storefront /creators/${demo.sellerHandle}`)
      lines.push(`    password ${demo.password}`)
    }
    lines.push('  stop with Ctrl+C')
    console.log(lines.join('\n'))
  })

  server.on('error', async (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE'
        ? `Soko cannot listen on ${config.host}:${config.port}: the port is in use. Stop the other server or set PORT.`
        : `Soko cannot listen on ${config.host}:${config.port}: ${error.message}`,
    )
    await database.close()
    process.exit(1)
  })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    log.info('stopping: finishing requests in flight', { signal })
    // A request still running after 10 s is cut off rather than keeping the process alive for ever.
    const force = setTimeout(() => {
      log.warn('requests still open after 10 s: closing their connections')
      if ('closeAllConnections' in server) server.closeAllConnections()
    }, 10_000)
    force.unref()
    // A keep-alive socket would hold close() open until it times out: close each one as soon as its
    // last request is answered.
    const closeIdle = setInterval(() => {
      if ('closeIdleConnections' in server) server.closeIdleConnections()
    }, 50)
    server.close(async () => {
      clearInterval(closeIdle)
      await database.close()
      log.info('stopped')
      process.exit(0)
    })
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message)
  else console.error('Soko could not start:', error)
  process.exit(1)
})
