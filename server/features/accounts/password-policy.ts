import dumbPasswords from 'dumb-passwords'
import { AppError } from '../../lib/errors'

/**
 * Length is the contract's job; this refuses passwords that are easy to guess for this person: the most
 * common ones, and their own e-mail or name. Throws a 400 naming `field`.
 */
export function assertStrongPassword(
  password: string,
  person: { email: string; name?: string },
  field = 'password',
) {
  const lower = password.toLowerCase()
  const own = [
    person.email.toLowerCase(),
    person.email.split('@')[0]?.toLowerCase(),
    person.name?.toLowerCase(),
  ]
  let problem: string | null = null
  if (dumbPasswords.check(password))
    problem = 'That password is one of the most common ones: choose something harder to guess'
  else if (own.some((part) => part && part.length >= 4 && lower === part))
    problem = 'Do not use your e-mail address or name as your password'
  if (problem) throw new AppError(400, 'Choose a stronger password', { [field]: problem })
}
