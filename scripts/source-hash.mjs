// A hash of source files by content, not timestamps, so a fresh clone is judged the same as the machine
// that built it. Used by scripts/start.mjs (is the build stale?) and vite.config.ts (the build id).
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/** @param {string} root @param {string[]} inputs files or folders under root @returns {string} hex */
export function sourceHash(root, inputs) {
  const hash = createHash('sha256')
  const add = (file) => {
    if (statSync(file).isDirectory()) {
      for (const name of readdirSync(file).sort()) add(path.join(file, name))
      return
    }
    hash.update(path.relative(root, file))
    hash.update(readFileSync(file))
  }
  for (const input of inputs) if (existsSync(path.join(root, input))) add(path.join(root, input))
  return hash.digest('hex')
}
