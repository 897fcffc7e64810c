import { z } from 'zod'
import { API_SCOPES } from './developers.constants'
import { defineSubject } from './rpc'
import { say } from './say'

const NAME_KEY = /*i18n*/ { id: 'developers.nameKey', message: 'Name the key' }
const CHOOSE_SCOPES = /*i18n*/ { id: 'developers.chooseScopes', message: 'Choose what the key may do' }

const keyId = z.uuid({ error: say(/*i18n*/ { id: 'developers.chooseKey', message: 'Choose a key' }) })

export const apiKeyView = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart: never the whole key. */
  prefix: z.string(),
  scopes: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
})
export type ApiKeyView = z.infer<typeof apiKeyView>

export const apiActivityView = z.object({
  id: z.string(),
  keyId: z.string(),
  keyName: z.string(),
  /** The endpoint's operation id, which names the action (`createInvoice`). */
  operation: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  targetId: z.string().nullable(),
  errorCode: z.string().nullable(),
  ip: z.string(),
  at: z.string(),
})
export type ApiActivityView = z.infer<typeof apiActivityView>

export const developersContract = {
  listApiKeys: defineSubject({
    kind: 'query',
    access: 'seller',
    summary: 'Your API keys, newest first, revoked ones too: name, first characters, scopes, last use.',
    input: z.strictObject({}),
    output: z.object({ keys: z.array(apiKeyView) }),
  }),
  createApiKey: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary:
      'Makes an API key with the scopes given. The key is in this answer only: it is never shown again.',
    input: z.strictObject({
      name: z
        .string({ error: say(NAME_KEY) })
        .trim()
        .min(1, say(NAME_KEY))
        .max(
          60,
          say(/*i18n*/ { id: 'developers.keepNameShort', message: 'Keep the name under 60 characters' }),
        ),
      scopes: z
        .array(z.enum(API_SCOPES, { error: say(CHOOSE_SCOPES) }))
        .min(1, say(CHOOSE_SCOPES))
        .max(API_SCOPES.length),
    }),
    output: z.object({ key: apiKeyView, secret: z.string() }),
  }),
  revokeApiKey: defineSubject({
    kind: 'mutation',
    access: 'seller',
    summary: 'Revokes a key: every request made with it is refused from now on. It cannot be undone.',
    input: z.strictObject({ keyId }),
    output: z.object({ key: apiKeyView }),
  }),
  listApiActivity: defineSubject({
    kind: 'query',
    access: 'seller',
    summary: 'What your keys changed or tried to, newest first.',
    input: z.strictObject({
      cursor: z.uuid().optional(),
      limit: z.number().int().min(1).max(50).default(20),
    }),
    output: z.object({ entries: z.array(apiActivityView), nextCursor: z.string().nullable() }),
  }),
}
