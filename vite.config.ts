import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { LANGS } from './contract/i18n'
import { payloadPath } from './contract/runtime'
import { linguiPlugins } from './scripts/lingui'
import { liteScript } from './scripts/lite-script'
import { inlineStyles, routeScripts, startAfterFirstPaint, storefrontModules } from './scripts/page-assets'
import { precachePlan } from './scripts/precache-plan'
import { sourceHash } from './scripts/source-hash.mjs'
import { marketingPayloadsIn } from './src/features/marketing/content'

/** Everything the browser's code is built from: the build id changes exactly when one of these does. */
const CLIENT_INPUTS = [
  'src',
  'sw',
  'contract',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
]

/**
 * The build's id: a hash of the client's sources, so rebuilding unchanged sources gives the same id and open
 * tabs are not reloaded for nothing; BUILD_ID overrides it (the end-to-end tests build twice). The bundle
 * carries its own id (import.meta.env.SOKO_BUILD_ID), so a page started from an old cached shell knows it is old.
 */
function buildId(command: string): string {
  if (command !== 'build') return 'dev'
  return (
    process.env.BUILD_ID ||
    sourceHash(path.dirname(fileURLToPath(import.meta.url)), CLIENT_INPUTS).slice(0, 16)
  )
}

/** Writes builds/latest.json {id, timestamp} and builds/meta/{id}.json (the update checks, docs/product.md). */
function buildManifest(id: string): Plugin {
  return {
    name: 'soko:build-manifest',
    apply: 'build',
    generateBundle() {
      const info = JSON.stringify({ id, timestamp: Date.now() })
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: info })
      this.emitFile({ type: 'asset', fileName: `builds/meta/${id}.json`, source: info })
    },
  }
}

/**
 * The prerendered pages' data as `{path}/_payload.json`: static files the server sends with an ETag and the
 * service worker precaches, so those pages render offline too.
 */
function marketingPayloadFiles(): Plugin {
  return {
    name: 'soko:marketing-payloads',
    apply: 'build',
    generateBundle() {
      for (const lang of LANGS)
        for (const [pagePath, payload] of Object.entries(marketingPayloadsIn(lang)))
          this.emitFile({
            type: 'asset',
            fileName: payloadPath(pagePath)
              .slice(1)
              .replace(/\.json$/, lang === 'en' ? '.json' : `.${lang}.json`),
            source: JSON.stringify(payload),
          })
    },
  }
}

/** The runtime Lingui's macros compile to (lingui.config.ts). */
const I18N_ALIAS = {
  '@soko/i18n': path.join(path.dirname(fileURLToPath(import.meta.url)), 'src/lib/i18n-runtime.tsx'),
}

const UNSPLIT_LAYOUTS: string[] = [
  '/_default',
  '/_default-old',
  '/_default/account',
  '/_default/creators',
  '/_default/explore',
]

export default defineConfig(({ command, isSsrBuild, mode }) => {
  const id = buildId(command)
  const precache = precachePlan()
  const rootDir = path.dirname(fileURLToPath(import.meta.url))
  const storefront = storefrontModules(rootDir)
  const lite = liteScript(rootDir)
  const define = { 'import.meta.env.SOKO_BUILD_ID': JSON.stringify(id) }
  if (mode === 'prerender')
    return {
      // src/prerender.tsx for Node: renders the marketing pages to HTML after the client build.
      define,
      plugins: [...linguiPlugins(), tanstackRouter({ target: 'react', autoCodeSplitting: false }), react()],
      resolve: { alias: I18N_ALIAS },
      publicDir: false,
      build: { outDir: 'dist/prerender', target: 'node20', emptyOutDir: true, minify: false },
    }
  if (isSsrBuild)
    return {
      // The server: one ESM file for Node, its dependencies left as imports from node_modules.
      publicDir: false,
      build: { outDir: 'dist/server', target: 'node20', emptyOutDir: true, minify: false, sourcemap: true },
    }
  return {
    define,
    resolve: { alias: I18N_ALIAS },
    plugins: [
      // Lingui's macros first: Babel reads the sources as written (scripts/lingui.ts).
      ...linguiPlugins(),
      // The router plugin must come before react(): it rewrites route files react() then compiles.
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        // Layouts that only frame their pages stay with the router: a file of their own would be one more
        // request before every page, for a few dozen bytes.
        codeSplittingOptions: {
          splitBehavior: ({ routeId }) => (UNSPLIT_LAYOUTS.includes(routeId) ? [] : undefined),
        },
      }),
      react(),
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        injectRegister: false,
        manifest: false,
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,webmanifest}', '**/_payload.json'],
          globIgnores: ['builds/**', '**/*.map'],
          // The shell and a buyer's pages only; the rest is cached when first used (scripts/precache-plan.ts).
          manifestTransforms: [precache.transform],
        },
      }),
      precache.plugin,
      inlineStyles(path.join(rootDir, 'src', 'styles.css')),
      lite,
      startAfterFirstPaint(lite.fileName),
      routeScripts(rootDir),
      storefront.plugin,
      buildManifest(id),
      marketingPayloadFiles(),
    ],
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      target: 'es2022',
      // Every browser the app supports preloads modules itself.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // A language's catalog is named for what it is (`lang-sw-checkout-….js`), apart from the routes'.
          chunkFileNames: (chunk) =>
            chunk.facadeModuleId?.endsWith('.po')
              ? `assets/lang-${path.basename(path.dirname(chunk.facadeModuleId))}-[name]-[hash].js`
              : 'assets/[name]-[hash].js',
          // React and TanStack in one chunk that every page loads anyway: left to itself the bundler cut
          // them into some twenty small shared chunks, and the import lines and per-file compression of
          // those cost about 4 KB gzip on each first load (npm run bench).
          codeSplitting: {
            groups: [
              {
                name: 'core',
                test: /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/,
                priority: 20,
                tags: ['$initial'],
              },
              { name: 'app', tags: ['$initial'], priority: 10 },
              { name: 'storefront', test: storefront.test, priority: 5 },
            ],
          },
        },
      },
    },
  }
})
