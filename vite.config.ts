import { createHash } from 'node:crypto'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

/**
 * Writes builds/latest.json {id, timestamp} and builds/meta/{id}.json. The id is a hash of everything the
 * build emitted, so rebuilding unchanged sources gives the same id and open tabs are not reloaded for
 * nothing; BUILD_ID overrides it (tests build twice with different ids).
 */
function buildManifest(): Plugin {
  return {
    name: 'soko:build-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const hash = createHash('sha256')
      for (const name of Object.keys(bundle).sort()) {
        const item = bundle[name]
        if (!item) continue
        hash.update(name)
        hash.update(item.type === 'chunk' ? item.code : item.source)
      }
      const id = process.env.BUILD_ID || hash.digest('hex').slice(0, 16)
      const info = JSON.stringify({ id, timestamp: Date.now() })
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: info })
      this.emitFile({ type: 'asset', fileName: `builds/meta/${id}.json`, source: info })
    },
  }
}

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        // The server: one ESM file for Node, its dependencies left as imports from node_modules.
        publicDir: false,
        build: { outDir: 'dist/server', target: 'node20', emptyOutDir: true, minify: false, sourcemap: true },
      }
    : {
        plugins: [
          // The router plugin must come before react(): it rewrites route files react() then compiles.
          tanstackRouter({ target: 'react', autoCodeSplitting: true }),
          react(),
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'sw',
            filename: 'sw.ts',
            injectRegister: false,
            manifest: false,
            injectManifest: {
              globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,webmanifest}'],
              globIgnores: ['builds/**', '**/*.map'],
            },
          }),
          buildManifest(),
        ],
        build: { outDir: 'dist/client', emptyOutDir: true, target: 'es2022' },
      },
)
