import { createHash } from 'node:crypto'
import path from 'node:path'
import { build } from 'rolldown'
import type { Plugin } from 'vite'

/** The small script's source: what a standalone page runs instead of the app on a slow connection. */
export const LITE_SOURCE = 'src/lite/lite.ts'

/**
 * Builds src/lite/lite.ts on its own, minified, into `assets/lite-{hash}.js`. It is bundled apart from the
 * app so that nothing it uses is shared with the app's chunks: a page in lite mode asks for this one file.
 * `fileName()` gives its name once the build has started, for the start script (page-assets.ts).
 */
export function liteScript(rootDir: string): Plugin & { fileName: () => string } {
  let code = ''
  let fileName = ''
  return {
    name: 'soko:lite-script',
    apply: 'build',
    async buildStart() {
      const result = await build({
        input: path.join(rootDir, LITE_SOURCE),
        write: false,
        platform: 'browser',
        output: { format: 'esm', minify: true },
      })
      code = result.output[0].code
      const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8)
      fileName = `assets/lite-${hash}.js`
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: code })
    },
    fileName: () => {
      if (!fileName) throw new Error('The small script is named once the build has started')
      return fileName
    },
  }
}
