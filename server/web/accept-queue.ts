import { readFileSync } from 'node:fs'

/** The kernel's socket tables: IPv4 and IPv6. */
const TABLES = ['/proc/net/tcp', '/proc/net/tcp6']
/** A listening socket's state in those tables. */
const LISTEN = '0A'

/**
 * How many connections the system has completed for a listening port that this process has not taken
 * yet. On Linux a listening socket's line in /proc/net/tcp{,6} gives its accept queue as `rx_queue`; a
 * process busy with work takes one connection per turn of its event loop, so at a stop the queue can
 * hold connections for seconds. Elsewhere (no such tables) the answer is 0: the caller's quiet period is
 * then all there is.
 */
export function queuedConnections(port: number): number {
  if (!port) return 0
  let queued = 0
  for (const table of TABLES) {
    let text: string
    try {
      text = readFileSync(table, 'utf8')
    } catch {
      continue
    }
    // sl local_address rem_address st tx_queue:rx_queue …, addresses and numbers in hexadecimal.
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/)
      if (fields[3] !== LISTEN) continue
      if (Number.parseInt(fields[1]?.split(':').pop() ?? '', 16) !== port) continue
      queued += Number.parseInt(fields[4]?.split(':')[1] ?? '0', 16) || 0
    }
  }
  return queued
}
