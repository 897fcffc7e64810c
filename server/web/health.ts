import { Hono } from 'hono'
import type { Database } from '../db/client'
import type { Logger } from '../lib/log'

/** How long /healthz waits for the database before it says the database is not answering. */
export const HEALTH_PING_MS = 2_000

/**
 * `GET /healthz`: 200 with the build and the database's latency, or 503 when the database does not answer
 * within HEALTH_PING_MS (a load balancer then sends no one here).
 */
export function healthRoutes(database: Database, buildId: string, log: Logger): Hono {
  const routes = new Hono()
  const ping = sharedPing(database)
  routes.get('/healthz', async (c) => {
    try {
      const latencyMs = await ping()
      return c.json({
        status: 'ok',
        build: buildId,
        database: { driver: database.driver, ok: true, latencyMs },
      })
    } catch (error) {
      log.error('health check: database did not answer', { error })
      return c.json(
        { status: 'error', build: buildId, database: { driver: database.driver, ok: false } },
        503,
      )
    }
  })
  return routes
}

/**
 * The database's ping, given up after HEALTH_PING_MS; checks that come while one is under way share it, so
 * a health checker polling a database that hangs does not pile up queries behind it.
 */
function sharedPing(database: Database): () => Promise<number> {
  let running: Promise<number> | null = null
  return () => {
    running ??= database.ping().finally(() => {
      running = null
    })
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the database did not answer within ${HEALTH_PING_MS} ms`)),
        HEALTH_PING_MS,
      )
    })
    return Promise.race([running, late]).finally(() => clearTimeout(timer))
  }
}
