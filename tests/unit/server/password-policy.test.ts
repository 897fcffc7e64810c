import { describe, expect, it } from 'vitest'
import { assertStrongPassword } from '../../../server/features/accounts/password-policy'

const person = { email: 'wanjiru@soko.test', name: 'Wanjiru Kamau' }

/** The message for the password field, or null when the password is accepted. */
function problemWith(password: string): string | null {
  try {
    assertStrongPassword(password, person)
    return null
  } catch (error) {
    return (error as { errors: Record<string, string> }).errors.password ?? 'no message for the field'
  }
}

describe('assertStrongPassword', () => {
  it('refuses common passwords, even with a digit added', () => {
    for (const password of ['password123', 'qwertyuiop', 'iloveyou1', '12345678'])
      expect(problemWith(password), password).toMatch(/one of the most common ones/)
  })

  it('refuses the person’s own e-mail or name, also with a year added', () => {
    for (const password of ['wanjiru2026', 'WANJIRU@soko.test', 'wanjirukamau'])
      expect(problemWith(password), password).toBe('Do not use your e-mail address or name as your password')
  })

  it('refuses repeats and dates with a reason', () => {
    for (const password of ['aaaaaaaaaaaa', '19901990'])
      expect(problemWith(password), password).toMatch(/^That password is easy to guess/)
  })

  it('takes passwords a cracker would not guess soon', () => {
    for (const password of ['soko-demo-2026', 'baobab-shade-2026', 'correct horse battery', 'Nairobi2026'])
      expect(problemWith(password), password).toBeNull()
  })
})
