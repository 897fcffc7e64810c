import { z } from 'zod'
import { defineSubject } from './rpc'
import { userSettings } from './settings.contract'

export const role = z.enum(['customer', 'seller', 'admin'])

/** The signed-in person as the client stores it. */
export const user = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(role),
  emailVerified: z.boolean(),
  settings: userSettings,
  /** Storefront handle, for sellers. */
  handle: z.string().optional(),
})

export type User = z.infer<typeof user>

export const PASSWORD_MIN_LENGTH = 8

export const email = z
  .string({ error: 'Enter your e-mail address' })
  .trim()
  .max(254, 'That e-mail address is too long')
  .pipe(z.email({ error: 'Enter an e-mail address like name@example.com' }))

/** Length is checked here; the server also refuses passwords on its list of common ones. */
export const newPassword = z
  .string({ error: 'Choose a password' })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Use at most 200 characters')

export const personName = z
  .string({ error: 'Enter your name' })
  .trim()
  .min(1, 'Enter your name')
  .max(100, 'Use at most 100 characters')

/** A one-time token from a link in an e-mail. */
const linkToken = z
  .string({ error: 'The link is incomplete: open it again from the e-mail' })
  .min(10)
  .max(200)

const session = z.object({ token: z.string(), user })

const done = z.object({ ok: z.literal(true) })

export const accountsContract = {
  signUp: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary:
      'Creates a customer account and signs it in. For an e-mail that already has an account nothing is ' +
      'created: the owner gets an e-mail instead, and token and user are null, with the same message.',
    input: z.strictObject({ email, password: newPassword, name: personName }),
    output: z.object({ token: z.string().nullable(), user: user.nullable() }),
  }),
  signIn: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary: 'Signs in with e-mail and password.',
    input: z.strictObject({
      email,
      password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password'),
    }),
    output: session,
  }),
  signOut: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary: 'Ends this session: its token stops working.',
    input: z.strictObject({}),
    output: done,
  }),
  signOutEverywhere: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary: "Ends every one of the caller's sessions, on every device.",
    input: z.strictObject({}),
    output: done,
  }),
  getMe: defineSubject({
    kind: 'query',
    access: 'user',
    summary: 'The signed-in person.',
    input: z.strictObject({}),
    output: z.object({ user }),
  }),
  changePassword: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary: 'Changes the password; every other session is signed out.',
    input: z.strictObject({
      current: z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password'),
      password: newPassword,
    }),
    output: done,
  }),
  requestEmailVerification: defineSubject({
    kind: 'mutation',
    access: 'user',
    summary: "Sends (again) the link that confirms the caller's e-mail address.",
    input: z.strictObject({}),
    output: z.object({ sentTo: z.string() }),
  }),
  verifyEmail: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary: 'Confirms an e-mail address with the token from the mailed link (single use, 24 hours).',
    input: z.strictObject({ token: linkToken }),
    output: z.object({ email: z.string() }),
  }),
  requestPasswordReset: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary: 'Mails a reset link if the address has an account; the answer is the same either way.',
    input: z.strictObject({ email }),
    output: done,
  }),
  resetPassword: defineSubject({
    kind: 'mutation',
    access: 'public',
    summary:
      'Sets a new password with the token from the mailed link (single use, 1 hour); signs out everywhere.',
    input: z.strictObject({ token: linkToken, password: newPassword }),
    output: done,
  }),
}
