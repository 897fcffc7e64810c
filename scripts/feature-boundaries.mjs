// The boundaries between features, checked by scripts/check-boundaries.mjs (part of `npm run lint`).
//
// Client: a feature (a folder under src/features/) may use another's small parts (a button, a formatter),
// but never its pages: a page drags its whole screen, and everything that screen uses, into every chunk
// that imports it. Shared pieces belong in src/components or src/lib.
//
// Server: a feature (a folder under server/features/) is used from outside only through its index.ts, which
// names what it offers. Code elsewhere in server/ (another feature, the app, the jobs, the RPC table) that
// reached into a feature's files would tie itself to how the feature is split inside, and the index would no
// longer say what the feature's public face is.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const FEATURES = 'src/features'
const SERVER = 'server'
const SERVER_FEATURES = 'server/features'

/** A page module: a file named …Page.tsx or …Pages.tsx (with or without its extension in the import). */
export const isPageFile = (file) => /Pages?(\.tsx?)?$/.test(path.posix.basename(file))

/**
 * @param {string} file relative to the project, with `/`
 * @param {string} [features] the folder of the features: src/features (the default) or server/features
 * @returns {string | null} the feature folder the file is in
 */
export function featureOf(file, features = FEATURES) {
  const match = new RegExp(`^${features}/([^/]+)/`).exec(file)
  return match ? match[1] : null
}

/** @param {string} source TypeScript @returns {string[]} what it imports: static, re-exported and dynamic */
export function importsOf(source) {
  const found = []
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /^\s*import\s+['"]([^'"]+)['"]/gm,
  ]
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1])
  return found
}

/**
 * Each relative import of every TypeScript file under `folder`, resolved against the project.
 * @param {string} root the project folder
 * @param {string} folder relative to the project
 * @returns {{ file: string, target: string }[]}
 */
function relativeImports(root, folder) {
  const found = []
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`
      if (entry.isDirectory()) walk(file)
      else if (/\.(ts|tsx)$/.test(entry.name)) {
        for (const specifier of importsOf(readFileSync(path.join(root, file), 'utf8'))) {
          if (!specifier.startsWith('.')) continue
          const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
          found.push({ file, target })
        }
      }
    }
  }
  walk(folder)
  return found
}

const byFile = (a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)

/**
 * @param {string} root the project folder
 * @returns {{ file: string, imports: string }[]} each import of another feature's page, by file
 */
export function pageImports(root) {
  return relativeImports(root, FEATURES)
    .filter(({ file, target }) => {
      const other = featureOf(target)
      return other !== null && other !== featureOf(file) && isPageFile(target)
    })
    .map(({ file, target }) => ({ file, imports: target }))
    .sort(byFile)
}

/** Whether an import inside a feature's folder names its index (`./index`, `./index.ts`) all the same. */
const isIndex = (rest) => /^index(\.[cm]?[jt]s)?$/.test(rest)

/**
 * @param {string} root the project folder
 * @returns {{ file: string, imports: string, feature: string }[]} each import, from anywhere in server/, of
 *   a file inside another feature's folder rather than of that feature's index, by file
 */
export function serverDeepImports(root) {
  const found = []
  for (const { file, target } of relativeImports(root, SERVER)) {
    const feature = featureOf(target, SERVER_FEATURES)
    if (feature === null || feature === featureOf(file, SERVER_FEATURES)) continue
    if (isIndex(target.slice(`${SERVER_FEATURES}/${feature}/`.length))) continue
    found.push({ file, imports: target, feature })
  }
  return found.sort(byFile)
}
