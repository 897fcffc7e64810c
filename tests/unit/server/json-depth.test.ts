import { describe, expect, it } from 'vitest'
import { FIELD } from '../../../contract/errors/common'
import { englishOf } from '../../../contract/i18n'
import { unstorableText } from '../../../contract/text'
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../../server/lib/json-depth'

const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth)

describe('nesting depth of a JSON body', () => {
  it('allows MAX_JSON_DEPTH levels and refuses one more, of arrays and objects alike', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false)
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true)
    const objects = `${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}1${'}'.repeat(MAX_JSON_DEPTH + 1)}`
    expect(nestsDeeperThan(objects)).toBe(true)
  })

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ subject: 'getSettings', note: `"${'['.repeat(5000)}\\"{{{` })
    expect(nestsDeeperThan(text)).toBe(false)
    expect(nestsDeeperThan(JSON.stringify({ a: ['\\', '[[[['.repeat(100)] }))).toBe(false)
  })

  it('reads a megabyte of brackets in one pass', () => {
    expect(nestsDeeperThan(`{"subject":"getSettings","x":${nested(500_000)}}`)).toBe(true)
  })
})

describe('unstorable text', () => {
  it('walks input nested 100,000 deep in linear time, naming the field of a bad string', () => {
    let value: unknown = 'bad \u0000 text'
    for (let i = 0; i < 100_000; i++) value = [value]
    const errors = unstorableText({ deep: value })
    const [field] = Object.keys(errors)
    expect(field?.startsWith('deep.0.0.')).toBe(true)
    expect(field?.split('.')).toHaveLength(100_001)
  })

  it('names nested fields and keys as before', () => {
    const errors = unstorableText({ a: { b: ['ok', 'x\u0000'] }, 'k\uD800': 1 })
    expect(errors).toEqual({
      'a.b.1': FIELD.nul,
      _: { ...FIELD.badKey, params: { why: expect.any(String) } },
    })
    expect(
      Object.fromEntries(Object.entries(errors).map(([key, m]) => [key, englishOf(m, m.params)])),
    ).toEqual({
      'a.b.1': 'Remove the invisible NUL character (\\u0000) from this text',
      _: 'A field name here is not valid text: this text has a broken character (half of an emoji or symbol): type it again',
    })
  })
})
