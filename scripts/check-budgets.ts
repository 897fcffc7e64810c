// `npm run check:budgets`, right after the build in `npm test`: the JavaScript a page needs, counted from
// the built files (gzip level 9, each file on its own, as a browser receives them), against budgets that a
// change cannot grow unnoticed. Sizes, not timings: the same build gives the same figures on any machine.
// The browser's own figures are `npm run bench`'s.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { BundleGraph } from './page-assets'

const KiB = 1024

/**
 * Each budget, gzip. Where the target is not reached yet, the budget is today's figure, so it can only
 * shrink; `target` says where it should get to (docs/loading.md says what it would take).
 */
const BUDGETS = {
  liteHome: { label: 'slow connection, / before the first tap', budget: 30 * KiB, target: 30 * KiB },
  liteProduct: {
    label: 'slow connection, a product page before the first tap',
    budget: 30 * KiB,
    target: 30 * KiB,
  },
  fastHome: { label: 'fast connection, / first load', budget: 129 * KiB, target: 100 * KiB },
  // 147.2, not 147.0: the content hashes in the import maps (random letters gzip cannot shrink) moved this
  // figure between 150,507 and 150,555 B in builds whose checkout code was the same (an order page changed);
  // 0.2 KiB is that noise, not room for more code.
  checkout: { label: 'fast connection, checkout journey', budget: 147.2 * KiB, target: 130 * KiB },
}
type Figure = keyof typeof BUDGETS

const root = path.resolve(process.argv[2] ?? 'dist')
const client = path.join(root, 'client')
const gz = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length

function read(file: string): string {
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`)
  return readFileSync(file, 'utf8')
}

const graph = JSON.parse(read(path.join(root, 'bundle-graph.json'))) as BundleGraph
const routeScripts = JSON.parse(read(path.join(root, 'route-scripts.json'))) as Record<string, string[]>
const shell = read(path.join(client, 'index.html'))
const prerendered = JSON.parse(read(path.join(root, 'prerendered', 'pages.json'))) as Record<
  string,
  { en: string }
>
const home = read(path.join(root, 'prerendered', prerendered['/']?.en ?? 'index.html'))

/** The page's own scripts: inline, not data (JSON). */
function inlineScripts(html: string): string {
  return [...html.matchAll(/<script(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)]
    .filter((match) => !/\ssrc=/.test(match[0].slice(0, match[0].indexOf('>'))))
    .map((match) => match[1])
    .join('\n')
}

/** The chunks these need to run: themselves and what they import, statically. */
function closure(files: string[], into = new Set<string>()): Set<string> {
  for (const file of files) {
    if (into.has(file)) continue
    into.add(file)
    closure(graph.chunks[file]?.imports ?? [], into)
  }
  return into
}

const fileBytes = (files: Iterable<string>) =>
  [...files].reduce((sum, file) => sum + gz(readFileSync(path.join(client, file))), 0)

/** The chunk a source module ended up in. */
function chunkOf(module: string): string {
  const found = Object.entries(graph.chunks).find(([, chunk]) => chunk.modules.includes(module))
  if (!found) throw new Error(`no chunk holds ${module}`)
  return found[0]
}

const lite = /import\("\/(assets\/lite-[\w-]+\.js)"\)/.exec(shell)?.[1]
if (!lite) throw new Error('the start script names no small script')

function firstLoad(route: string, html: string) {
  const files = closure([graph.entry, ...(routeScripts[route] ?? [])])
  return { files, bytes: gz(inlineScripts(html)) + fileBytes(files) }
}

const product = firstLoad('/$product', shell)
const checkoutFiles = closure(
  ['src/features/checkout/Checkout.tsx', 'src/features/checkout/MpesaWait.tsx'].map(chunkOf),
  new Set(product.files),
)
const figures: Record<Figure, number> = {
  liteHome: gz(inlineScripts(home)) + fileBytes([lite]),
  liteProduct: gz(inlineScripts(shell)) + fileBytes([lite]),
  fastHome: firstLoad('/', home).bytes,
  checkout: product.bytes + fileBytes([...checkoutFiles].filter((file) => !product.files.has(file))),
}

const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`
let over = false
console.log('JavaScript budgets (gzip, from the build):')
for (const [key, { label, budget, target }] of Object.entries(BUDGETS)) {
  const bytes = figures[key as Figure]
  const ok = bytes <= budget
  over ||= !ok
  console.log(
    `  ${ok ? 'ok  ' : 'OVER'} ${label}: ${kib(bytes)} of ${kib(budget)}` +
      (target < budget ? ` (target ${kib(target)})` : ''),
  )
}
if (over) {
  console.error('\nA page needs more JavaScript than its budget: make it smaller, or say why in the budget.')
  process.exit(1)
}
