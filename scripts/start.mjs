// `npm start`: builds the app when the build is missing or older than its sources, then runs the server
// in this same process (one Node process serves the API and the PWA). `--build-only` builds and stops;
// with `--if-stale` it builds only when the sources changed; `--dist DIR` builds into DIR instead of dist/
// (the end-to-end tests build a second app that way; the server serves it with DIST_DIR=DIR); with
// `--client-only` that build is the PWA alone, uncompressed, for a server built before to serve.
// Plain JavaScript on purpose: it must run before anything is compiled.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { BUILD_INPUTS, buildIsFresh, sourceHash as hashSources } from './source-hash.mjs'
import { ssrDir } from './ssr-dir.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const distArg = process.argv.indexOf('--dist')
const dist = distArg > 0 ? path.resolve(process.argv[distArg + 1] ?? 'dist') : path.join(root, 'dist')
const clientOnly = process.argv.includes('--client-only')
const stampFile = path.join(dist, 'build-stamp.json')
const serverEntry = path.join(dist, 'server', 'index.js')

const sourceHash = () => hashSources(root, BUILD_INPUTS)
const isFresh = () => buildIsFresh(root, dist, { clientOnly, buildId: process.env.BUILD_ID })

function run(args) {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')
  // vite.config.ts imports the marketing content (TypeScript); only a future loader would mind.
  const env = { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' }
  const result = spawnSync(process.execPath, [vite, ...args], { cwd: root, stdio: 'inherit', env })
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
  run(['build', '--outDir', path.join(dist, 'client'), '--logLevel', 'warn'])
  // The marketing pages as HTML, rendered by the app's own routes (src/prerender.tsx). The server renders
  // catalog pages with the same bundle at run time (server/web/ssr.ts).
  const prerenderDir = ssrDir(root, dist)
  const prerenderArgs = ['--mode', 'prerender', '--outDir', prerenderDir, '--logLevel', 'warn']
  run(['build', '--ssr', 'src/prerender.tsx', ...prerenderArgs])
  const prerender = spawnSync(process.execPath, [path.join(prerenderDir, 'prerender.js'), dist], {
    cwd: root,
    stdio: 'inherit',
  })
  if (prerender.status !== 0) {
    console.error('Prerendering the marketing pages failed: see the error above.')
    process.exit(prerender.status ?? 1)
  }
  if (!clientOnly) {
    precompress(path.join(dist, 'client'))
    run(['build', '--ssr', 'server/index.ts', '--outDir', path.join(dist, 'server'), '--logLevel', 'warn'])
  }
  // Hashed after building: the router plugin regenerates src/routeTree.gen.ts during the build.
  writeFileSync(
    stampFile,
    `${JSON.stringify({ sources: sourceHash(), buildId: process.env.BUILD_ID, builtAt: new Date().toISOString() })}\n`,
  )
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

const buildOnly = process.argv.includes('--build-only')
const ifStale = process.argv.includes('--if-stale')
if ((buildOnly && !ifStale) || !isFresh()) build()
else console.log('Build is up to date.')
if (!buildOnly) await import(pathToFileURL(serverEntry).href)
