import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { clock } from '../../../lib/clock'
import type { deliveries } from '../deliveries'
import type { SandboxDeps } from '../sandbox-deps'
import { invalid, malformedJson, type PaypalContext, paypalId, readJson } from './rest'

/**
 * PayPal's webhooks: events signed as PayPal signs them (the paypal-transmission-* headers), and the
 * verify-webhook-signature endpoint, which alone can check them, as PayPal's does.
 */

export type PaypalWebhooks = ReturnType<typeof paypalWebhooks>

/** The sandbox's webhooks, posted to Soko through `posts`; `base` is the sandbox's own address. */
export function paypalWebhooks(deps: SandboxDeps, base: string, posts: ReturnType<typeof deliveries>) {
  const config = deps.payments.paypal
  const certUrl = `${base}/certs/sandbox`
  const sign = webhookSigner(config.clientSecret)

  /** Sends a webhook; the returned promise never rejects (a failed delivery is logged, as PayPal shows it). */
  function notify(eventType: string, resourceType: string, resource: object, summary: string) {
    const event = {
      id: `WH-${paypalId(17)}-${paypalId(17)}`,
      event_version: '1.0',
      create_time: clock.now().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource,
      links: [{ href: `${base}/v1/notifications/webhooks-events/${eventType}`, rel: 'self', method: 'GET' }],
    }
    const body = JSON.stringify(event)
    return posts.send({
      url: deps.webhookUrl('paypal'),
      body,
      headers: signedWebhookHeaders(config, base, body),
      what: 'webhook',
      context: { eventType },
    })
  }

  return { notify, sign, certUrl }
}

/**
 * The headers PayPal sends with a webhook, signed as this sandbox signs (`base` is the sandbox's own
 * address). Tests use it to post webhooks of their own that the app takes as PayPal's.
 */
export function signedWebhookHeaders(
  config: { clientSecret: string; webhookId: string },
  base: string,
  body: string,
): Record<string, string> {
  const transmissionId = randomUUID()
  const transmissionTime = clock.now().toISOString()
  return {
    'user-agent': 'PayPal/AUHD-214.0-58842340',
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-cert-url': `${base}/certs/sandbox`,
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-time': transmissionTime,
    'paypal-transmission-sig': webhookSigner(config.clientSecret)(
      transmissionId,
      transmissionTime,
      config.webhookId,
      body,
    ),
  }
}

/**
 * How the sandbox signs. PayPal signs with a certificate it alone holds; the stand-in is a key made from the
 * app's client secret, known only to this server and checked only by its verify endpoint, as PayPal's is.
 * What is signed is PayPal's string: transmission id, time, webhook id and the CRC32 of the body, with pipes.
 */
function webhookSigner(clientSecret: string) {
  const key = createHmac('sha256', clientSecret).update('soko-sandbox-paypal-webhooks').digest()
  return (transmissionId: string, time: string, webhookId: string, body: string) =>
    createHmac('sha256', key)
      .update(`${transmissionId}|${time}|${webhookId}|${crc32(body)}`)
      .digest('base64')
}

export function mountWebhookVerification(
  { app, config }: PaypalContext,
  { sign, certUrl }: PaypalWebhooks,
): void {
  app.post('/v1/notifications/verify-webhook-signature', async (c) => {
    const body = await readJson(c)
    if (!body) return malformedJson(c)
    const fields = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ]
    for (const field of [...fields, 'webhook_event']) {
      const value = body[field]
      if (
        field === 'webhook_event'
          ? typeof value !== 'object' || value === null
          : typeof value !== 'string' || !value
      )
        return invalid(c, `/${field}`, 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.')
    }
    const [algo, cert, id, sig, time, webhookId] = fields.map((f) => body[f] as string) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ]
    // The event as PayPal re-serialises it: compact JSON, which is what this sandbox signed.
    const expected = Buffer.from(sign(id, time, webhookId, JSON.stringify(body.webhook_event)))
    const given = Buffer.from(sig)
    const genuine =
      algo === 'SHA256withRSA' &&
      cert === certUrl &&
      webhookId === config.webhookId &&
      given.length === expected.length &&
      timingSafeEqual(given, expected)
    return c.json({ verification_status: genuine ? 'SUCCESS' : 'FAILURE' })
  })

  app.get('/certs/:name', (c) =>
    c.text(
      'The Soko sandbox signs its PayPal webhooks with a key of its own, not a certificate: check them with POST /sandbox/paypal/v1/notifications/verify-webhook-signature.\n',
    ),
  )
}
