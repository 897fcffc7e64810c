import { cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react'

/**
 * The runtime the Lingui macros compile to in the app (lingui.config.ts `runtimeConfigModule`): the
 * messages of the active language and their interpolation, in a few hundred bytes. Lingui's own runtime
 * (@lingui/core with @lingui/react, some 3.5 KB gzip) would more than fill the first load's whole
 * allowance for languages. The language changes only with a page load, so nothing here re-renders on a
 * change: the server, whose renders overlap, sets the language around each synchronous render.
 *
 * Messages come compiled (by the build, from the catalogs and from the English in the code): a list of
 * strings and `[name]`, `[name, 'plural' | 'selectordinal' | 'select', branches]` tokens, or a string,
 * whose `{name}` placeholders are filled as they are (the build leaves simple English so, uncompiled).
 */
type Token = string | [string, string?, Record<string, Compiled>?]
export type Compiled = string | Token[]
export type Messages = Record<string, Compiled>
export interface Descriptor {
  id: string
  message?: Compiled
  values?: Record<string, unknown>
}
type Values = Record<string, unknown>

const plurals = new Map<string, Intl.PluralRules>()
function pluralRule(locale: string, type: Intl.PluralRuleType, n: number): string {
  const key = `${locale} ${type}`
  let rules = plurals.get(key)
  if (!rules) {
    rules = new Intl.PluralRules(locale, { type })
    plurals.set(key, rules)
  }
  return rules.select(n)
}

/** A compiled message with its values; `count` is the number `#` stands for inside a plural's branch. */
function format(message: Compiled | undefined, values: Values, locale: string, count?: number): string {
  if (message === undefined) return ''
  // Words with `{name}` placeholders only come uncompiled (the build leaves them so): filled here.
  if (typeof message === 'string')
    return message.includes('{')
      ? message.replace(/\{(\w+)\}/g, (whole, name: string) =>
          name in values ? String(values[name] ?? '') : whole,
        )
      : message
  let out = ''
  for (const token of message) {
    if (typeof token === 'string') {
      out += token === '#' && count !== undefined ? count.toLocaleString(locale) : token
      continue
    }
    const [name, kind, branches = {}] = token
    const value = values[name]
    if (kind === 'plural' || kind === 'selectordinal') {
      const n = Number(value) - Number(branches.offset ?? 0)
      const rule = pluralRule(locale, kind === 'plural' ? 'cardinal' : 'ordinal', n)
      out += format(branches[String(value)] ?? branches[rule] ?? branches.other, values, locale, n)
    } else if (kind === 'select') out += format(branches[String(value)] ?? branches.other, values, locale)
    else out += value == null ? '' : String(value)
  }
  return out
}

export class I18n {
  locale = 'en'
  /** The active language's messages by id. */
  messages: Messages = {}
  private readonly catalogs: Record<string, Messages> = {}

  load(locale: string, messages: Messages) {
    this.catalogs[locale] = { ...this.catalogs[locale], ...messages }
    if (locale === this.locale) this.messages = this.catalogs[locale]
  }

  activate(locale: string) {
    this.locale = locale
    this.messages = this.catalogs[locale] ?? {}
  }

  /** A message by id (or descriptor) with its values: the catalog's words, else the message's own (English). */
  _(id: string | Descriptor, values?: Values, options?: { message?: Compiled }): string {
    let message = options?.message
    if (typeof id !== 'string') {
      values = id.values ?? values
      message = id.message
      id = id.id
    }
    return format(this.messages[id] ?? message ?? id, values ?? {}, this.locale)
  }

  /** The same, for the macros' `t`. */
  t = (id: string | Descriptor, values?: Values) => this._(id, values)
}

export const i18n = new I18n()

/** What the macros' `useLingui()` gives a component. */
export function useLingui() {
  return { i18n, _: i18n.t, t: i18n.t }
}

/** `<0>text</0>` and `<0/>` in a translation, at the places of the message's elements. */
const TAG = /<(\d+)>([\s\S]*?)<\/\1>|<(\d+)\/>/

function withElements(text: string, elements: Record<string, ReactElement>): ReactNode {
  const parts = text.split(TAG)
  if (parts.length === 1) return text
  const nodes: ReactNode[] = []
  if (parts[0]) nodes.push(parts[0])
  for (let i = 1; i < parts.length; i += 4) {
    const [paired, inner, unpaired, after] = parts.slice(i, i + 4)
    const element = elements[paired ?? unpaired ?? ''] ?? <Fragment />
    const children =
      inner === undefined
        ? (element.props as { children?: ReactNode }).children
        : withElements(inner, elements)
    nodes.push(cloneElement(element, { key: i }, children))
    if (after) nodes.push(after)
  }
  return nodes.length === 1 ? nodes[0] : nodes
}

/** What `<Trans>` compiles to: the message with its values, its elements put back around their words. */
export function Trans(props: {
  id: string
  message?: Compiled
  values?: Values
  components?: Record<string, ReactElement>
}): ReactNode {
  const values: Values = { ...props.values }
  const elements: Record<string, ReactElement> = { ...props.components }
  // A value that is itself markup goes in as an element of its own.
  for (const [key, value] of Object.entries(values))
    if (typeof value !== 'string' && typeof value !== 'number' && value != null) {
      const index = Object.keys(elements).length
      elements[index] = isValidElement(value) ? value : <>{value as ReactNode}</>
      values[key] = `<${index}/>`
    }
  return withElements(i18n._(props.id, values, props.message ? { message: props.message } : {}), elements)
}
