import { createHash } from 'node:crypto'
import { maskKey, type StripeContext, stripeError, stripeId } from './api'

/**
 * What every request to the Stripe API passes first: the secret key (a Bearer token, or Basic auth's user
 * name), then its Idempotency-Key, with which a repeated request gets the first one's answer again.
 */

interface IdempotencyRecord extends Record<string, unknown> {
  state: 'pending' | 'done' | 'void'
  fingerprint: string
  status?: number
  body?: string
}

export function mountRequestChecks({ app, store, config }: StripeContext): void {
  app.use('/v1/*', async (c, next) => {
    c.header('request-id', stripeId('req_', 14))
    const authorization = c.req.header('authorization') ?? ''
    const basic = /^Basic (\S+)$/i.exec(authorization)?.[1]
    const key =
      /^Bearer (\S+)$/i.exec(authorization)?.[1] ??
      (basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : undefined)
    if (!key)
      return stripeError(c, 401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      })
    if (key !== config.secretKey)
      return stripeError(c, 401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${maskKey(key)}`,
      })
    await next()
  })

  app.use('/v1/*', async (c, next) => {
    const key = c.req.header('idempotency-key')
    if (c.req.method !== 'POST' || !key) return next()
    const fingerprint = createHash('sha256')
      .update(`${c.req.path}\n${await c.req.text()}`)
      .digest('hex')
    const id = `idempotency:${key}`
    const earlier = await claimKey(id, fingerprint)
    if (earlier) {
      if (earlier.fingerprint !== fingerprint)
        return stripeError(c, 400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        })
      if (earlier.state === 'pending')
        return stripeError(c, 409, {
          type: 'idempotency_error',
          message:
            'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through). Please try again later.',
        })
      return new Response(earlier.body ?? '{}', {
        status: earlier.status ?? 200,
        headers: {
          'content-type': 'application/json',
          'idempotent-replayed': 'true',
          'idempotency-key': key,
        },
      })
    }
    await next()
    // Stripe keeps the result of a request that ran; a refused one (bad parameters) leaves the key free.
    const status = c.res.status
    // A card's decline (402) ran too: Stripe answers a repeat of it with the same decline.
    const body = c.res.ok || status === 402 ? await c.res.clone().text() : null
    await store.update<IdempotencyRecord>('stripe', id, (r) =>
      body === null ? { ...r, state: 'void' } : { ...r, state: 'done', status, body },
    )
  })

  /** Takes an Idempotency-Key for this request; answers the earlier request's record when it is taken. */
  async function claimKey(id: string, fingerprint: string): Promise<IdempotencyRecord | null> {
    const fresh: IdempotencyRecord = { state: 'pending', fingerprint }
    try {
      await store.put<IdempotencyRecord>('stripe', 'idempotency', id, fresh)
      return null
    } catch (error) {
      const result = await store.update<IdempotencyRecord>('stripe', id, (r) =>
        r.state === 'void' ? fresh : null,
      )
      if (!result) throw error
      return result.changed ? null : result.data
    }
  }
}
