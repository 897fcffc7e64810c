import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { bundle } from 'lightningcss'
import type { Plugin } from 'vite'
import { LOAD_COOKIE } from '../contract/lite'
import { appRoutes } from '../contract/routes'
import { EARLY_INSTALL_PROMPT, PAGE_SCRIPTS_ELEMENT_ID, WORKER_REGISTRATION } from '../contract/runtime'
import { type ChunkLike, chunksOf } from './precache-plan'

/**
 * How a page's first load is put together at build time:
 *
 * - `inlineStyles`: the stylesheet goes into index.html as a `<style>` element, so a page the server sends
 *   with its markup paints as soon as its HTML is in, without a second round trip for the styles.
 * - `startAfterFirstPaint`: the app's scripts are asked for once that paint has happened.
 * - `storefrontModules`: the small modules the catalog's pages share go into one file.
 * - `routeScripts`: for each of the app's routes, the scripts its page needs beyond the entry's (the route
 *   files' lazily loaded components and what they import), written to `route-scripts.json` beside the
 *   client build. The server names them in each page's HTML (`<link rel="modulepreload">`), so they load
 *   with the entry instead of one round trip after it.
 */

/**
 * The app's one stylesheet (src/styles.css and what it imports), bundled and minified, put into the page as
 * a `<style>` element. It is not part of the JavaScript bundle at all: a stylesheet a chunk imports is one
 * that lazily loaded parts fetch again when they load (the page has it already, inline). In development
 * src/main.tsx imports it instead. The same stylesheet is also a file of the build, named by the element's
 * `data-href`: the server cuts the inline copy down to a page's own rules on the pages that work as HTML
 * alone (server/web/page-style.ts), and the start script loads the file before it starts the app there.
 */
export function inlineStyles(stylesheet: string): Plugin {
  let css = ''
  let file = ''
  let ssr = false
  return {
    name: 'soko:inline-styles',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr)
    },
    buildStart() {
      css = bundle({ filename: stylesheet, minify: true }).code.toString()
      // `</style` inside the text would end the element early; a stylesheet has no reason to hold one.
      if (/<\/style/i.test(css)) throw new Error(`${stylesheet} contains "</style": it cannot be inlined`)
      file = `assets/styles-${createHash('sha256').update(css).digest('base64url').slice(0, 10)}.css`
      // Emitted now, so every plugin that reads the bundle (the precache plan) sees it.
      if (!ssr) this.emitFile({ type: 'asset', fileName: file, source: css })
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes('</head>')) throw new Error('index.html has no </head> to put the styles before')
        return html.replace('</head>', () => `  <style data-href="/${file}">${css}</style>\n  </head>`)
      },
    },
  }
}

/**
 * The app's scripts asked for once the browser has painted the page, not before. Scripts that arrive while
 * the HTML is parsed run before the first paint, and scripts downloading beside the page's own bytes and
 * first photo slow them down: a page the server sent with its content would wait for the app's code to
 * show what it already has. So index.html carries no script tags: a small start script, run when the HTML
 * is parsed, waits for the frame after the first paint, then asks for the entry, what it imports and the
 * scripts of the page's route (listed by the server, `PAGE_SCRIPTS_ELEMENT_ID`) all at once, and starts the
 * entry. In a tab that is not shown (it paints nothing) it starts at once. An install offer the browser
 * makes meanwhile is kept for the app (`EARLY_INSTALL_PROMPT`).
 */
export function startAfterFirstPaint(liteFile: () => string): Plugin {
  return {
    name: 'soko:start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/.exec(html)
        if (!entry?.[1]) throw new Error('index.html has no entry script to start after the first paint')
        const preloads = [
          ...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\s*/g),
        ]
        const scripts = [entry[1], ...preloads.map((link) => link[1] as string)]
        let out = html.replace(entry[0], '')
        for (const link of preloads) out = out.replace(link[0], '')
        const start = startScript(entry[1], scripts, `/${liteFile()}`)
        return out.replace('</body>', () => `  <script type="module">\n${start}\n</script>\n  </body>`)
      },
    },
  }
}

/**
 * The start script (docs/loading.md). A slow connection (2G or 3G by the Network Information API, or
 * Save-Data), or the `soko_load` cookie, makes it lite: a standalone page (`data-standalone` on its root,
 * contract/lite.ts) then runs the small script instead of the app, and the service worker is registered
 * once the page is idle, so its precache does not compete with the page. Otherwise the app's scripts are
 * asked for together after the first paint (with the whole stylesheet, when the server cut the page's to
 * its own rules), and the worker once the page has loaded.
 */
function startScript(entry: string, scripts: string[], lite: string): string {
  return [
    // The browser may offer installation before the app runs: kept for it (src/lib/install.ts, src/lite).
    "addEventListener('beforeinstallprompt', (event) => {",
    '  event.preventDefault()',
    `  window.${EARLY_INSTALL_PROMPT} = event`,
    '}, { once: true })',
    `const forced = (document.cookie.match(/(?:^|; )${LOAD_COOKIE}=(lite|app)(?:;|$)/) || [])[1]`,
    'const connection = navigator.connection',
    "const slow = forced ? forced === 'lite' : !!connection && (connection.saveData || /2g|3g/.test(connection.effectiveType || ''))",
    "const root = document.getElementById('root')",
    "const whenLoaded = (run) => document.readyState === 'complete' ? run() : addEventListener('load', run, { once: true })",
    'const whenIdle = (run) => window.requestIdleCallback ? requestIdleCallback(run, { timeout: 10000 }) : setTimeout(run, 1000)',
    `window.${WORKER_REGISTRATION} = 'serviceWorker' in navigator ? new Promise((resolve) => whenLoaded(() => (slow ? whenIdle : (run) => run())(() =>`,
    "  navigator.serviceWorker.register('/sw.js').then(resolve, (error) => {",
    "    console.error('Service worker registration failed', error)",
    '    resolve(null)',
    '  })))) : Promise.resolve(null)',
    `const entry = ${JSON.stringify(entry)}`,
    `const listed = document.getElementById(${JSON.stringify(PAGE_SCRIPTS_ELEMENT_ID)})`,
    `const scripts = ${JSON.stringify(scripts)}.concat(listed ? JSON.parse(listed.textContent) : [])`,
    'const start = () => {',
    "  if (slow && root && root.hasAttribute('data-standalone')) {",
    `    import(${JSON.stringify(lite)}).catch((error) => console.error('Error while starting the page:', error))`,
    '    return',
    '  }',
    // A page whose styles the server cut to its own (data-full: server/web/page-style.ts) gets the whole
    // stylesheet before the app, which shows the rest of the app's pages.
    "  const cut = document.querySelector('style[data-full]')",
    '  const styled = cut ? new Promise((resolve) => {',
    "    const sheet = document.createElement('link')",
    "    sheet.rel = 'stylesheet'",
    '    sheet.href = cut.dataset.full',
    '    sheet.onload = sheet.onerror = resolve',
    '    document.head.append(sheet)',
    '  }) : Promise.resolve()',
    '  for (const href of scripts) {',
    "    const link = document.createElement('link')",
    "    link.rel = 'modulepreload'",
    "    link.crossOrigin = ''",
    '    link.href = href',
    '    document.head.append(link)',
    '  }',
    "  styled.then(() => import(entry)).catch((error) => console.error('Error while mounting app:', error))",
    '}',
    "if (document.visibilityState === 'hidden') start()",
    'else requestAnimationFrame(() => setTimeout(start, 0))',
  ].join('\n')
}

/** A route file's place: its URL segments (pathless layouts such as `_default` left out), whether an index. */
interface RouteFile {
  file: string
  segments: string[]
  index: boolean
}

const ROUTES_DIR = 'src/routes/'

function routeFile(file: string): RouteFile {
  const parts = file
    .slice(ROUTES_DIR.length)
    .replace(/\.tsx?$/, '')
    .split('/')
  // `account.$token` is two segments written as one file name; `_default` is a layout without a path.
  const segments = parts.flatMap((part) => part.split('.')).filter((part) => !part.startsWith('_'))
  const index = segments.at(-1) === 'index'
  return { file, segments: index ? segments.slice(0, -1) : segments, index }
}

/**
 * The route files a URL of `route` renders, outermost first: the root, the layouts of the folders the
 * page's file is in (`_default.tsx`, `account.tsx`…) and the page's file.
 */
export function routeChain(route: string, files: string[]): string[] {
  const segments = route.split('/').filter(Boolean)
  const parsed = files.map(routeFile)
  const same = (file: RouteFile) =>
    file.segments.length === segments.length && file.segments.every((s, i) => s === segments[i])
  const leaf = parsed.find((file) => same(file) && file.index) ?? parsed.find(same)
  if (!leaf) return []
  const chain = [leaf.file]
  const dirs = leaf.file.split('/').slice(0, -1)
  for (let depth = dirs.length; depth > 2; depth--) {
    const layout = `${dirs.slice(0, depth).join('/')}.tsx`
    if (files.includes(layout)) chain.unshift(layout)
  }
  const root = `${ROUTES_DIR}__root.tsx`
  if (files.includes(root)) chain.unshift(root)
  return chain
}

/** The build's chunks as the byte budgets read them (scripts/check-budgets.ts): `bundle-graph.json`. */
export interface BundleGraph {
  /** The entry chunk index.html starts. */
  entry: string
  chunks: Record<string, { imports: string[]; dynamicImports: string[]; modules: string[] }>
}

export function routeScripts(rootDir: string): Plugin {
  let outDir = ''
  let scripts: Record<string, string[]> = {}
  let graph: BundleGraph = { entry: '', chunks: {} }
  return {
    name: 'soko:route-scripts',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle)
      const reach = (names: string[], into = new Set<string>()) => {
        for (const name of names) {
          if (into.has(name)) continue
          into.add(name)
          reach(chunks.get(name)?.imports ?? [], into)
        }
        return into
      }
      const entries = [...chunks.values()].filter((chunk) => chunk.isEntry).map((c) => c.fileName)
      graph = { entry: entries[0] ?? '', chunks: {} }
      for (const chunk of chunks.values())
        graph.chunks[chunk.fileName] = {
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          modules: chunk.moduleIds
            .map((id) => projectPath(rootDir, id))
            .filter((id) => id.startsWith('src/') || id.startsWith('contract/')),
        }
      const entry = reach(entries)
      // The chunk of each route file's page component (the router plugin's `?tsr-split=component` module).
      const componentChunks = new Map<string, string>()
      for (const chunk of chunks.values())
        for (const id of chunk.moduleIds) {
          const match = /^(src\/routes\/[^?]+)\?tsr-split=component/.exec(projectPath(rootDir, id))
          if (match?.[1]) componentChunks.set(match[1], chunk.fileName)
        }
      const files = [...new Set([...componentChunks.keys(), ...routeFilesIn(rootDir, chunks)])]
      scripts = {}
      for (const route of appRoutes) {
        const needed = routeChain(route, files).flatMap((file) => {
          const chunk = componentChunks.get(file)
          return chunk ? [chunk] : []
        })
        scripts[route] = [...reach(needed)].filter((name) => !entry.has(name))
      }
    },
    writeBundle() {
      writeFileSync(
        path.join(path.dirname(outDir), 'route-scripts.json'),
        `${JSON.stringify(scripts, null, 1)}\n`,
      )
      writeFileSync(path.join(path.dirname(outDir), 'bundle-graph.json'), `${JSON.stringify(graph)}\n`)
    },
  }
}

/** Every route file the bundle holds, split or not, relative to the project (`src/routes/…`). */
function routeFilesIn(rootDir: string, chunks: Map<string, ChunkLike>): string[] {
  const found = new Set<string>()
  for (const chunk of chunks.values())
    for (const id of chunk.moduleIds) {
      const match = /^(src\/routes\/[^?]+\.tsx)/.exec(projectPath(rootDir, id))
      if (match?.[1]) found.add(match[1])
    }
  return [...found]
}

/** A module id relative to the project, with forward slashes (`src/routes/…?tsr-split=component`). */
function projectPath(rootDir: string, id: string): string {
  return path.relative(rootDir, id).split(path.sep).join('/')
}

/**
 * The catalog's pages (home, explore, a product, creators) share small modules: prices, photos, product
 * cards, the pager, sharing, dates. Left to itself the bundler gives each its own file of a few hundred
 * bytes, so a product page loaded a dozen scripts. `storefrontModules` finds them once the module graph is
 * known, and the build's chunk group of the same name puts them in one file: every module those pages
 * import that the entry does not hold, except a page's own (imported by that page alone).
 */
const STOREFRONT_PAGES = [
  [
    'src/routes/_default/index.tsx',
    'src/routes/_default/features.tsx',
    'src/routes/_default/pricing.tsx',
    'src/routes/_default/contact-us.tsx',
  ],
  ['src/routes/_default/explore/index.tsx', 'src/routes/_default/explore/$category.tsx'],
  ['src/routes/_default/$product.tsx'],
  ['src/routes/_default/creators/index.tsx', 'src/routes/_default/creators/$handle.tsx'],
]

export function storefrontModules(rootDir: string) {
  const modules = new Set<string>()
  const plugin: Plugin = {
    name: 'soko:storefront-modules',
    apply: 'build',
    buildEnd() {
      modules.clear()
      const reach = (id: string, into = new Set<string>()) => {
        if (into.has(id)) return into
        const info = this.getModuleInfo(id)
        if (!info) return into
        into.add(id)
        for (const next of info.importedIds) reach(next, into)
        return into
      }
      const ids = [...this.getModuleIds()]
      const initial = new Set<string>()
      for (const id of ids) if (this.getModuleInfo(id)?.isEntry) reach(id, initial)
      // Which lazily loaded parts (a page, a dialog…) import each module, directly or through others.
      const importers = new Map<string, Set<string>>()
      for (const id of ids)
        if (this.getModuleInfo(id)?.dynamicImporters.length)
          for (const reached of reach(id))
            importers.set(reached, (importers.get(reached) ?? new Set()).add(id))
      const pageOf = new Map<string, number>()
      STOREFRONT_PAGES.forEach((files, page) => {
        for (const id of ids)
          if (files.some((file) => projectPath(rootDir, id) === `${file}?tsr-split=component`))
            pageOf.set(id, page)
      })
      for (const [id, parts] of importers) {
        if (initial.has(id) || !/^(src|contract)\//.test(projectPath(rootDir, id))) continue
        const pages = new Set([...parts].flatMap((part) => pageOf.get(part) ?? []))
        if (pages.size >= 2) modules.add(id)
      }
    },
  }
  return { plugin, test: (id: string) => modules.has(id) }
}
