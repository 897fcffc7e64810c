import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { describe, expect, it } from 'vitest'

/**
 * The Kiswahili catalogs against the English: every translation keeps its message's placeholders and
 * tags, and the parts a buyer meets are translated whole (docs/swahili.md).
 */
const LOCALES = path.resolve(import.meta.dirname, '../../../locales')

/** The catalogs of what a buyer meets: every message translated. */
const BUYER_CATALOGS = [
  'shell',
  'catalog',
  'checkout',
  'downloads',
  'accounts',
  'invoice-pay',
  'marketing',
  'account-home',
  'bookings',
  'server',
  'pages',
]

interface Entry {
  id: string
  translation: string
}

function entries(file: string): Entry[] {
  const text = readFileSync(file, 'utf8')
  const out: Entry[] = []
  for (const block of text.split(/\n\n/)) {
    const fields: Record<string, string> = {}
    let current = ''
    for (const line of block.split('\n')) {
      const start = /^(msgctxt|msgid|msgstr) (".*")$/.exec(line)
      if (start) {
        current = start[1] as string
        fields[current] = JSON.parse(start[2] as string) as string
      } else if (current && line.startsWith('"')) fields[current] += JSON.parse(line) as string
    }
    if (fields.msgid)
      out.push({ id: `${fields.msgctxt ?? ''}\u0004${fields.msgid}`, translation: fields.msgstr ?? '' })
  }
  return out
}

/** The arguments a compiled message reads, in its branches too. */
function argumentsOf(tokens: unknown, into: Set<string>) {
  if (!Array.isArray(tokens)) return
  for (const token of tokens) {
    if (!Array.isArray(token)) continue
    into.add(`{${token[0]}}`)
    for (const branch of Object.values((token[2] ?? {}) as Record<string, unknown>)) argumentsOf(branch, into)
  }
}

/** `{name}`, `{count, plural, …}`'s name, `<0>`, `</0>`, `<0/>`: what a translation must keep. */
function placeholders(message: string): string[] {
  const found = new Set<string>()
  argumentsOf(compileMessage(message), found)
  for (const tag of message.matchAll(/<\/?\d+\/?>/g)) found.add(tag[0])
  return [...found].sort()
}

const catalogs = readdirSync(path.join(LOCALES, 'sw'))
  .filter((file) => file.endsWith('.po'))
  .map((file) => file.slice(0, -3))

describe('the Kiswahili catalogs', () => {
  it.each(catalogs)('%s: every translation keeps the English message’s placeholders and tags', (name) => {
    const english = new Map(entries(path.join(LOCALES, 'en', `${name}.po`)).map((e) => [e.id, e.translation]))
    for (const { id, translation } of entries(path.join(LOCALES, 'sw', `${name}.po`))) {
      if (!translation) continue
      const source = english.get(id) || id.split('\u0004')[1] || ''
      expect(placeholders(translation), `${name}: ${source}`).toEqual(placeholders(source))
    }
  })

  it.each(BUYER_CATALOGS)('%s: a buyer meets no English', (name) => {
    const missing = entries(path.join(LOCALES, 'sw', `${name}.po`))
      .filter((e) => e.translation === '')
      .map((e) => e.id.split('\u0004')[1])
    expect(missing).toEqual([])
  })
})
