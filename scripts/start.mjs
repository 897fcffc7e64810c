// `npm start`: builds the app when the build is missing or older than its sources, then runs the server
// in this same process (one Node process serves the API and the PWA). `--build-only` builds and stops;
// with `--if-stale` it builds only when the sources changed.
// Plain JavaScript on purpose: it must run before anything is compiled.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dist = path.join(root, 'dist')
const stampFile = path.join(dist, 'build-stamp.json')
const serverEntry = path.join(dist, 'server', 'index.js')
const inputs = [
  'src',
  'sw',
  'contract',
  'server',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
]

/** A hash of every source the build reads: content, not timestamps, so a fresh clone is judged right. */
function sourceHash() {
  const hash = createHash('sha256')
  const add = (file) => {
    const stat = statSync(file)
    if (stat.isDirectory()) {
      for (const name of readdirSync(file).sort()) add(path.join(file, name))
      return
    }
    hash.update(path.relative(root, file))
    hash.update(readFileSync(file))
  }
  for (const input of inputs) if (existsSync(path.join(root, input))) add(path.join(root, input))
  return hash.digest('hex')
}

function isFresh() {
  if (
    !existsSync(stampFile) ||
    !existsSync(serverEntry) ||
    !existsSync(path.join(dist, 'client', 'index.html'))
  )
    return false
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8')).sources === sourceHash()
  } catch {
    return false
  }
}

function run(args) {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')
  const result = spawnSync(process.execPath, [vite, ...args], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) {
    console.error(`Build failed (vite ${args.join(' ')}). Fix the error above and run npm start again.`)
    process.exit(result.status ?? 1)
  }
}

/** Brotli and gzip copies beside each text asset, so the server never compresses on a request. */
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) {
      precompress(file)
      continue
    }
    if (!/\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/.test(name)) continue
    const body = readFileSync(file)
    if (body.length < 512) continue
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    )
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
  }
}

function build() {
  console.log('Building Soko…')
  const started = Date.now()
  run(['build', '--logLevel', 'warn'])
  precompress(path.join(dist, 'client'))
  run(['build', '--ssr', 'server/index.ts', '--outDir', 'dist/server', '--logLevel', 'warn'])
  // Hashed after building: the router plugin regenerates src/routeTree.gen.ts during the build.
  writeFileSync(
    stampFile,
    `${JSON.stringify({ sources: sourceHash(), builtAt: new Date().toISOString() })}\n`,
  )
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

const buildOnly = process.argv.includes('--build-only')
const ifStale = process.argv.includes('--if-stale')
if ((buildOnly && !ifStale) || !isFresh()) build()
else console.log('Build is up to date.')
if (!buildOnly) await import(pathToFileURL(serverEntry).href)
