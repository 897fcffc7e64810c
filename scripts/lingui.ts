import { readFile } from 'node:fs/promises'
import {
  type NodePath,
  type PluginItem,
  type PluginObj,
  types as t,
  transformAsync,
  transformFromAstAsync,
  type Visitor,
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
 * What a message becomes in the code: null when its English says it all — plain words, or words with
 * `{name}` placeholders the runtime fills in itself (most messages) — else its compiled form: ICU text
 * (`{count, plural, one {# file} other {# files}}`) turned into the tokens the runtime interpolates, so the
 * browser carries no message parser.
 */
function compiledForm(text: string): unknown[] | string | null {
  const value: unknown[] = compileMessage(text)
  if (value.length === 0) return ''
  const simple = value.every(
    (token) => typeof token === 'string' || (Array.isArray(token) && token.length === 1),
  )
  const said = value
    .map((token) => (typeof token === 'string' ? token : `{${(token as string[])[0]}}`))
    .join('')
  if (simple && said === text) return null
  if (value.length === 1 && typeof value[0] === 'string') return value[0]
  return withoutUndefined(value) as unknown[]
}

/**
 * The id the app names a message the macros made by: its English when that says it all (it compresses far
 * better than a hash, and the message need not come too), else the macros' hash of it (a plural's English
 * would come twice: as the id and compiled).
 */
export function appMessageId(english: string, context?: string): string {
  return context || compiledForm(english) !== null ? generateMessageId(english, context ?? '') : english
}

/**
 * The English words compiled where they are used: each message named as `appMessageId` names it, with its
 * compiled form when it needs one. A message whose id is not its English's hash (one with a context, or an
 * id of its own) keeps its id.
 */
function precompileMessages(): PluginObj {
  const compiled = (text: string) => {
    const value = compiledForm(text)
    return value === null ? null : t.valueToNode(value)
  }
  const byEnglish = (id: string, message: string) => generateMessageId(message, '') === id
  return {
    name: 'soko-precompile-messages',
    visitor: {
      Program: {
        exit(program) {
          program.traverse(shorterCalls)
        },
      },
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
        if (value) message.value = value
        else {
          id.value = t.stringLiteral(text)
          path.node.properties = path.node.properties.filter((p) => p !== message)
        }
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
        if (value) message.value = t.jsxExpressionContainer(value)
        else {
          id.value = t.jsxExpressionContainer(t.stringLiteral(text))
          path.node.attributes = path.node.attributes.filter((a) => a !== message)
        }
      },
    },
  }
}

/** Compiled ICU without the keys it leaves undefined (a plural's `offset` when it has none). */
function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUndefined)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, withoutUndefined(v)]),
  )
}

/** A macro's descriptor of its id alone, or its id and values: `{ id: '…', values: {…} }`. */
function idAndValues(node: t.Node | undefined | null) {
  // The macros mark what they write with /*i18n*/: code's own `{ id }` objects are not theirs.
  if (!t.isObjectExpression(node) || !node.leadingComments?.some((c) => c.value === 'i18n')) return null
  let id: t.StringLiteral | undefined
  let values: t.Expression | undefined
  for (const p of node.properties) {
    if (!t.isObjectProperty(p) || !t.isIdentifier(p.key)) return null
    if (p.key.name === 'id' && t.isStringLiteral(p.value)) id = p.value
    else if (p.key.name === 'values' && t.isExpression(p.value)) values = p.value
    else return null
  }
  return id ? { id, values } : null
}

/** What a name in a module was imported as from the runtime the macros compile to, if it was. */
function fromRuntime(path: NodePath, name: string): string | undefined {
  const binding = path.scope.getBinding(name)
  const declaration = binding?.path.parentPath?.node
  if (!binding?.path.isImportSpecifier() || !t.isImportDeclaration(declaration)) return undefined
  if (declaration.source.value !== '@soko/i18n') return undefined
  const imported = binding.path.node.imported
  return t.isIdentifier(imported) ? imported.name : undefined
}

/**
 * The macros' output written shorter, as the runtime also takes it. `i18n._({ id: 'Save' })` becomes
 * `i18n._('Save')` (and `{ id, values }` two arguments); `<Trans id="Save" />` with nothing to place
 * becomes the call itself, a string, when inside a function (a render: the language is set by then; at a
 * module's top level the element waits for its render, so it stays); and `const { _ } = useLingui()`
 * goes, its calls made on the runtime's `i18n` (the runtime's `useLingui` is no hook: the language
 * changes only with a page load).
 */
const shorterCalls: Visitor = {
  CallExpression(path) {
    const [only, ...rest] = path.node.arguments
    const descriptor = rest.length === 0 ? idAndValues(only) : null
    if (!descriptor) return
    path.node.arguments = descriptor.values ? [descriptor.id, descriptor.values] : [descriptor.id]
  },
  JSXElement(path) {
    const opening = path.node.openingElement
    if (!t.isJSXIdentifier(opening.name) || !path.getFunctionParent()) return
    if (fromRuntime(path, opening.name.name) !== 'Trans') return
    const [spread, ...rest] = opening.attributes
    if (rest.length > 0 || !t.isJSXSpreadAttribute(spread)) return
    const descriptor = idAndValues(spread.argument)
    if (!descriptor || descriptor.values) return
    const call = t.callExpression(t.memberExpression(runtimeI18n(path), t.identifier('_')), [descriptor.id])
    path.replaceWith(
      path.parentPath.isJSXElement() || path.parentPath.isJSXFragment()
        ? t.jsxExpressionContainer(call)
        : call,
    )
  },
  VariableDeclarator(path) {
    const { id, init } = path.node
    if (!t.isObjectPattern(id) || !t.isCallExpression(init) || !t.isIdentifier(init.callee)) return
    if (init.arguments.length > 0 || fromRuntime(path, init.callee.name) !== 'useLingui') return
    const uses: { name: string; references: NodePath[] }[] = []
    for (const property of id.properties) {
      if (!t.isObjectProperty(property) || !t.isIdentifier(property.key) || !t.isIdentifier(property.value))
        return
      const key = property.key.name
      const references = path.scope.getBinding(property.value.name)?.referencePaths ?? []
      // `_` and `t` lose their `this` unless called where they stand.
      const called = references.every(
        (r) => r.parentPath?.isCallExpression() && r.parentPath.node.callee === r.node,
      )
      if (!(key === 'i18n' || ((key === '_' || key === 't') && called))) return
      uses.push({ name: key, references })
    }
    for (const { name, references } of uses)
      for (const reference of references)
        reference.replaceWith(
          name === 'i18n' ? runtimeI18n(path) : t.memberExpression(runtimeI18n(path), t.identifier('_')),
        )
    path.remove()
  },
}

/** The runtime's `i18n` in a module, imported once as `_i18n` (the macros' own name for it). */
function runtimeI18n(path: NodePath): t.Identifier {
  const program = path.findParent((p) => p.isProgram())?.node as t.Program
  const imported = program.body.some(
    (s) =>
      t.isImportDeclaration(s) &&
      s.specifiers.some((x) => t.isImportSpecifier(x) && x.local.name === '_i18n'),
  )
  if (!imported)
    program.body.unshift(
      t.importDeclaration(
        [t.importSpecifier(t.identifier('_i18n'), t.identifier('i18n'))],
        t.stringLiteral('@soko/i18n'),
      ),
    )
  return t.identifier('_i18n')
}

/**
 * The Kiswahili catalogs as modules of compiled messages (`export const messages`), keyed as the code
 * names them: as `appMessageId` names a message the macros made, by its own id for an explicit one (the
 * server's codes, the contract's messages). A catalog with an untranslated message fails the build.
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
        // A word a Kiswahili reader would meet in English: the build refuses it (`npm run i18n:extract`
        // adds new messages empty; write their Kiswahili).
        if (!entry.msgstr.trim())
          this.error(`${file}: "${entry.msgid}" has no translation. Write it, then build again.`)
        const key = entry.explicit ? entry.msgid : appMessageId(entry.msgid, entry.msgctxt)
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
