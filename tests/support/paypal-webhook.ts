import { signedWebhookHeaders } from '../../server/payments/sandbox/paypal/webhooks'
import type { RunningApp } from './app'

/** Posts an event to the app's PayPal hook, signed as PayPal (here, its sandbox) signs it; answers the status. */
export async function postPaypalWebhook(app: RunningApp, event: object): Promise<number> {
  const body = JSON.stringify(event)
  const headers = signedWebhookHeaders(app.config.payments.paypal, `${app.url}/sandbox/paypal`, body)
  const res = await fetch(`${app.url}/hooks/paypal`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  })
  await res.arrayBuffer()
  return res.status
}
