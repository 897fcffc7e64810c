import type { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'

/**
 * The database's notices (LISTEN/NOTIFY): how an instance hears at once of a change any instance commits.
 * A notice is sent when the transaction that raised it commits, and never for one rolled back.
 */
export interface Notifications {
  /**
   * Calls `onNotice` with the payload of each notice on `channel` from now on, until the returned function
   * is called. `onListening` is called once the channel's LISTEN is in place, and again each time it is on
   * a connection opened after one dropped: notices sent while none listened are lost, so a caller that
   * must not miss a change looks again then. (A caller that comes while the channel is listened on already
   * hears every later notice, and is not called.)
   */
  listen(channel: string, onNotice: (payload: string) => void, onListening?: () => void): () => void
  close(): Promise<void>
}

/** What the connection that listens is doing, for the log: it dropped (and is opened again), or is back. */
export type ListenerState = { state: 'lost'; error: unknown } | { state: 'restored' }

interface Subscriber {
  onNotice: (payload: string) => void
  onListening: (() => void) | undefined
}

/** How the listening connection names itself in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'soko listener'
/** The first wait before a dropped listening connection is opened again; it doubles up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 250
const RETRY_MAX_MS = 5_000
/**
 * A connection can die without a word (a network device forgets it, a host vanishes): it is asked a
 * question this often, and one not answered in PING_TIMEOUT_MS is given up for a new one.
 */
const PING_EVERY_MS = 30_000
const PING_TIMEOUT_MS = 10_000
const CONNECT_TIMEOUT_MS = 10_000
/** How long closing waits for the server to see the connection off before cutting it. */
const CLOSE_MS = 1_000

/**
 * PGlite is in this process: it tells listeners during the writer's own commit, and never drops.
 */
export function pgliteNotifications(client: PGlite): Notifications {
  return {
    listen(channel, onNotice, onListening) {
      let stopped = false
      const listening = client.listen(channel, onNotice).then((unlisten) => {
        if (stopped) void unlisten().catch(() => {})
        else onListening?.()
        return unlisten
      })
      listening.catch(() => {})
      return () => {
        if (stopped) return
        stopped = true
        void listening.then((unlisten) => unlisten()).catch(() => {})
      }
    },
    // Closing the database ends its listeners.
    close: () => Promise.resolve(),
  }
}

/**
 * PostgreSQL: one connection of its own, outside the pool (a pooled connection goes back to the pool and
 * its LISTEN with it), opened when something first listens and kept until close(). When it drops (the
 * database restarted, the network failed) it is opened again, sooner at first and then every few seconds,
 * and each listener's `onListening` is called once it listens again.
 */
export function postgresNotifications(
  Client: typeof pg.Client,
  url: string,
  opts: { retryMs?: number; onState?: (state: ListenerState) => void } = {},
): Notifications {
  const firstRetryMs = opts.retryMs ?? RETRY_FIRST_MS
  const channels = new Map<string, Set<Subscriber>>()
  // The connection in use (open or opening), and the channels it listens on.
  let conn: pg.Client | null = null
  let ready = false
  let heard = new Set<string>()
  let syncing: Promise<void> = Promise.resolve()
  let retry: NodeJS.Timeout | null = null
  let retryMs = firstRetryMs
  let lost = false
  let closed = false
  let pinging = false
  let pinger: NodeJS.Timeout | null = null

  const open = () => {
    if (conn || retry || closed) return
    let client: pg.Client
    try {
      client = new Client({
        connectionString: url,
        application_name: LISTENER_APPLICATION_NAME,
        keepAlive: true,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      })
    } catch (error) {
      later(error)
      return
    }
    conn = client
    ready = false
    heard = new Set()
    client.on('notification', (notice) => {
      if (client !== conn) return
      for (const subscriber of channels.get(notice.channel) ?? []) subscriber.onNotice(notice.payload ?? '')
    })
    // Unheard, a connection's error would end the process.
    client.on('error', (error) => drop(client, error))
    client.on('end', () => drop(client, new Error('the connection ended')))
    client.connect().then(
      () => {
        if (client !== conn) return
        ready = true
        sync(client)
      },
      (error: unknown) => drop(client, error),
    )
    pinger ??= setInterval(ping, PING_EVERY_MS)
    pinger.unref()
  }

  // LISTEN on each channel with listeners that this connection does not listen on yet, one at a time.
  const sync = (client: pg.Client) => {
    syncing = syncing
      .then(async () => {
        for (const [channel, subscribers] of channels) {
          if (client !== conn || !ready) return
          if (heard.has(channel) || subscribers.size === 0) continue
          try {
            await client.query(`LISTEN ${quoteIdent(channel)}`)
          } catch (error) {
            drop(client, error)
            return
          }
          if (client !== conn) return
          heard.add(channel)
          retryMs = firstRetryMs
          if (lost) {
            lost = false
            opts.onState?.({ state: 'restored' })
          }
          for (const subscriber of subscribers) subscriber.onListening?.()
        }
      })
      // A listener that threw must not stop the next connection's LISTEN.
      .catch(() => {})
  }

  const drop = (client: pg.Client, error: unknown) => {
    if (client !== conn) return
    conn = null
    ready = false
    heard = new Set()
    // It is broken: no goodbye, the socket goes.
    client.connection.stream.destroy()
    later(error)
  }

  // Opens the connection again after a while: the first failure is reported, those after it are not.
  const later = (error: unknown) => {
    if (closed) return
    if (!lost) {
      lost = true
      opts.onState?.({ state: 'lost', error })
    }
    retry = setTimeout(() => {
      retry = null
      open()
    }, retryMs)
    retry.unref()
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS)
  }

  const ping = () => {
    const client = conn
    if (!client || !ready || pinging) return
    pinging = true
    const late = setTimeout(
      () => drop(client, new Error(`no answer to a ping within ${PING_TIMEOUT_MS} ms`)),
      PING_TIMEOUT_MS,
    )
    late.unref()
    client
      .query('select 1')
      .catch(() => {})
      .finally(() => {
        clearTimeout(late)
        pinging = false
      })
  }

  return {
    listen(channel, onNotice, onListening) {
      const subscriber: Subscriber = { onNotice, onListening }
      let subscribers = channels.get(channel)
      if (!subscribers) {
        subscribers = new Set()
        channels.set(channel, subscribers)
      }
      subscribers.add(subscriber)
      if (conn) {
        if (ready) sync(conn)
      } else open()
      // The channel stays listened on: listeners come and go, and a LISTEN costs the server nothing.
      return () => {
        channels.get(channel)?.delete(subscriber)
      }
    },
    async close() {
      closed = true
      if (retry) clearTimeout(retry)
      if (pinger) clearInterval(pinger)
      const client = conn
      conn = null
      if (!client) return
      let timer: NodeJS.Timeout | undefined
      await Promise.race([
        client.end().catch(() => {}),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, CLOSE_MS)
        }),
      ])
      clearTimeout(timer)
      // A server that does not answer leaves the socket open: cut it, so nothing is left connected.
      client.connection.stream.destroy()
    },
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}
