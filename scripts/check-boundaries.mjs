// Part of `npm run lint`: fails when a client feature imports another feature's page, or when code in
// server/ imports a file inside another server feature instead of its index (see
// scripts/feature-boundaries.mjs for why).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { pageImports, serverDeepImports } from './feature-boundaries.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
let failed = false

const pages = pageImports(root)
if (pages.length > 0) {
  failed = true
  for (const { file, imports } of pages) console.error(`${file} imports ${imports}, another feature's page`)
  console.error(
    '\nMove what is shared out of the page: a component into src/components, a helper into src/lib, ' +
      'or a small module of the feature it belongs to that is not a page.\n',
  )
}

const deep = serverDeepImports(root)
if (deep.length > 0) {
  failed = true
  for (const { file, imports, feature } of deep)
    console.error(
      `${file} imports ${imports}, a file inside the ${feature} feature: ` +
        `import it from server/features/${feature} (its index.ts) instead`,
    )
  console.error(
    '\nOutside a server feature, use only what its index.ts exports. If what you need is not there and is ' +
      'meant to be used outside the feature, export it from the index; if it is shared by features that ' +
      'import each other, it may belong in a lower layer (server/lib, server/db) or in the feature that ' +
      "owns it. A feature's own files import each other directly, never their own index.\n",
  )
}

if (failed) process.exit(1)
