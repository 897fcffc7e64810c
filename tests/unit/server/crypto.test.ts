import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from '../../../server/features/accounts/passwords'
import { hashToken, newToken } from '../../../server/features/accounts/sessions'
import { uuidv7 } from '../../../server/lib/uuid'

describe('passwords', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('correct horse battery')
    expect(stored).toMatch(/^scrypt\$/)
    expect(stored).not.toContain('correct horse')
    expect(await verifyPassword('correct horse battery', stored)).toBe(true)
    expect(await verifyPassword('correct horse battery!', stored)).toBe(false)
  })

  it('salts every hash', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'))
  })
})

describe('session tokens', () => {
  it('are at least 128 random bits and stored only as a hash', () => {
    const token = newToken()
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16)
    expect(newToken()).not.toBe(token)
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('uuidv7', () => {
  it('is a version 7 UUID', () => {
    expect(uuidv7()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('sorts in creation order, also within one millisecond', () => {
    const ids = Array.from({ length: 500 }, () => uuidv7())
    expect([...ids].sort()).toEqual(ids)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
