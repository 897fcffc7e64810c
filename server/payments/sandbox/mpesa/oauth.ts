import type { Context } from 'hono'
import { clock } from '../../../lib/clock'
import { ALPHANUMERIC, darajaError, type MpesaContext, randomChars } from './daraja'

/**
 * Daraja's OAuth: an access token for the app's consumer key and secret, and the check every API call
 * passes before its route sees it (a live Bearer token and a JSON body).
 */

const TOKEN_SECONDS = 3599

const methodNotAllowed = (c: Context) => darajaError(c, 405, '405.001', `${c.req.method} Method Not Allowed`)

export function mountOauth({ app, store, config }: MpesaContext): void {
  app.get('/oauth/v1/generate', async (c) => {
    if (c.req.query('grant_type') !== 'client_credentials')
      return darajaError(c, 400, '400.008.02', 'Invalid grant type passed')
    const [scheme, encoded] = (c.req.header('authorization') ?? '').split(' ')
    const given = scheme === 'Basic' && encoded ? Buffer.from(encoded, 'base64').toString('utf8') : ''
    if (given !== `${config.consumerKey}:${config.consumerSecret}`)
      return darajaError(c, 400, '400.008.01', 'Invalid Authentication passed')
    const token = randomChars(28, ALPHANUMERIC)
    const expiresAt = new Date(clock.ms() + TOKEN_SECONDS * 1000).toISOString()
    await store.put('mpesa', 'token', `token:${token}`, { expiresAt })
    return c.json({ access_token: token, expires_in: String(TOKEN_SECONDS) })
  })
  app.all('/oauth/v1/generate', (c) => methodNotAllowed(c))

  // ---- The API: Bearer token and a JSON body ----

  app.use('/mpesa/*', async (c, next) => {
    const [scheme, token] = (c.req.header('authorization') ?? '').split(' ')
    const record =
      scheme === 'Bearer' && token ? await store.get<{ expiresAt: string }>('mpesa', `token:${token}`) : null
    if (!record || Date.parse(record.expiresAt) <= clock.ms())
      return darajaError(c, 404, '404.001.03', 'Invalid Access Token')
    // Every API under /mpesa/ is a POST.
    if (c.req.method !== 'POST') return methodNotAllowed(c)
    // Daraja misreads bodies sent without this header; say so plainly rather than imitate its confusion.
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? ''))
      return darajaError(c, 400, '400.002.02', 'Bad Request - Invalid Content-Type: send application/json')
    const body: unknown = await c.req.json().catch(() => null)
    if (!body || typeof body !== 'object' || Array.isArray(body))
      return darajaError(c, 400, '400.002.02', 'Bad Request - Invalid JSON body')
    c.set('body', body as Record<string, unknown>)
    await next()
  })
}
