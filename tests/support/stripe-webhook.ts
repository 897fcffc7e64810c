import { createHmac } from 'node:crypto'
import { clock } from '../../server/lib/clock'
import type { RunningApp } from './app'

/** Posts a Stripe event to the app's webhook, signed with its secret as Stripe signs it (a replay, say). */
export async function stripeWebhook(app: RunningApp, type: string, object: Record<string, unknown>) {
  const body = JSON.stringify({ id: `evt_${crypto.randomUUID()}`, object: 'event', type, data: { object } })
  const t = Math.floor(clock.ms() / 1000)
  const v1 = createHmac('sha256', app.config.payments.card.webhookSecret).update(`${t}.${body}`).digest('hex')
  return fetch(`${app.url}/hooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
    body,
  })
}
