import { readFile } from 'node:fs/promises'
import {
  type PluginItem,
  type PluginObj,
  types as t,
  transformAsync,
  transformFromAstAsync,
} from '@babel/core'
import linguiMacro from '@lingui/babel-plugin-lingui-macro'
import { compileMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import type { Plugin } from 'vite'
import { poEntries } from '../server/lib/po'

/** Modules that use Lingui's macros: only these pass through Babel, which the rest of the build never runs. */
const USES_MACROS = /from ['"]@lingui\/(core|react)\/macro['"]/
const SOURCE = /\.(ts|tsx)$/

/**
 * The English words compiled where they are used. The macro names each message by an id (a hash of its
 * English) next to the message; this pass names it by its English instead (what the Kiswahili catalogs
 * are keyed by in the app, see `catalogModules`), which compresses far better than a hash, drops the
 * message when it is plain words (the id says it), and turns ICU text (`{count, plural, one {# file} other
 * {# files}}`) into the form the runtime interpolates, so the browser carries no message parser. A message
 * whose id is not its English's hash (one with a context, or an id of its own) keeps its id.
 */
function precompileMessages(): PluginObj {
  /**
   * What the message becomes: null when its English id already says it — plain words, or words with
   * `{name}` placeholders the runtime fills in itself (most messages: the compiled form would repeat them).
   */
  const compiled = (text: string) => {
    const value: unknown[] = compileMessage(text)
    if (value.length === 0) return t.stringLiteral('')
    const simple = value.every(
      (token) => typeof token === 'string' || (Array.isArray(token) && token.length === 1),
    )
    const said = value
      .map((token) => (typeof token === 'string' ? token : `{${(token as string[])[0]}}`))
      .join('')
    if (simple && said === text) return null
    if (value.length === 1 && typeof value[0] === 'string') return t.stringLiteral(value[0])
    return t.valueToNode(value)
  }
  const byEnglish = (id: string, message: string) => generateMessageId(message, '') === id
  return {
    name: 'soko-precompile-messages',
    visitor: {
      ObjectExpression(path) {
        const props = path.node.properties.filter((p) => t.isObjectProperty(p))
        const id = props.find((p) => t.isIdentifier(p.key, { name: 'id' }))
        const message = props.find((p) => t.isIdentifier(p.key, { name: 'message' }))
        if (!id || !message || !t.isStringLiteral(id.value) || !t.isStringLiteral(message.value)) return
        const text = message.value.value
        const value = compiled(text)
        if (!byEnglish(id.value.value, text)) {
          message.value = value ?? message.value
          return
        }
        id.value = t.stringLiteral(text)
        if (value) message.value = value
        else path.node.properties = path.node.properties.filter((p) => p !== message)
      },
      JSXOpeningElement(path) {
        const attributes = path.node.attributes.filter((a) => t.isJSXAttribute(a))
        const id = attributes.find((a) => t.isJSXIdentifier(a.name, { name: 'id' }))
        const message = attributes.find((a) => t.isJSXIdentifier(a.name, { name: 'message' }))
        if (!id || !message || !t.isStringLiteral(id.value) || !t.isStringLiteral(message.value)) return
        const text = message.value.value
        const value = compiled(text)
        if (!byEnglish(id.value.value, text)) {
          if (value) message.value = t.jsxExpressionContainer(value)
          return
        }
        id.value = t.jsxExpressionContainer(t.stringLiteral(text))
        if (value) message.value = t.jsxExpressionContainer(value)
        else path.node.attributes = path.node.attributes.filter((a) => a !== message)
      },
    },
  }
}

/**
 * The Kiswahili catalogs as modules of compiled messages (`export const messages`), keyed as the code
 * names them: by the English for a message the macros made, by its own id for an explicit one (the
 * server's codes, the contract's messages), by the hash for one with a context. Untranslated messages are
 * left out: the English in the code shows instead.
 */
function catalogModules(): Plugin {
  return {
    name: 'soko:lingui-catalogs',
    async load(id) {
      const file = id.split('?')[0] ?? id
      if (!file.endsWith('.po')) return null
      this.addWatchFile(file)
      const messages: Record<string, unknown> = {}
      for (const entry of poEntries(await readFile(file, 'utf8'))) {
        if (!entry.msgstr) continue
        const key = entry.explicit
          ? entry.msgid
          : entry.msgctxt
            ? generateMessageId(entry.msgid, entry.msgctxt)
            : entry.msgid
        try {
          messages[key] = compileMessageOrThrow(entry.msgstr)
        } catch (error) {
          this.error(`${file}: the translation of "${entry.msgid}" is not a valid message: ${String(error)}`)
        }
      }
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))})`
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
    catalogModules(),
  ]
}
