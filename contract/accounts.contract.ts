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

export const accountsContract = {
  getMe: defineSubject({
    kind: 'query',
    access: 'user',
    summary: 'The signed-in person.',
    input: z.strictObject({}),
    output: z.object({ user }),
  }),
}
