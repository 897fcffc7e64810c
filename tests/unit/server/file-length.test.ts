import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CHECKED, isExempt, lineCount, longFiles, MAX_LINES } from '../../../scripts/file-length.mjs'

describe('lineCount', () => {
  it('counts lines as an editor numbers them, with or without a final newline', () => {
    expect(lineCount('')).toBe(0)
    expect(lineCount('a')).toBe(1)
    expect(lineCount('a\n')).toBe(1)
    expect(lineCount('a\nb')).toBe(2)
    expect(lineCount('a\n\n')).toBe(2)
    expect(lineCount('a\r\nb\r\n')).toBe(2)
  })
})

describe('isExempt', () => {
  it('exempts the generated route table only', () => {
    expect(isExempt('src/routeTree.gen.ts')).toBe(true)
    expect(isExempt('src/routes/routeTree.gen.ts')).toBe(false)
    expect(isExempt('src/features/checkout/Checkout.tsx')).toBe(false)
    expect(isExempt('server/payments/sandbox/stripe/sessions.ts')).toBe(false)
    expect(isExempt('server/payments/sandbox/clock.sandbox.ts')).toBe(false)
    expect(isExempt('contract/catalog.contract.ts')).toBe(false)
    expect(isExempt('server/payments/mpesa.adapter.ts')).toBe(false)
    expect(isExempt('server/features/checkout/checkout.service.ts')).toBe(false)
  })
})

describe('longFiles', () => {
  let root: string
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('lists the TypeScript files over the limit in folders at any depth, by path, sandboxes included', () => {
    root = mkdtempSync(path.join(tmpdir(), 'soko-file-length-'))
    const write = (file: string, lines: number) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
      writeFileSync(path.join(root, file), 'x\n'.repeat(lines))
    }
    write('server/b.ts', MAX_LINES + 1)
    write('server/a/deep/c.tsx', MAX_LINES + 20)
    write('server/ok.ts', MAX_LINES)
    write('server/payments/sandbox/paypal.sandbox.ts', MAX_LINES * 2)
    write('server/db/migrations/0001.sql', MAX_LINES * 2)
    write('src/long.ts', MAX_LINES * 2)
    write('src/routeTree.gen.ts', MAX_LINES * 2)
    write('contract/long.contract.ts', MAX_LINES + 1)
    expect(longFiles(root, 'server')).toEqual([
      { file: 'server/a/deep/c.tsx', lines: MAX_LINES + 20 },
      { file: 'server/b.ts', lines: MAX_LINES + 1 },
      { file: 'server/payments/sandbox/paypal.sandbox.ts', lines: MAX_LINES * 2 },
    ])
    expect(longFiles(root, 'src')).toEqual([{ file: 'src/long.ts', lines: MAX_LINES * 2 }])
    expect(longFiles(root, 'contract')).toEqual([{ file: 'contract/long.contract.ts', lines: MAX_LINES + 1 }])
    expect(CHECKED).toEqual(['server', 'src', 'contract'])
  })
})
