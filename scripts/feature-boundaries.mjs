// Which client features import another feature's page. A feature (a folder under src/features/) may use
// another's small parts (a button, a formatter), but never its pages: a page drags its whole screen, and
// everything that screen uses, into every chunk that imports it. Shared pieces belong in src/components
// or src/lib. Used by scripts/check-boundaries.mjs (part of `npm run lint`).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const FEATURES = 'src/features'

/** A page module: a file named …Page.tsx or …Pages.tsx (with or without its extension in the import). */
export const isPageFile = (file) => /Pages?(\.tsx?)?$/.test(path.posix.basename(file))

/** @param {string} file relative to the project, with `/` @returns {string | null} its feature folder */
export function featureOf(file) {
  const match = new RegExp(`^${FEATURES}/([^/]+)/`).exec(file)
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
 * @param {string} root the project folder
 * @returns {{ file: string, imports: string }[]} each import of another feature's page, by file
 */
export function pageImports(root) {
  const found = []
  const walk = (folder) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const file = `${folder}/${entry.name}`
      if (entry.isDirectory()) walk(file)
      else if (/\.(ts|tsx)$/.test(entry.name)) {
        const own = featureOf(file)
        for (const specifier of importsOf(readFileSync(path.join(root, file), 'utf8'))) {
          if (!specifier.startsWith('.')) continue
          const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
          const other = featureOf(target)
          if (other && other !== own && isPageFile(target)) found.push({ file, imports: target })
        }
      }
    }
  }
  walk(FEATURES)
  return found.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
}
