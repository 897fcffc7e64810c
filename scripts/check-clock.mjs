// Part of `npm run lint`: the server asks what time it is through server/lib/clock.ts only, so that the
// sandbox's clock control moves every decision about time at once. `Date.now()` and `new Date()` with no
// argument are refused elsewhere in server/, except where the machine's own time is meant.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** Where the machine's time is right: the clock itself, drain timing, log lines, ids, the data folder's lock. */
const MACHINE_TIME = new Set([
  'server/lib/clock.ts',
  'server/index.ts',
  'server/lib/log.ts',
  'server/lib/uuid.ts',
  'server/db/lock.ts',
])
const READS = /\bDate\.now\b|\bnew Date\(\s*\)/

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else if (/\.tsx?$/.test(entry.name)) yield full
  }
}

const found = []
for (const file of files(path.join(root, 'server'))) {
  const name = path.relative(root, file).split(path.sep).join('/')
  if (MACHINE_TIME.has(name)) continue
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (READS.test(line)) found.push(`${name}:${i + 1}: ${line.trim()}`)
    })
}
if (found.length > 0) {
  for (const line of found) console.error(line)
  console.error(
    "\nAsk Soko's clock instead: clock.now() or clock.ms() from server/lib/clock.ts (dbNow() in SQL).",
  )
  process.exit(1)
}
