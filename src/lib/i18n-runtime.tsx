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

/** A compiled message with its values; `count` is the number `#` stands for inside a plural's branch. */
function format(message: Compiled, values: Values, locale: string, count?: number): string {
  // Words with `{name}` placeholders only come uncompiled (the build leaves them so): filled here.
  if (typeof message === 'string')
    return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? String(values[name] ?? '') : whole,
    )
  return message
    .map((token) => {
      if (typeof token === 'string')
        return token === '#' && count !== undefined ? count.toLocaleString(locale) : token
      const [name, kind, branches = {}] = token
      const value = values[name]
      if (!kind) return value == null ? '' : String(value)
      let n: number | undefined
      let rule = 'other'
      if (kind !== 'select') {
        n = Number(value) - Number(branches.offset ?? 0)
        rule = new Intl.PluralRules(locale, { type: kind === 'plural' ? 'cardinal' : 'ordinal' }).select(n)
      }
      return format(branches[String(value)] ?? branches[rule] ?? branches.other ?? '', values, locale, n)
    })
    .join('')
}

export class I18n {
  locale = 'en'
  /** The active language's messages by id. */
  messages: Messages = {}
  private readonly catalogs: Record<string, Messages> = {}

  load(locale: string, messages: Messages) {
    this.catalogs[locale] = { ...this.catalogs[locale], ...messages }
    this.activate(this.locale)
  }

  activate(locale: string) {
    this.locale = locale
    this.messages = this.catalogs[locale] ?? {}
  }

  /** A message by id (or descriptor) with its values: the catalog's words, else the message's own (English). */
  _(id: string | Descriptor, values?: Values, options?: { message?: Compiled }): string {
    const said = typeof id === 'string' ? { id, message: options?.message, values } : id
    return format(this.messages[said.id] ?? said.message ?? said.id, said.values ?? values ?? {}, this.locale)
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
  const nodes: ReactNode[] = [parts[0]]
  for (let i = 1; i < parts.length; i += 4) {
    const element = elements[parts[i] ?? parts[i + 2] ?? ''] ?? <Fragment />
    const inner = parts[i + 1]
    const children =
      inner === undefined
        ? (element.props as { children?: ReactNode }).children
        : withElements(inner, elements)
    nodes.push(cloneElement(element, { key: i }, children), parts[i + 3])
  }
  const said = nodes.filter((node) => node !== '' && node !== undefined)
  return said.length === 1 ? said[0] : said
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
  let index = Object.keys(elements).length
  // A value that is itself markup goes in as an element of its own.
  for (const key in values) {
    const value = values[key]
    if (value !== null && typeof value === 'object') {
      elements[index] = isValidElement(value) ? value : <>{value as ReactNode}</>
      values[key] = `<${index++}/>`
    }
  }
  return withElements(i18n._(props.id, values, { message: props.message }), elements)
}
