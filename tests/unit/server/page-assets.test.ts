import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { IndexHtmlTransformHook, Plugin } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'
import { appRoutes } from '../../../contract/routes'
import { PAGE_SCRIPTS_ELEMENT_ID, WORKER_REGISTRATION } from '../../../contract/runtime'
import { inlineStyles, routeChain, startAfterFirstPaint } from '../../../scripts/page-assets'

const root = path.resolve(import.meta.dirname, '../../..')
const routeFiles = (readdirSync(path.join(root, 'src/routes'), { recursive: true }) as string[])
  .filter((file) => file.endsWith('.tsx'))
  .map((file) => `src/routes/${file.split(path.sep).join('/')}`)

/** A plugin's index.html transform, called as the build calls it. */
function transform(plugin: Plugin, html: string, bundle?: object): string {
  const hook = plugin.transformIndexHtml as { handler: IndexHtmlTransformHook }
  return hook.handler.call({} as never, html, {
    bundle,
    path: '/index.html',
    filename: 'index.html',
  } as never) as string
}

describe('routeChain', () => {
  it('names the root, the layouts and the page file of a route, outermost first', () => {
    expect(routeChain('/account/transactions', routeFiles)).toEqual([
      'src/routes/__root.tsx',
      'src/routes/_default.tsx',
      'src/routes/_default/account.tsx',
      'src/routes/_default/account/transactions.tsx',
    ])
    expect(routeChain('/explore', routeFiles)).toEqual([
      'src/routes/__root.tsx',
      'src/routes/_default.tsx',
      'src/routes/_default/explore.tsx',
      'src/routes/_default/explore/index.tsx',
    ])
    expect(routeChain('/p', routeFiles)).toEqual([
      'src/routes/__root.tsx',
      'src/routes/_default-old.tsx',
      'src/routes/_default-old/p.tsx',
    ])
    // A file name with a dot is two segments; a folder without a layout file adds nothing.
    expect(routeChain('/verify/account/$token', routeFiles)).toEqual([
      'src/routes/__root.tsx',
      'src/routes/_default.tsx',
      'src/routes/_default/verify/account.$token.tsx',
    ])
  })

  it('finds a page file for every route of the app', () => {
    for (const route of appRoutes) expect(routeChain(route, routeFiles).length, route).toBeGreaterThan(2)
  })
})

const lite = () => 'assets/lite-c3.js'

describe('startAfterFirstPaint', () => {
  const built = `<head>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/core-b2.js">
  </head>
  <body>
    <div id="root"></div>
  </body>`

  it('leaves no script tag or preload in the page, and starts the entry and its imports from one inline script', () => {
    const html = transform(startAfterFirstPaint(lite), built)
    expect(html).not.toContain('src="/assets/')
    expect(html).not.toContain('<link rel="modulepreload"')
    const start = /<script type="module">([\s\S]*)<\/script>\s*<\/body>/.exec(html)?.[1] ?? ''
    expect(start).toContain('["/assets/index-a1.js","/assets/core-b2.js"]')
    expect(start).toContain(`document.getElementById("${PAGE_SCRIPTS_ELEMENT_ID}")`)
    expect(start).toContain('import(entry)')
    expect(start).toContain('requestAnimationFrame')
  })

  it('runs the small script instead on a standalone page when the connection is slow or the cookie says lite', () => {
    const start =
      /<script type="module">([\s\S]*)<\/script>/.exec(transform(startAfterFirstPaint(lite), built))?.[1] ??
      ''
    expect(start).toContain('import("/assets/lite-c3.js")')
    expect(start).toContain("root.hasAttribute('data-standalone')")
    expect(start).toContain('soko_load=(lite|app)')
    expect(start).toMatch(/saveData \|\| \/2g\|3g\/\.test\(connection\.effectiveType/)
  })

  it('registers the service worker itself, once the page is idle on a slow connection, for the app to follow', () => {
    const start =
      /<script type="module">([\s\S]*)<\/script>/.exec(transform(startAfterFirstPaint(lite), built))?.[1] ??
      ''
    expect(start).toContain("navigator.serviceWorker.register('/sw.js')")
    expect(start).toContain(`window.${WORKER_REGISTRATION} =`)
    expect(start).toContain('(slow ? whenIdle :')
  })

  it('refuses a page without an entry script rather than building one that never starts', () => {
    expect(() => transform(startAfterFirstPaint(lite), '<head></head><body></body>')).toThrow(
      /no entry script/,
    )
  })
})

describe('inlineStyles', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'soko-styles-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))
  const sheet = (name: string, css: string) => {
    writeFileSync(path.join(folder, name), css)
    return path.join(folder, name)
  }

  /** The plugin run as the build runs it: the stylesheet read and its file written, then index.html. */
  const build = (plugin: Plugin, html: string) => {
    const hook = (name: 'configResolved' | 'buildStart') =>
      plugin[name] as unknown as (this: unknown, ...args: unknown[]) => void
    const files: { fileName: string; source: string }[] = []
    hook('configResolved').call({}, { build: { ssr: false } })
    hook('buildStart').call({ emitFile: (file: { fileName: string; source: string }) => files.push(file) })
    return { page: transform(plugin, html), files }
  }

  it('puts the stylesheet and what it imports into the page, minified, and writes it as a file named there', () => {
    sheet('tokens.css', ':root {\n  --ink: #1c1917;\n}\n')
    const { page, files } = build(
      inlineStyles(sheet('styles.css', '@import "./tokens.css";\nbody {\n  color: var(--ink);\n}\n')),
      '<head><title>Soko</title></head>',
    )
    const css = ':root{--ink:#1c1917}body{color:var(--ink)}'
    expect(files).toEqual([
      { type: 'asset', fileName: expect.stringMatching(/^assets\/styles-[\w-]{10}\.css$/), source: css },
    ])
    expect(page).toBe(
      `<head><title>Soko</title>  <style data-href="/${files[0]?.fileName}">${css}</style>\n  </head>`,
    )
  })
  it('refuses a stylesheet that would end the style element early', () => {
    const styles = sheet('bad.css', 'a::after { content: "</style>" }')
    expect(() => build(inlineStyles(styles), '<head></head>')).toThrow(/<\/style/)
  })
})
