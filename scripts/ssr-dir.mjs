import { createHash } from 'node:crypto'
import path from 'node:path'

/**
 * Where the build puts the app's server-rendering bundle (src/prerender.tsx) for the build in `distDir`:
 * inside the project's node_modules/.cache, so its imports resolve wherever the build itself goes, and one
 * folder per build folder, so a second build (`--dist`) does not replace the first one's renderer.
 */
export function ssrDir(rootDir, distDir) {
  const id = createHash('sha256').update(path.resolve(distDir)).digest('hex').slice(0, 12)
  return path.join(rootDir, 'node_modules', '.cache', 'soko-ssr', id)
}
