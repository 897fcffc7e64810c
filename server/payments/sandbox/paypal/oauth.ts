import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { clock } from '../../../lib/clock'
import { basicCredentials, type PaypalContext } from './rest'

/**
 * PayPal's OAuth: an access token for the app's client id and secret, and the Bearer token every API call
 * must carry.
 */

const TOKEN_SECONDS = 32_400

export function mountOauth({ app, store, config }: PaypalContext): void {
  app.post('/v1/oauth2/token', async (c) => {
    const [id, secret] = basicCredentials(c.req.header('authorization'))
    if (id !== config.clientId || secret !== config.clientSecret)
      return c.json({ error: 'invalid_client', error_description: 'Client Authentication failed' }, 401)
    const grant = new URLSearchParams(await c.req.text()).get('grant_type')
    if (grant !== 'client_credentials')
      return c.json(
        {
          error: 'unsupported_grant_type',
          error_description: grant ? 'Grant Type is not supported' : 'Grant Type is NULL',
        },
        400,
      )
    const token = `A21AA${randomBytes(48).toString('base64url')}`
    await store.put('paypal', 'token', `token:${token}`, { expiresAt: clock.ms() + TOKEN_SECONDS * 1000 })
    return c.json({
      scope:
        'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-SOKOSANDBOX',
      expires_in: TOKEN_SECONDS,
      nonce: `${clock.now().toISOString()}${randomBytes(16).toString('base64url')}`,
    })
  })

  const bearer = async (c: Context, next: () => Promise<void>) => {
    const token = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1]
    if (!token)
      return c.json(
        {
          name: 'AUTHENTICATION_FAILURE',
          message:
            'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
          links: [{ href: 'https://developer.paypal.com/api/rest/authentication/', rel: 'information_link' }],
        },
        401,
      )
    const known = await store.get<{ expiresAt: number }>('paypal', `token:${token}`)
    if (!known || known.expiresAt <= clock.ms())
      return c.json(
        {
          error: 'invalid_token',
          error_description: known
            ? 'The token passed in was expired'
            : 'Token signature verification failed',
        },
        401,
      )
    await next()
  }
  app.use('/v2/*', bearer)
  app.use('/v1/notifications/*', bearer)
  app.use('/v1/payments/*', bearer)
}
