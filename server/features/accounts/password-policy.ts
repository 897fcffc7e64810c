import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'
import { ACCOUNTS, ACCOUNTS_FIELD } from '../../../contract/errors/accounts'
import { AppError } from '../../lib/errors'

/**
 * The estimator, made on the first password checked: its dictionaries (about 40,000 common passwords, and
 * names and words common in many languages) take a moment to load, and most requests never need them.
 */
let estimator: ZxcvbnFactory | null = null
const estimate = (password: string, own: string[]) => {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs })
  return estimator.check(password, own)
}

/** Scores of 0 and 1 are guessed within about a million tries: refused. */
const LOWEST_SCORE = 2

/**
 * Length is the contract's job; this refuses passwords that are easy to guess for this person, as a
 * cracker would guess them: common passwords and words, keyboard runs, repeats, dates, and their own
 * e-mail or name (with a year added, say). Throws a 400 naming `field`.
 */
export function assertStrongPassword(
  password: string,
  person: { email: string; name?: string },
  field = 'password',
) {
  const name = person.name?.trim() ?? ''
  // The name as written, run together, and each of its words.
  const own = [
    person.email,
    person.email.split('@')[0] ?? '',
    name,
    name.replace(/\s+/g, ''),
    ...name.split(/\s+/),
  ].filter((part) => part.length >= 3)
  const result = estimate(password, own)
  if (result.score >= LOWEST_SCORE) return
  const found = (name: string) =>
    result.sequence.some((match) => 'dictionaryName' in match && match.dictionaryName === name)
  const problem = found('userInputs')
    ? ACCOUNTS_FIELD.passwordIsYours
    : found('passwords-common')
      ? ACCOUNTS_FIELD.passwordCommon
      : ACCOUNTS_FIELD.passwordEasy
  throw new AppError(400, ACCOUNTS.strongerPassword, { fields: { [field]: problem } })
}
