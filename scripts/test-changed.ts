// `npm run test:changed [-- <git ref>]`: the inner loop. Runs the unit and integration tests that import
// what changed (vitest's related-files mode, following imports), then the end-to-end specs that name a
// changed feature, on a build brought up to date first. Changed: against <git ref> (default HEAD, that is
// what is not committed yet), untracked files included. `npm test` is still what CI runs.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { QUIET_SPECS } from '../playwright.config'

const root = path.resolve(import.meta.dirname, '..')
const base = process.argv[2] ?? 'HEAD'

function git(args: string[]): string[] {
  const out = spawnSync('git', args, { cwd: root, encoding: 'utf8' })
  if (out.status !== 0) {
    console.error(out.stderr.trim() || `git ${args.join(' ')} failed`)
    process.exit(2)
  }
  return out.stdout.split('\n').filter(Boolean)
}

function run(command: string, args: string[]): void {
  console.log(`\n$ ${command} ${args.join(' ')}`)
  const done = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  if (done.status !== 0) process.exit(done.status ?? 1)
}

const changed = [
  ...new Set([...git(['diff', '--name-only', base]), ...git(['ls-files', '--others', '--exclude-standard'])]),
].filter((file) => existsSync(path.join(root, file)))
const code = changed.filter((file) => /\.(ts|tsx|mjs|css|json)$/.test(file) && !file.startsWith('docs/'))
if (code.length === 0) {
  console.log(`Nothing changed since ${base} that a test could cover.`)
  process.exit(0)
}
console.log(`Changed since ${base}:\n  ${code.join('\n  ')}`)

// Unit and integration: every test file that imports a changed file, directly or not.
run('npx', ['vitest', 'related', '--run', '--passWithNoTests', ...code])

// End-to-end: specs changed themselves, and specs whose name carries a changed feature's name
// (src/features/invoices → invoices.spec, invoice-pay.spec, invoice-excess.spec).
const features = new Set(
  code.flatMap((file) => {
    const match = file.match(/^(?:src|server)\/features\/([^/]+)\//)
    return match?.[1] ? [match[1].replace(/s$/, '')] : []
  }),
)
const specs = readdirSync(path.join(root, 'tests', 'e2e')).filter((name) => name.endsWith('.spec.ts'))
const chosen = specs.filter(
  (spec) => code.includes(`tests/e2e/${spec}`) || [...features].some((feature) => spec.startsWith(feature)),
)
if (chosen.length === 0) {
  console.log('\nNo end-to-end spec names a changed feature.')
  process.exit(0)
}
run('node', ['scripts/start.mjs', '--build-only', '--if-stale'])
run('npm', ['run', '--silent', 'build:e2e'])
// Only these specs (--no-deps: not every spec the quiet project waits for), the quiet ones alone after.
const paths = (specs: string[]) => specs.map((spec) => `tests/e2e/${spec}`)
const busy = chosen.filter((spec) => !QUIET_SPECS.includes(spec))
const quiet = chosen.filter((spec) => QUIET_SPECS.includes(spec))
if (busy.length > 0) run('npx', ['playwright', 'test', '--no-deps', ...paths(busy)])
if (quiet.length > 0) run('npx', ['playwright', 'test', '--no-deps', ...paths(quiet)])
