// A hash of source files by content, not timestamps, so a fresh clone is judged the same as the machine
// that built it. Used by scripts/start.mjs (is the build stale?), vite.config.ts (the build id) and the
// tests' server processes (the built server when it is current).
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/** What a build is made from: when their hash changes, the build is stale. */
export const BUILD_INPUTS = [
  'src',
  'sw',
  'contract',
  'server',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
]

/**
 * Whether `dist` holds a build of the sources as they are now, stamped with `buildId` (BUILD_ID when it
 * was built): the PWA, and the server too unless `clientOnly`.
 * @param {string} root @param {string} dist @param {{ clientOnly?: boolean, buildId?: string }} options
 * @returns {boolean}
 */
export function buildIsFresh(root, dist, { clientOnly = false, buildId } = {}) {
  const stampFile = path.join(dist, 'build-stamp.json')
  if (
    !existsSync(stampFile) ||
    (!clientOnly && !existsSync(path.join(dist, 'server', 'index.js'))) ||
    !existsSync(path.join(dist, 'client', 'index.html'))
  )
    return false
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'))
    return stamp.sources === sourceHash(root, BUILD_INPUTS) && stamp.buildId === buildId
  } catch {
    return false
  }
}

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
