// The words a person reads that were written without a message id, so that no catalog can carry them
// into Kiswahili (docs/swahili.md). Biome has no such rule: this walks each module's syntax tree. It is
// the check behind `npm run lint` (scripts/check-messages.mjs) and is unit-tested on its own.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseSync, traverse } from '@babel/core'

/** Attributes whose values are never read as words: addresses, names for code, styling, machine formats. */
const NOT_WORDS_ATTRIBUTES = new Set([
  'accept',
  'action',
  'autoComplete',
  'autoCapitalize',
  'className',
  'crossOrigin',
  'd',
  'decoding',
  'errorKey',
  'dir',
  'encType',
  'enterKeyHint',
  'fetchPriority',
  'fill',
  'form',
  'height',
  'href',
  'hrefLang',
  'htmlFor',
  'id',
  'inputMode',
  'key',
  'lang',
  'loading',
  'method',
  'name',
  'pattern',
  'points',
  'referrerPolicy',
  'rel',
  'role',
  'sizes',
  'src',
  'srcSet',
  'stroke',
  'target',
  'to',
  'transform',
  'type',
  'viewBox',
  'width',
  'xmlns',
])

/** Elements whose text is code or data, never words to translate. */
const NOT_WORDS_ELEMENTS = new Set(['code', 'kbd', 'samp', 'pre', 'style', 'script', 'svg', 'path'])

/** Names that read the same in every language. */
const NAMES = new Set([
  'Soko',
  'M-Pesa',
  'PayPal',
  'Stripe',
  'Visa',
  'Mastercard',
  'Firebase',
  'WhatsApp',
  'Facebook',
  'English',
  'Kiswahili',
])

/**
 * Calls whose strings are not read by a person in the app: logs (`console.warn`, and a logger's
 * `log.error`, `deps.log.info`, `this.log.warn`…), programming errors, ids, and the API's own documentation
 * (zod's `.describe('…')`, in English by design).
 */
const NOT_READ_CALLS =
  /^(console\.\w+|Error|TypeError|RangeError|require|import|assertNever|invariant|(.+\.)?describe|(.*\.)?\w*[lL]og\.(debug|info|warn|error))$/

/** Text that is words: two letters in a row, and not just a name or a code-like token. */
export function isWords(text) {
  const trimmed = text.replace(/\s+/g, ' ').trim()
  // One token: a key or path (details.endsAt, Africa/Nairobi), an address, a name in code (monthDay).
  // A word and its full stop ("Published.") is a sentence all the same.
  const token = trimmed.replace(/(?<=[a-z])\.$/, '')
  if (!trimmed.includes(' ') && (/[./_@:#=]/.test(token) || /^[a-z]+[A-Z]/.test(token))) return false
  // A CSS selector (`#add-destination summary`, `[name="amount"]`).
  if (/^[#.[][\w-]/.test(trimmed)) return false
  // What is left once names and codes (KES, KE) are taken out.
  let rest = trimmed
  for (const name of NAMES) rest = rest.split(name).join(' ')
  rest = rest.replace(/\b[A-Z0-9]{1,4}\b/g, ' ')
  return /[A-Za-z]{2}/.test(rest)
}

/** A string literal outside JSX that reads as a sentence or a phrase: capitalised and with a space. */
function isSentence(text) {
  return /^[A-Z][a-z’']*([ ,:;!?]|\.$|\. )/.test(text.trim()) && /[a-z]{2}/.test(text) && isWords(text)
}

/** The name a call's callee is written as (`console.error`, `t`, `setError`). */
function calleeName(node) {
  if (node.type === 'Identifier') return node.name
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') {
    const object = calleeName(node.object)
    return object ? `${object}.${node.property.name}` : node.property.name
  }
  return null
}

/**
 * The untranslated words of one module: `{ line, text }` for each. In JSX every text and every attribute
 * read as words (a label, a title, an alt text) counts; elsewhere, a string that reads as a sentence. Words
 * inside Lingui's macros (`<Trans>`, `t`, `msg`, `plural`…) and `say()` are translated; strings in logs,
 * programming errors, comparisons, object keys and types are not read as words.
 */
export function untranslated(code, file = 'module.tsx') {
  const ast = parseSync(code, {
    filename: file,
    babelrc: false,
    configFile: false,
    parserOpts: { plugins: ['typescript', 'jsx'] },
  })
  const macros = new Set()
  const found = []
  const lines = code.split('\n')
  // `i18n-ignore` (with its reason) on the line or the one before lets words stay as they are.
  const ignored = (line) => /i18n-ignore/.test(`${lines[line - 2] ?? ''}\n${lines[line - 1] ?? ''}`)
  const report = (node, text) => {
    const line = node.loc?.start.line ?? 0
    if (!ignored(line)) found.push({ line, text: text.replace(/\s+/g, ' ').trim().slice(0, 80) })
  }
  /** Inside a macro, `say()`, or something that is not read: its strings are not this check's business. */
  const excused = (path) =>
    Boolean(
      path.findParent((p) => {
        if (p.isJSXElement()) {
          const name = p.node.openingElement.name
          return (
            (name.type === 'JSXIdentifier' && (macros.has(name.name) || NOT_WORDS_ELEMENTS.has(name.name))) ||
            false
          )
        }
        if (p.isTaggedTemplateExpression()) return macros.has(calleeName(p.node.tag))
        if (p.isCallExpression()) {
          const name = calleeName(p.node.callee)
          // Only the call's own arguments: in `z.string().min(1, '…').describe('…')` the min's words are read.
          const inArguments = p.node.arguments.some(
            (argument) => argument.start <= path.node.start && path.node.end <= argument.end,
          )
          return (
            inArguments && name !== null && (macros.has(name) || name === 'say' || NOT_READ_CALLS.test(name))
          )
        }
        if (p.isNewExpression()) return NOT_READ_CALLS.test(calleeName(p.node.callee) ?? '')
        // A message with its id (`{ id: 'mail.hi', message: 'Hi {name},' }`), as the server says them.
        if (p.isObjectExpression()) {
          const key = (name) =>
            p.node.properties.find(
              (q) => q.type === 'ObjectProperty' && q.key.type === 'Identifier' && q.key.name === name,
            )
          return key('id')?.value.type === 'StringLiteral' && Boolean(key('message'))
        }
        // An RPC subject's `summary`: the API's documentation, in English by design, like `.describe()`.
        if (p.isObjectProperty() && p.node.key.type === 'Identifier' && p.node.key.name === 'summary')
          return p.node.value.start <= path.node.start && path.node.end <= p.node.value.end
        if (p.isJSXAttribute()) {
          const name = p.node.name.name
          return typeof name === 'string' && (NOT_WORDS_ATTRIBUTES.has(name) || name.startsWith('data-'))
        }
        return (
          p.isTSType() ||
          p.isImportDeclaration() ||
          p.isBinaryExpression() ||
          p.isSwitchCase() ||
          p.isMemberExpression({ computed: true })
        )
      }),
    )
  traverse(ast, {
    ImportDeclaration(path) {
      if (!/^@lingui\/(core|react)\/macro$/.test(path.node.source.value)) return
      for (const specifier of path.node.specifiers) macros.add(specifier.local.name)
    },
  })
  // `const { t } = useLingui()`: what the macro hook gives is a macro too.
  traverse(ast, {
    VariableDeclarator(path) {
      const { id, init } = path.node
      if (
        id.type !== 'ObjectPattern' ||
        init?.type !== 'CallExpression' ||
        !macros.has(calleeName(init.callee))
      )
        return
      for (const property of id.properties)
        if (property.type === 'ObjectProperty' && property.value.type === 'Identifier')
          macros.add(property.value.name)
    },
  })
  traverse(ast, {
    JSXText(path) {
      if (isWords(path.node.value) && !excused(path)) report(path.node, path.node.value)
    },
    StringLiteral(path) {
      const text = path.node.value
      const parent = path.parentPath
      if (
        parent.isObjectProperty({ key: path.node }) ||
        parent.isExportDeclaration() ||
        parent.isImportDeclaration()
      )
        return
      const inJsx = Boolean(path.findParent((p) => p.isJSXAttribute() || p.isJSXExpressionContainer()))
      if (!(inJsx ? isWords(text) && /[A-Z ]/.test(text) : isSentence(text))) return
      if (!excused(path)) report(path.node, text)
    },
    TemplateLiteral(path) {
      const text = path.node.quasis.map((q) => q.value.cooked ?? '').join('{}')
      const inJsx = Boolean(path.findParent((p) => p.isJSXAttribute() || p.isJSXExpressionContainer()))
      const words = path.node.quasis.some((q) => /[A-Za-z]{2}/.test(q.value.cooked ?? ''))
      if (!words || !(inJsx ? / [a-z]/.test(text) : isSentence(text))) return
      if (!excused(path)) report(path.node, text)
    },
  })
  return found
}

function* modules(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* modules(full)
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full
  }
}

/**
 * What `npm run lint` does not check (scripts/check-messages.mjs): generated routes; the demo seller's own
 * content; the payment and SMS providers' adapters and sandboxes, which imitate the providers' English APIs; the
 * database's code; and operator-facing configuration (server/env.ts, `*.config.ts`), whose errors an
 * operator reads at start-up.
 */
export function notChecked(file) {
  return (
    file.endsWith('routeTree.gen.ts') ||
    /^server\/(features\/demo|payments|db)\//.test(file) ||
    /^server\/sms\/africastalking(\.sandbox)?\.ts$/.test(file) ||
    file === 'server/env.ts' ||
    // The API's OpenAPI description is read by tools, in English; /developers is its reference in both languages.
    file === 'server/api/openapi.ts' ||
    file.endsWith('.config.ts')
  )
}

/** Every untranslated string of the modules under `root`/`dir`: `{ file, line, text }`. */
export function untranslatedIn(root, dir = 'src', ignore = () => false) {
  const found = []
  for (const file of modules(path.join(root, dir))) {
    const name = path.relative(root, file).split(path.sep).join('/')
    // Words written once per language (`content.ts` beside `content.sw.ts`) are translated by their twin.
    const twin = name.replace(/\.(tsx?)$/, '.sw.$1')
    if (ignore(name) || /\.sw\.tsx?$/.test(name) || existsSync(path.join(root, twin))) continue
    for (const hit of untranslated(readFileSync(file, 'utf8'), name)) found.push({ file: name, ...hit })
  }
  return found
}
