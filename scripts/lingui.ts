import {
  type PluginItem,
  type PluginObj,
  types as t,
  transformAsync,
  transformFromAstAsync,
} from '@babel/core'
import linguiMacro from '@lingui/babel-plugin-lingui-macro'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { lingui as linguiCatalogs } from '@lingui/vite-plugin'
import type { Plugin } from 'vite'

/** Modules that use Lingui's macros: only these pass through Babel, which the rest of the build never runs. */
const USES_MACROS = /from ['"]@lingui\/(core|react)\/macro['"]/
const SOURCE = /\.(ts|tsx)$/

/**
 * The English words compiled where they are used. The macro keeps each message next to its id (English
 * needs no catalog of its own: it stays inline in the code that shows it), and this pass turns the message
 * from ICU text (`{count, plural, one {# file} other {# files}}`) into the form the runtime interpolates, so
 * the browser carries no message parser.
 */
function precompileMessages(): PluginObj {
  const compiled = (text: string) => {
    const value: unknown[] = compileMessage(text)
    // Plain words stay a plain string (the runtime shows it as it is), unescaped as ICU would.
    if (value.length === 1 && typeof value[0] === 'string')
      return value[0] === text ? null : t.stringLiteral(value[0])
    if (value.length === 0) return text === '' ? null : t.stringLiteral('')
    return t.valueToNode(value)
  }
  return {
    name: 'soko-precompile-messages',
    visitor: {
      ObjectExpression(path) {
        const props = path.node.properties
        const hasId = props.some((p) => t.isObjectProperty(p) && t.isIdentifier(p.key, { name: 'id' }))
        if (!hasId) return
        for (const prop of props)
          if (
            t.isObjectProperty(prop) &&
            t.isIdentifier(prop.key, { name: 'message' }) &&
            t.isStringLiteral(prop.value)
          ) {
            const value = compiled(prop.value.value)
            if (value) prop.value = value
          }
      },
      JSXAttribute(path) {
        const { node } = path
        if (!t.isJSXIdentifier(node.name, { name: 'message' }) || !t.isStringLiteral(node.value)) return
        const value = compiled(node.value.value)
        if (value) node.value = t.jsxExpressionContainer(value)
      },
    },
  }
}

/** Runs the macros on one module; null when it uses none. Exported for vitest's client project. */
export async function compileMacros(code: string, id: string) {
  const file = id.split('?')[0] ?? id
  if (!SOURCE.test(file) || file.includes('node_modules') || !USES_MACROS.test(code)) return null
  const parserOpts = { plugins: ['typescript', 'jsx'] as NonNullable<PluginItem>[] as never }
  const first = await transformAsync(code, {
    filename: file,
    babelrc: false,
    configFile: false,
    ast: true,
    code: false,
    parserOpts,
    plugins: [[linguiMacro, { stripMessageField: false }]],
  })
  if (!first?.ast) return null
  const second = await transformFromAstAsync(first.ast, code, {
    filename: file,
    babelrc: false,
    configFile: false,
    sourceMaps: true,
    plugins: [precompileMessages],
  })
  return second?.code ? { code: second.code, map: second.map } : null
}

/**
 * Lingui in a Vite build: the macros compiled (before the router's and React's transforms, which do not
 * run Babel), and `.po` catalogs imported as compiled messages.
 */
export function linguiPlugins(): Plugin[] {
  return [
    {
      name: 'soko:lingui-macros',
      enforce: 'pre',
      transform(code, id) {
        return compileMacros(code, id)
      },
    },
    ...linguiCatalogs({ failOnCompileError: true }),
  ]
}
