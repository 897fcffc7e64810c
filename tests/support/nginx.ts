import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { rootDir } from './process'

/** The reference site configuration (docs/operations.md), which the tests run as it is deployed. */
export const referenceSite = path.join(rootDir, 'deploy', 'nginx.conf')

/** The response header that names the instance (or instances) nginx passed a request to: `$upstream_addr`. */
export const UPSTREAM_HEADER = 'x-test-upstream'

export interface Nginx {
  url: string
  pid: number
  child: ChildProcess
  /** What nginx printed (its error log goes to stderr). */
  output(): string
  /** Stops it (SIGTERM, to this PID only), waits for the exit and removes its folder. */
  stop(): Promise<void>
}

/** nginx's path: Debian's, or the first on PATH; null when it is not installed. */
export function findNginx(): string | null {
  const dirs = ['/usr/sbin', ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)]
  for (const dir of dirs) if (existsSync(path.join(dir, 'nginx'))) return path.join(dir, 'nginx')
  return null
}

/**
 * The reference site with the instances' ports in its upstream, in the same order, and listening on
 * 127.0.0.1:`port` instead of port 80. Everything else is as deployed. Throws when the file no longer has
 * the lines this replaces, so that a change there is seen here.
 */
export function siteFor(reference: string, opts: { port: number; upstreams: number[] }): string {
  const servers = reference.match(/^\s*server 127\.0\.0\.1:\d+\b/gm) ?? []
  if (servers.length !== opts.upstreams.length)
    throw new Error(
      `${referenceSite} lists ${servers.length} upstream servers on 127.0.0.1; the test runs ${opts.upstreams.length}`,
    )
  let next = 0
  const listed = reference.replace(
    /^(\s*server) 127\.0\.0\.1:\d+\b/gm,
    (_line, head: string) => `${head} 127.0.0.1:${opts.upstreams[next++]}`,
  )
  if (!/^\s*listen 80;$/m.test(listed)) throw new Error(`${referenceSite} has no "listen 80;" line`)
  return listed.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${opts.port};`)
}

/**
 * Runs nginx in the foreground as a child process of the test, with deploy/nginx.conf as its site (see
 * `siteFor`) inside a main configuration of its own: everything it writes (pid, temporary bodies) in a
 * folder of its own, no access log, the error log on stderr. Each answer carries the upstream address nginx
 * passed the request to (`UPSTREAM_HEADER`), so a test can tell which instance answered. Resolves once it
 * accepts connections; fails saying how to install it when it is missing.
 */
export async function startNginx(opts: {
  port: number
  upstreams: number[]
  /** Connections one worker may hold (each proxied request holds two); 512 unless given. */
  workerConnections?: number
}): Promise<Nginx> {
  const nginx = findNginx()
  if (!nginx)
    throw new Error(
      'nginx is not installed (neither /usr/sbin/nginx nor on PATH): apt-get install nginx (.ci/run does)',
    )
  const dir = mkdtempSync(path.join(tmpdir(), 'soko-nginx-'))
  const site = path.join(dir, 'soko.conf')
  writeFileSync(site, siteFor(readFileSync(referenceSite, 'utf8'), opts))
  const temp = (name: string) => {
    mkdirSync(path.join(dir, name))
    return path.join(dir, name)
  }
  const main = path.join(dir, 'nginx.conf')
  writeFileSync(
    main,
    [
      // As root (CI), nginx's workers would run as nobody, who cannot read this folder.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      'error_log stderr warn;',
      `events { worker_connections ${opts.workerConnections ?? 512}; }`,
      'http {',
      '    access_log off;',
      `    client_body_temp_path ${temp('client_body')};`,
      `    proxy_temp_path ${temp('proxy')};`,
      `    fastcgi_temp_path ${temp('fastcgi')};`,
      `    uwsgi_temp_path ${temp('uwsgi')};`,
      `    scgi_temp_path ${temp('scgi')};`,
      // Inherited by the site's locations, which add no header of their own; nginx's own error pages too.
      `    add_header ${UPSTREAM_HEADER} $upstream_addr always;`,
      `    include ${site};`,
      '}',
      '',
    ].join('\n'),
  )
  // -e: the error log before the configuration is read, which would otherwise be /var/log/nginx's.
  const child = spawn(nginx, ['-p', dir, '-c', main, '-e', 'stderr', '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let printed = ''
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => {
      printed += chunk.toString()
    })
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  let gone = false
  void exited.then(() => {
    gone = true
  })
  const stop = async () => {
    if (!gone) child.kill('SIGTERM')
    await exited
    rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 10_000
  while (!(await accepts(opts.port))) {
    if (gone || Date.now() > deadline) {
      await stop()
      throw new Error(`nginx did not start listening on 127.0.0.1:${opts.port}:\n${printed}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return {
    url: `http://127.0.0.1:${opts.port}`,
    pid: child.pid ?? 0,
    child,
    output: () => printed,
    stop,
  }
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
