import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { Message } from '../../../contract/i18n'

const ROOT = path.resolve(import.meta.dirname, '../../..')

/** Every file of contract/errors, imported: each exports objects of messages. */
const ERRORS_DIR = path.join(ROOT, 'contract/errors')
const modules: Record<string, Record<string, unknown>> = {}
for (const file of readdirSync(ERRORS_DIR).filter((name) => name.endsWith('.ts')))
  modules[file] = (await import(pathToFileURL(path.join(ERRORS_DIR, file)).href)) as Record<string, unknown>

const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Message).id === 'string' &&
  typeof (value as Message).message === 'string'

/** The messages of the error files, with where each is defined. */
const messages: { where: string; message: Message }[] = []
for (const [file, exports] of Object.entries(modules))
  for (const [name, group] of Object.entries(exports))
    if (typeof group === 'object' && group !== null)
      for (const [key, value] of Object.entries(group as Record<string, unknown>))
        if (isMessage(value))
          messages.push({ where: `${path.basename(file)} ${name}.${key}`, message: value })

/** Every message id written in the sources (contract and server), with its file, to find ids used twice. */
function idsInSources(): { id: string; file: string }[] {
  const found: { id: string; file: string }[] = []
  for (const dir of ['contract', 'server']) {
    for (const entry of readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue
      const file = path.join(entry.parentPath, entry.name)
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(/\/\*i18n\*\/\s*\{\s*id:\s*'([^']+)'/g))
        found.push({ id: match[1] as string, file: path.relative(ROOT, file) })
    }
  }
  return found
}

/**
 * The names of a message's `{placeholders}`: each top-level brace group's first word (an ICU `select` or
 * `plural` names its value the same way). A brace group that starts with a quote is an example of JSON in
 * the text, not a placeholder.
 */
function placeholders(text: string): string[] {
  const names: string[] = []
  let depth = 0
  let start = -1
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') {
      if (depth === 0) start = i + 1
      depth++
    } else if (text[i] === '}' && depth > 0) {
      depth--
      if (depth === 0) {
        const inside = text.slice(start, i)
        if (!inside.startsWith('"')) names.push(inside.split(',')[0]?.trim() ?? '')
      }
    }
  }
  return names
}

describe('the codes of the server’s answers', () => {
  it('finds the messages of every error file', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(10)
    expect(messages.length).toBeGreaterThan(200)
  })

  it('gives each message an id of its own, shaped area.name', () => {
    const seen = new Map<string, string>()
    for (const { where, message } of messages) {
      expect(message.id, where).toMatch(/^[a-z][A-Za-z]*\.[A-Za-z.]+$/)
      expect(seen.get(message.id), `${message.id} in ${where}`).toBeUndefined()
      seen.set(message.id, where)
    }
  })

  it('never writes one id in two places of the sources', () => {
    const files = new Map<string, string>()
    const twice: string[] = []
    for (const { id, file } of idsInSources()) {
      if (files.has(id)) twice.push(`${id}: ${files.get(id)} and ${file}`)
      files.set(id, file)
    }
    expect(twice).toEqual([])
  })

  it('names every placeholder with a plain identifier', () => {
    for (const { where, message } of messages)
      for (const name of placeholders(message.message))
        expect(name, `${where}: ${message.message}`).toMatch(/^[A-Za-z_]\w*$/)
  })

  it('writes each message as plain text, not a template', () => {
    for (const { where, message } of messages) {
      expect(message.message, where).not.toMatch(/\$\{/)
      expect(message.message.trim(), where).not.toBe('')
    }
  })
})
