// Part of `npm run lint`: fails when a TypeScript file in server/, src/ or contract/ is longer than MAX_LINES
// lines, so a module that grows past what one reads in a sitting gets split while its seams are still easy
// to see.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CHECKED, longFiles, MAX_LINES } from './file-length.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const found = CHECKED.flatMap((dir) => longFiles(root, dir))
if (found.length > 0) {
  for (const { file, lines } of found) console.error(`${file}: ${lines} lines (at most ${MAX_LINES})`)
  console.error(
    `\nSplit ${found.length === 1 ? 'this file' : 'each of these files'} along its seams (types, data, ` +
      `storage or network work, orchestration) into modules of at most ${MAX_LINES} lines each, without ` +
      'changing behaviour. Only the generated src/routeTree.gen.ts is exempt.',
  )
  process.exit(1)
}
