// Part of `npm run lint`: fails when a client feature imports another feature's page (see
// scripts/feature-boundaries.mjs for why).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { pageImports } from './feature-boundaries.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const found = pageImports(root)
if (found.length > 0) {
  for (const { file, imports } of found) console.error(`${file} imports ${imports}, another feature's page`)
  console.error(
    '\nMove what is shared out of the page: a component into src/components, a helper into src/lib, ' +
      'or a small module of the feature it belongs to that is not a page.',
  )
  process.exit(1)
}
